import { sql } from 'kysely';
import { pseudonymiseRows } from '../../platform/erasure.ts';
import type { LifecycleHandler } from '../../platform/lifecycle.ts';

/**
 * An erased person's doorman rows (those of their email, in any case) are pseudonymised with the audit entries
 * about them, then go: a leaver looks after no garage, and a pseudonym's address would only bounce the summary.
 */
export const eraseDoormenOf: LifecycleHandler<'userErased'> = async (db, { email, pseudonyms }) => {
  await pseudonymiseRows(db, {
    table: 'doormen',
    rows: (column) => sql`lower(${column('email')}) = lower(${email})`,
    columns: { name: 'personName', email: 'personEmail' },
    pseudonyms,
  });
  await sql`DELETE FROM doormen WHERE email = ${pseudonyms.email}`.execute(db);
};
