import * as calendar from './modules/calendar/index.ts';
import * as cars from './modules/cars/index.ts';
import * as configuration from './modules/configuration/index.ts';
import * as doormen from './modules/doormen/index.ts';
import * as draw from './modules/draw/index.ts';
import * as files from './modules/files/index.ts';
import * as garages from './modules/garages/index.ts';
import * as groups from './modules/groups/index.ts';
import * as holidays from './modules/holidays/index.ts';
import * as reservations from './modules/reservations/index.ts';
import * as users from './modules/users/index.ts';
import * as waitlist from './modules/waitlist/index.ts';
import { identitiesAudited } from './platform/auth/resolve-actor.ts';
import type { AuditedTable } from './platform/db/audit.ts';

/**
 * The tables whose every change the audit log records, as their modules declare them (`audited` in each
 * index.ts); app.ts attaches the capture to exactly these at start (platform/db/audit.ts).
 */
export const auditedTables: readonly AuditedTable[] = [
  ...calendar.audited,
  ...cars.audited,
  ...configuration.audited,
  ...doormen.audited,
  ...draw.audited,
  ...files.audited,
  ...garages.audited,
  ...groups.audited,
  ...holidays.audited,
  ...reservations.audited,
  ...users.audited,
  ...waitlist.audited,
  ...identitiesAudited,
];
