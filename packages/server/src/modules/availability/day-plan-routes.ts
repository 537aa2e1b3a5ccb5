import {
  DAY_PLAN_PATH,
  type DayPlan,
  DayPlanSchema,
  errorRefs,
  jsonAnswer,
  jsonSchemaOf,
  type OperationObject,
} from '@parkhere/contract';
import type { FastifyInstance } from 'fastify';
import { scopeOf } from '../../engine/access.ts';
import { verifyIdentifier } from '../../engine/identity.ts';
import { createFileTokens } from '../../platform/http/file-tokens.ts';
import { loadSigningSecret } from '../../platform/http/signed-identifier.ts';
import { dateParameter, parametersOf } from '../reports/index.ts';
import { hoursOf, query } from './availability-routes.ts';
import { dayPlanOf } from './day-plan-query.ts';

/*
 * `GET /api/availability/day?date=&startTime=&endTime=&garage=` (issue 32, item 1): the caller's day on the
 * floor plans. Checked before anything is read, every problem at once as a 400: a missing or impossible date,
 * the hours as `/availability` checks them, a garage identifier that is not a garage's signed one
 * (INVALID_IDENTIFIER). A garage the caller may not reserve in is 404, as if it did not exist.
 */

const description: OperationObject = {
  summary: "The caller's day on the floor plans",
  description:
    "The slots of the caller's garages that have floor plans (active slots of the garages they may use, exclusive ones too), grouped by garage and by plan image (one image once: the slots whose plan files are the same picture share it), each with its place on the plan (percent across and down; null when not placed) and its status for the hours: FREE when the reservation form's free-slot range offers it (garage access, exclusive slots for administrators, pools, accessible and charging slots for the caller's default car, assigned slots, and no overlapping reservation), TAKEN when it would be offered but is held then (by whom is never said), NOT_OFFERED otherwise. A day the caller cannot book (the past, beyond their horizon, a day off for non-administrators, today's hours over) names its `refusal` and shows every slot NOT_OFFERED. The hours default to what the form fills in for the day: the caller's working hours (today from now on). Identifiers are signed as everywhere; the plan's `floorPlan` is a download token.",
  tags: ['Reservations'],
  parameters: [
    query('date', 'The day, YYYY-MM-DD.', true),
    query(
      'startTime',
      "The hours' start, HH:mm or HH:mm:ss; the form's default for the day when omitted.",
      false,
    ),
    query('endTime', "The hours' end, after the start; the form's default for the day when omitted.", false),
    query('garage', "One garage's signed identifier; every garage of the caller's when omitted.", false),
  ],
  responses: {
    '200': jsonAnswer("The day's slots on the plans.", jsonSchemaOf(DayPlanSchema)),
    ...errorRefs(['400', '401', '404', '500']),
  },
};

export async function dayPlanRoutes(api: FastifyInstance): Promise<void> {
  const files = createFileTokens(loadSigningSecret(api.config.signingSecret));
  api.get(`/${DAY_PLAN_PATH}`, { config: { describe: description } }, async (request): Promise<DayPlan> => {
    const given = (request.query ?? {}) as Record<string, unknown>;
    const { date } = parametersOf(given, { date: dateParameter });
    const hours = hoursOf(given);
    const garageId =
      given.garage === undefined || given.garage === ''
        ? null
        : (await verifyIdentifier(api.signedIdentifiers, given.garage, { entity: 'ParkingGarage' }, 'garage'))
            .id;
    const actor = await api.actorOf(request);
    const recall = <T>(key: string, read: () => Promise<T>) => api.recentReads.get(key, read);
    const scope = { ...scopeOf(actor), now: api.clock(), recall };
    return dayPlanOf(
      api.database.db,
      scope,
      { date, ...hours, garageId },
      { identifiers: api.signedIdentifiers, files },
    );
  });
}
