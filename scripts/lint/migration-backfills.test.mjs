import { describe, expect, it } from 'vitest';
import { backfillsIn } from './migration-backfills.mjs';

const WHY =
  'changes existing rows while the migration holds every table: run it as a job after the migration, or say why it is bounded (`-- bounded: <why>`)';
const check = (lines) => backfillsIn('0099_x.sql', lines.join('\n'));

describe('no bulk change of existing rows in a migration', () => {
  it('reports UPDATE, DELETE and INSERT … SELECT at the top level with their first lines', () => {
    expect(
      check([
        'ALTER TABLE cars ADD COLUMN is_electric boolean NOT NULL DEFAULT false;',
        'UPDATE cars',
        "  SET is_electric = true WHERE plate LIKE 'E%';",
        'DELETE FROM holidays WHERE end_date < now();',
        'INSERT INTO group_members (group_id, user_id)',
        '  SELECT 1, id FROM users;',
        'WITH old AS (SELECT id FROM cars) UPDATE cars SET plate = upper(plate) FROM old WHERE cars.id = old.id;',
      ]),
    ).toEqual([
      `0099_x.sql:2: UPDATE ${WHY}`,
      `0099_x.sql:4: DELETE ${WHY}`,
      `0099_x.sql:5: INSERT … SELECT ${WHY}`,
      `0099_x.sql:7: UPDATE ${WHY}`,
    ]);
  });

  it('lets through a bounded change, constant inserts, function bodies and comments', () => {
    expect(
      check([
        '-- bounded: the one configuration row',
        'UPDATE configuration SET time_zone = $1;',
        "INSERT INTO configuration (key, value) VALUES ('a', 'b');",
        'UPDATE parking_garages SET name = trim(name) -- bounded: a handful of garages',
        '  WHERE name <> trim(name);',
        'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $body$',
        'BEGIN',
        '  UPDATE cars SET plate = NEW.plate; DELETE FROM holidays;',
        '  RETURN NEW;',
        'END $body$;',
        'CREATE FUNCTION g() RETURNS void LANGUAGE sql AS $$ INSERT INTO t SELECT 1 $$;',
        '-- An UPDATE of every row would belong in a job.',
        'CREATE INDEX cars_plate ON cars (plate);',
      ]),
    ).toEqual([]);
  });
});
