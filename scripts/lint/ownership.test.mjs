import { describe, expect, it } from 'vitest';
import { schemaOf, violationsOf } from './ownership.mjs';

const schema = schemaOf([
  `-- A CONSTRAINT named in a comment is none.
  CREATE TABLE cars (id bigint, CONSTRAINT cars_plate_key UNIQUE (plate));
  CREATE TABLE reservations (id bigint);
  ALTER TABLE reservations ADD CONSTRAINT reservations_no_overlap EXCLUDE USING gist (id WITH =);
  CREATE TABLE jobs (id bigint);`,
]);
const tables = {
  cars: { owner: 'modules/cars', readBy: ['modules/reservations'] },
  reservations: { owner: 'modules/reservations' },
  jobs: { owner: 'platform/jobs' },
};
const file = (path, text) => ({ path: `packages/server/src/${path}`, text });
const check = (...files) => violationsOf({ files, schema, tables });

describe('who names a table', () => {
  it('reads the tables and constraints of the migrations, not of their comments', () => {
    expect([...schema.tables]).toEqual(['cars', 'reservations', 'jobs']);
    expect(Object.fromEntries(schema.constraints)).toEqual({
      cars_plate_key: 'cars',
      reservations_no_overlap: 'reservations',
    });
  });

  it('lets the owner write and a listed reader read', () => {
    expect(
      check(
        file('modules/cars/repository.ts', "await db.deleteFrom('cars').execute();"),
        file(
          'modules/reservations/repository.ts',
          'sql`SELECT r.id FROM reservations r JOIN cars c ON true`;',
        ),
      ),
    ).toEqual([]);
  });

  it('reports a file that reads a table it neither owns nor is listed to read, with its line', () => {
    expect(
      check(
        file('modules/cars/repository.ts', 'const a = 1;\nconst b = sql`SELECT id\n  FROM reservations`;'),
      ),
    ).toEqual([
      'packages/server/src/modules/cars/repository.ts:3: reads table reservations of modules/reservations, which does not list it as a reader',
    ]);
  });

  it('lets a reader read but not write', () => {
    expect(
      check(file('modules/reservations/cars.ts', "db.updateTable('cars').set({ plate: 'X' });")),
    ).toEqual([
      'packages/server/src/modules/reservations/cars.ts:1: writes table cars, which only modules/cars may write',
    ]);
  });

  it("reports platform naming a module's constraint, job kind or mail kind", () => {
    expect(
      check(
        file('modules/reservations/notify.ts', "enqueue({ kind: 'mail.confirmation' });"),
        file('platform/errors.ts', "const codes = { reservations_no_overlap: 'TAKEN' };"),
        file('platform/jobs/kinds.ts', "type Kind = 'mail.confirmation';"),
        file('platform/mail/calendar.ts', "const methods = { confirmation: 'REQUEST' };"),
      ),
    ).toEqual([
      'packages/server/src/platform/errors.ts:1: names reservations_no_overlap of table reservations, which modules/reservations owns',
      "packages/server/src/platform/jobs/kinds.ts:1: names modules/reservations's job kind 'mail.confirmation'",
      "packages/server/src/platform/mail/calendar.ts:1: names modules/reservations's mail kind 'confirmation'",
    ]);
  });

  it('reports a known exception that the file no longer needs, so the list only shrinks', () => {
    const exceptions = [
      { file: 'packages/server/src/platform/errors.ts', name: 'reservations_no_overlap' },
      { file: 'packages/server/src/platform/mail.ts', name: 'cars' },
    ];
    const files = [file('platform/errors.ts', "const codes = { reservations_no_overlap: 'TAKEN' };")];
    expect(violationsOf({ files, schema, tables, exceptions })).toEqual([
      'packages/server/src/platform/mail.ts: names cars no longer: remove it from the known exceptions',
    ]);
  });

  it('asks an owner of every table a migration creates, and no platform reader of a module table', () => {
    expect(
      violationsOf({
        files: [],
        schema,
        tables: {
          cars: { owner: 'modules/cars', readBy: ['platform/mail'] },
          jobs: tables.jobs,
          reservations: tables.reservations,
        },
      }),
    ).toEqual(['scripts/lint/table-owners.mjs: platform/mail may not read cars: platform knows no module']);
    expect(violationsOf({ files: [], schema, tables: { cars: tables.cars, jobs: tables.jobs } })).toEqual([
      'packages/server/src/platform/db/migrations/: table reservations has no owner in scripts/lint/table-owners.mjs',
    ]);
  });
});
