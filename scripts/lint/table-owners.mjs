/*
 * Which part of packages/server/src owns each table (checked by `npm run lint`, scripts/lint/ownership.mjs):
 * only files under `owner` write the table or name its constraints and indexes; besides them only the parts
 * in `readBy` read it, and a part of platform/ or engine/ reads no module's table. A table a migration
 * creates without an entry here fails the check. The migrations (platform/db/migrations) are the schema's
 * history and name every table; tests and the demo data seed and inspect rows of any table.
 */
/** A slot is read with its garage (name, window, check-in, draw), so both have the same readers. */
const SLOT_READERS = [
  'modules/assigned-slots',
  'modules/doormen',
  'modules/draw',
  'modules/notifications',
  'modules/reservations',
  'modules/waitlist',
];

export const tables = {
  additional_days: { owner: 'modules/configuration' },
  // [Pools] The days an assigned slot's owner gave back (migration 0050); read by the rule's SQL twin, which
  // reservations and the draw embed.
  assigned_slot_releases: { owner: 'modules/assigned-slots' },
  // Written only by migration 0015's triggers, pruned and pseudonymised by platform/db; read by modules/audit
  // through its view, audit_entries (migration 0032).
  audit_log: { owner: 'platform/db' },
  calendar_feeds: { owner: 'modules/calendar' },
  cars: { owner: 'modules/cars', readBy: ['modules/notifications', 'modules/reservations'] },
  configuration: { owner: 'modules/configuration' },
  doorman_garages: { owner: 'modules/doormen', readBy: ['modules/garages'] },
  doormen: { owner: 'modules/doormen', readBy: ['modules/garages'] },
  // The fair draw's record of each garage's day and its need-based priorities (issue 26, migration 0020).
  draw_priorities: { owner: 'modules/draw' },
  draws: { owner: 'modules/draw' },
  // The fair draw's requests (issue 26, migration 0019); a pending one counts toward its owner's quota.
  draw_requests: { owner: 'modules/draw', readBy: ['modules/reservations'] },
  files: { owner: 'modules/files', readBy: ['modules/notifications'] },
  // [Pools] groups and their members (migration 0044); reservations read a member's rules through
  // groups' effectiveRuleSql.
  group_members: { owner: 'modules/groups' },
  groups: { owner: 'modules/groups' },
  holidays: { owner: 'modules/holidays', readBy: ['modules/assigned-slots', 'modules/reservations'] },
  // The administrators' Failed jobs read the queue through its view, job_entries (issue 30, migration 0035);
  // only the platform writes it.
  jobs: { owner: 'platform/jobs', readBy: ['modules/failed-jobs'] },
  // The budgets of mail to people who did not ask for it (issue 25, item 1; migration 0016).
  mail_limit_counts: { owner: 'platform/mail' },
  oidc_payloads: { owner: 'platform/idp' },
  parking_garages: {
    owner: 'modules/garages',
    readBy: SLOT_READERS,
  },
  parking_slots: {
    owner: 'modules/garages',
    readBy: SLOT_READERS,
  },
  // Web Push: the browsers that turned notifications on (issue 32, item 4; migration 0051).
  push_subscriptions: { owner: 'modules/push' },
  reservations: { owner: 'modules/reservations' },
  // The reservations' figures rolled up for reports (issue 28, migration 0038): written only by its triggers in
  // the writing transaction (a day window's change marks the garages concerned for the rebuild job, migration 0046); read through report-sql.ts.
  reservation_day_rollup: { owner: 'modules/reservations' },
  reservation_edge_rollup: { owner: 'modules/reservations' },
  reservation_owner_rollup: { owner: 'modules/reservations' },
  // The garages whose rollup a job rebuilds after their day window changed (migration 0046); reports read it
  // through report-sql.ts.
  reservation_rollup_rebuilds: { owner: 'modules/reservations' },
  reservation_slot_rollup: { owner: 'modules/reservations' },
  // The reservations whose owner was mailed their invitation, so a change of the time zone re-invites them
  // (issue 31, migration 0063).
  reservation_invitations: { owner: 'modules/notifications' },
  schema_migrations: { owner: 'platform/db' },
  shared_secrets: { owner: 'platform/shared-secrets.ts' },
  // The sign-in throttle's counters (issue 25, harden-auth's migration 0013).
  sign_in_failures: { owner: 'platform/idp' },
  sign_in_known_addresses: { owner: 'platform/idp' },
  user_accessed_garages: { owner: 'modules/users', readBy: ['modules/garages', 'modules/reservations'] },
  user_id_card_garages: { owner: 'modules/users', readBy: ['modules/garages'] },
  user_identities: { owner: 'platform/auth' },
  users: {
    owner: 'modules/users',
    readBy: [
      'modules/assigned-slots',
      'modules/audit',
      'modules/calendar',
      'modules/doormen',
      'modules/draw',
      'modules/garages',
      'modules/holidays',
      'modules/notifications',
      'modules/push',
      'modules/reservations',
      'modules/waitlist',
    ],
  },
  waitlist_entries: { owner: 'modules/waitlist' },
};

/*
 * Files that name what they do not own, each being moved by the engineer named; the list is to be empty.
 * `name` is a table, constraint, job or mail kind; '*' stands for every name the file reports.
 */
export const knownExceptions = [];
