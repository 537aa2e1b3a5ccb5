import { sql } from 'kysely';
import { adminRows, noRows } from '../../engine/access.ts';
import { entitySource, ref, type Sql } from '../../engine/source.ts';

/*
 * The audit log as administrators read it (issue 28, item 8): migration 0015's entries through their view
 * (audit_entries, migration 0032), newest first. Who made
 * a change is kept as the transaction's actor (`user:<id>`, `system:<job>`, …); a user's name and email are
 * read from the user as they are now, so an erased person's entries show their pseudonym, never their name.
 */

const userActor = (alias: string): Sql => sql`${ref(alias, 'actor')} ~ '^user:[0-9]+$'`;

/** A column of the user who made the change, or null when no user made it. */
const actorUser = (column: string, alias: string): Sql =>
  sql`CASE WHEN ${userActor(alias)} THEN (SELECT u.${sql.raw(column)} FROM users u
    WHERE u.id = substr(${ref(alias, 'actor')}, 6)::bigint) END`;

const image = (column: string) => (alias: string) => sql`${ref(alias, column)}::text`;

export const auditEntrySource = entitySource('AuditEntry', {
  table: 'audit_entries',
  derived: {
    actorName: (alias) => sql`coalesce(${actorUser('name', alias)}, ${ref(alias, 'actor')})`,
    actorEmail: (alias) => actorUser('email', alias),
    before: image('before'),
    after: image('after'),
    content: (alias) =>
      sql`concat_ws(' ', ${ref(alias, 'reason')}, ${ref(alias, 'before')}::text, ${ref(alias, 'after')}::text)`,
  },
  notNull: ['at', 'entityType', 'entityId', 'action'],
  defaultOrder: [{ attribute: 'at', descending: true }],
  scope: adminRows,
  // Append-only: nobody changes or removes an entry through the API (the contract offers no call for it).
  updateable: noRows,
  deleteable: noRows,
});
