import {
  errorRefs,
  jsonAnswer,
  jsonSchemaOf,
  type OperationObject,
  type Parameter,
  REPORT_MAX_DAYS,
  REPORTS_SLOT_HOLDERS_PATH,
  REPORTS_UTILISATION_PATH,
  type ReportSlot,
  type SlotHolder,
  type SlotHolders,
  SlotHoldersSchema,
  transferTypes,
  type UtilisationReport,
  UtilisationReportSchema,
} from '@parkhere/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyIdentifier } from '../../engine/identity.ts';
import { EntityNotFoundError, ForbiddenError } from '../../platform/errors.ts';
import { dateParameter, parametersOf, periodOf, timestampParameter } from './report-period.ts';
import { slotHoldersSql } from './slot-holders-sql.ts';
import { utilisationSql } from './utilisation-sql.ts';

/*
 * The administrators' reports (issue 28): the utilisation of a period and who held a slot at an instant. Both
 * are read in the database; the server checks the question, signs the slots' identifiers and answers.
 */

const query = (name: string, description: string, required = true): Parameter => ({
  name,
  in: 'query',
  required,
  description,
  schema: { type: 'string' },
});

const utilisationDescription: OperationObject = {
  summary: 'Utilisation of the garages over a period (administrators)',
  description: `Per day, weekday, slot, reservation type, garage and user, computed in the database over the whole period (at most ${REPORT_MAX_DAYS} days). Hours are slot-hours inside the day window: the garage's own working hours, else the configured ones, as wall-clock times of the day in the configured time zone (a DST day's window may be an hour shorter or longer). Available slot-hours count the active slots on working days (Monday–Friday but public holidays, with the additional days). Reservations that held their slot count (cancelled and deleted ones are counted apart); a no-show held its slot until its release.`,
  tags: ['Reports'],
  parameters: [
    query('from', 'The first day, YYYY-MM-DD.'),
    query('to', 'The last day, YYYY-MM-DD (counted).'),
    query('garage', "A garage's signed identifier; every garage when omitted.", false),
  ],
  responses: {
    '200': jsonAnswer('The report.', jsonSchemaOf(UtilisationReportSchema)),
    ...errorRefs(['400', '401', '403', '422', '500']),
  },
};

const holdersDescription: OperationObject = {
  summary: 'Who held a slot at an instant (administrators)',
  tags: ['Reports'],
  parameters: [
    query('slot', "The slot's signed identifier (a report's slots[].slot, or a slot's)."),
    query('at', 'The instant, ISO 8601 with its offset.'),
  ],
  responses: {
    '200': jsonAnswer('The slot and the reservations that held it then.', jsonSchemaOf(SlotHoldersSchema)),
    ...errorRefs(['400', '401', '403', '404', '500']),
  },
};

const isoOf = (value: string | null) => (value === null ? null : new Date(value).toISOString());

export async function reportRoutes(api: FastifyInstance): Promise<void> {
  const identifiers = api.signedIdentifiers;
  const asAdministrator = async (request: FastifyRequest) => {
    if (!(await api.actorOf(request)).user.isAdministrator) {
      throw new ForbiddenError('PERMISSION_DENIED');
    }
  };

  api.get(
    `/${REPORTS_UTILISATION_PATH}`,
    { config: { describe: utilisationDescription } },
    async (request): Promise<UtilisationReport> => {
      await asAdministrator(request);
      const { from, to } = parametersOf(request.query, { from: dateParameter, to: dateParameter });
      const period = periodOf(from, to);
      const { garage } = request.query as { garage?: unknown };
      const garageId =
        garage === undefined || garage === ''
          ? null
          : (await verifyIdentifier(identifiers, garage, { entity: 'ParkingGarage' }, 'garage')).id;
      const found = await utilisationSql({ ...period, garageId }).execute(api.database.db);
      const answer = found.rows[0]?.answer as Omit<UtilisationReport, 'slots'> & {
        slots: (Omit<ReportSlot, 'slot'> & { id: string; version: number })[];
      };
      const slots = await Promise.all(
        answer.slots.map(async ({ id, version, ...slot }) => ({
          slot: await identifiers.sign({ id, version, type: transferTypes.ParkingSlot.entityType }),
          ...slot,
        })),
      );
      return { ...answer, slots };
    },
  );

  api.get(
    `/${REPORTS_SLOT_HOLDERS_PATH}`,
    { config: { describe: holdersDescription } },
    async (request): Promise<SlotHolders> => {
      await asAdministrator(request);
      const { slot, at } = parametersOf(request.query, { slot: () => true, at: timestampParameter });
      const slotId = (await verifyIdentifier(identifiers, slot, { entity: 'ParkingSlot' }, 'slot')).id;
      const found = await slotHoldersSql(slotId, at).execute(api.database.db);
      const row = found.rows[0];
      if (row === undefined) {
        throw new EntityNotFoundError();
      }
      const holders = (row.holders as SlotHolder[]).map((holder) => ({
        ...holder,
        startsAt: new Date(holder.startsAt).toISOString(),
        endsAt: new Date(holder.endsAt).toISOString(),
        checkedInAt: isoOf(holder.checkedInAt),
      }));
      return { slotName: row.slotName, at: new Date(at).toISOString(), holders };
    },
  );
}
