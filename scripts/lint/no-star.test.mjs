import { describe, expect, it } from 'vitest';
import { starsIn } from './no-star.mjs';

const WHY =
  'expands * into columns: name them (a running release must not see an added column; README, rolling upgrades)';
const check = (text) => starsIn('packages/server/src/modules/cars/x.ts', text);

describe('no * expansion in the server SQL', () => {
  it('reports SELECT *, alias.*, RETURNING * and Kysely selectAll with their lines', () => {
    expect(
      check(
        [
          'const a = sql`SELECT * FROM cars`;',
          'const b = sql`SELECT c.*, u.name',
          '  FROM cars c JOIN users u ON u.id = c.user_id`;',
          "const c = sql`INSERT INTO cars (plate) VALUES ('X') RETURNING *`;",
          "const d = db.selectFrom('cars').selectAll('cars');",
          // A `.*` right after a substitution: an alias the statement computes.
          `const e = sql\`SELECT $\{sql.raw(alias)}.* FROM cars\`;`,
          'const f = sql`SELECT id, * FROM cars`;',
        ].join('\n'),
      ),
    ).toEqual([
      `packages/server/src/modules/cars/x.ts:1: SELECT * ${WHY}`,
      `packages/server/src/modules/cars/x.ts:2: c.* ${WHY}`,
      `packages/server/src/modules/cars/x.ts:4: RETURNING * ${WHY}`,
      `packages/server/src/modules/cars/x.ts:5: selectAll() ${WHY}`,
      `packages/server/src/modules/cars/x.ts:6: .* ${WHY}`,
      `packages/server/src/modules/cars/x.ts:7: , * ${WHY}`,
    ]);
  });

  it('lets named columns, count(*), arithmetic, comments and a `no-star:` reason through', () => {
    expect(
      check(
        [
          '// SELECT * FROM cars in a comment is no SQL',
          '/* RETURNING * */',
          'const a = sql`SELECT c.id, count(*), count(*) FILTER (WHERE c.x) * 2 FROM cars c -- or SELECT *',
          '  /* c.* */ GROUP BY c.id`;',
          "const b = db.selectFrom('cars').select(['id', 'plate']);",
          'const pattern = /^[a-z]+$/;',
          '// no-star: the outer statement answers named columns only',
          'const c = sql`(SELECT c.* FROM cars c)`;',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
