import type { Registry } from './engine/registry.ts';
import { anonymise, deactivate } from './lifecycle.ts';
import * as assignedSlots from './modules/assigned-slots/index.ts';
import * as audit from './modules/audit/index.ts';
import * as cars from './modules/cars/index.ts';
import * as checkIn from './modules/check-in/index.ts';
import * as configuration from './modules/configuration/index.ts';
import * as doormen from './modules/doormen/index.ts';
import * as draw from './modules/draw/index.ts';
import * as failedJobs from './modules/failed-jobs/index.ts';
import * as garages from './modules/garages/index.ts';
import * as groups from './modules/groups/index.ts';
import * as holidays from './modules/holidays/index.ts';
import * as reservations from './modules/reservations/index.ts';
import * as users from './modules/users/index.ts';
import * as waitlist from './modules/waitlist/index.ts';

/*
 * What the engine serves, assembled from the capabilities: the compiler checks that every transfer type has
 * a source and every operation of the model a handler. Beside them, what each module's constraint names mean.
 */
export const registry: Registry = {
  sources: {
    ...assignedSlots.sources,
    ...audit.sources,
    ...cars.sources,
    ...configuration.sources,
    ...doormen.sources,
    ...draw.sources,
    ...garages.sources,
    ...groups.sources,
    ...holidays.sources,
    ...reservations.sources,
    ...users.sourcesOf(
      {
        noShowCount: reservations.noShowCountSql,
        upcomingReservations: reservations.upcomingReservationCountSql,
        waitlistPlaces: waitlist.waitingCountSql,
        drawRequests: draw.pendingRequestCountSql,
      },
      deactivate,
    ),
    ...waitlist.sources,
    ...failedJobs.sourcesOf({
      reservation: reservations.reservationSummarySql,
      drawRequest: draw.requestSummarySql,
      reservationOwner: reservations.reservationOwnerSql,
      drawRequester: draw.requesterSql,
    }),
  },
  accessPointRows: { ...failedJobs.accessPointRows },
  operations: {
    ...assignedSlots.operationsOf(reservations.slotBookedByAnotherSql),
    ...cars.operations,
    ...checkIn.operations,
    ...configuration.operations,
    ...doormen.operations,
    ...draw.operations,
    ...failedJobs.operations,
    ...holidays.operations,
    ...reservations.operations,
    ...users.operationsOf(anonymise),
    ...waitlist.operations,
  },
  templates: { ...holidays.templates, ...reservations.templates },
  constraints: {
    ...cars.constraints,
    ...configuration.constraints,
    ...doormen.constraints,
    ...draw.constraints,
    ...garages.constraints,
    ...groups.constraints,
    ...holidays.constraints,
    ...reservations.constraints,
    ...users.constraints,
    ...waitlist.constraints,
  },
};
