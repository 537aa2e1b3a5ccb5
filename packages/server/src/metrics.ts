import * as checkIn from './modules/check-in/index.ts';
import * as draw from './modules/draw/index.ts';
import * as push from './modules/push/index.ts';
import * as reservations from './modules/reservations/index.ts';
import * as waitlist from './modules/waitlist/index.ts';
import type { DeclaredCounter } from './platform/observability/counter.ts';
import { mailsFailed, mailsSent } from './platform/observability/mail-outcomes.ts';

/*
 * The counters /metrics answers beside the platform's own figures (requests, pool, queue), as each module
 * declares them in its index.ts (`metrics`): what a reservation's life does (made, released, promoted, drawn),
 * and the platform's mail.
 */
export const declaredCounters: readonly DeclaredCounter[] = [
  ...reservations.metrics,
  ...checkIn.metrics,
  ...waitlist.metrics,
  ...draw.metrics,
  ...push.metrics,
  mailsSent,
  mailsFailed,
];
