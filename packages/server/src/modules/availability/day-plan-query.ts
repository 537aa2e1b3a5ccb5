import {
  allowedDefaultStartTime,
  type DayPlan,
  type DayPlanRefusal,
  DEFAULT_RESERVATION_HORIZON_DAYS,
  defaultCar,
  defaultEndTime,
  type FloorPlan,
  type GaragePlans,
  type LocalDate,
  type LocalTime,
  type PlanSlot,
  type PlanSlotStatus,
  type ReservationType,
  transferTypes,
  wallClockAt,
} from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import type { RequestScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { EntityNotFoundError, orNotFound } from '../../platform/errors.ts';
import type { FileTokens } from '../../platform/http/file-tokens.ts';
import type { SignedIdentifiers } from '../../platform/http/signed-identifier.ts';
import { dayPlanSlotsSql, garageOfUserSql } from '../garages/index.ts';
import { effectiveRuleSql } from '../groups/index.ts';
import {
  checkReservationDate,
  freeSlotDraft,
  loadRuleContext,
  slotStatusSql,
  templateUser,
  usableCars,
} from '../reservations/index.ts';

/*
 * The floor-plan day view of the caller (issue 32, item 1) in one statement: the slots of their garages that
 * have plans, each with its status by the free-slot range's own SQL (reservations' slotStatusSql over the
 * draft the form would hold for that day: its type, its default hours, the caller's default car), and the
 * caller's horizon (their groups', else the configured one). The day itself is judged by the create's date
 * rule (checkReservationDate): a day the caller cannot book shows every slot NOT_OFFERED, with the reason.
 * Slots are grouped by garage and plan here, where the identifiers and file tokens are signed.
 */

export type DayPlanQuestion = {
  date: LocalDate;
  /** The asked hours; undefined: what the form fills in for the day. */
  startTime?: LocalTime;
  endTime?: LocalTime;
  /** One garage (verified by the route); null: every garage of the caller's. */
  garageId: string | null;
};

type PlanFile = { __file: string; name: string; cType: string; size: number };

type SlotRow = {
  id: string;
  version: number;
  name: string;
  aggregaredName: string;
  floor: number;
  garageId: string;
  garageVersion: number;
  garageName: string;
  planX: number | null;
  planY: number | null;
  floorPlan: PlanFile | null;
  status: PlanSlotStatus;
};

type Signers = { identifiers: SignedIdentifiers; files: FileTokens };

/** The type the form books a picked day as: NORMAL when the user may, else QUICK (usePickedDay does the same). */
const typeOf = (user: {
  isNormalReservation?: boolean | null;
  isQuickReservation?: boolean | null;
}): ReservationType =>
  user.isNormalReservation === true || user.isQuickReservation !== true ? 'NORMAL' : 'QUICK';

const REFUSALS: readonly DayPlanRefusal[] = ['DATE_IN_THE_PAST', 'DATE_TOO_FAR_AHEAD', 'NOT_A_WORKING_DAY'];
const isRefusal = (code: string): code is DayPlanRefusal => (REFUSALS as readonly string[]).includes(code);

/** The caller's day on the floor plans; 404 for a garage they may not reserve in. */
export async function dayPlanOf(
  db: Kysely<DB>,
  scope: RequestScope,
  question: DayPlanQuestion,
  signers: Signers,
): Promise<DayPlan> {
  const context = await loadRuleContext(db, scope, scope.now);
  const user = orNotFound(await templateUser(db, scope.userId));
  const type = typeOf(user);
  const now = wallClockAt(scope.now, context.timeZone);
  const startTime =
    question.startTime ??
    allowedDefaultStartTime(question.date, now, user.startOfWorkingTime, {
      type,
      isAdmin: scope.isAdministrator,
    });
  const endTime = question.endTime ?? defaultEndTime(startTime, user.endOfWorkingTime);
  const carId = defaultCar(await usableCars(db, scope.userId))?.id ?? null;
  const draft = await freeSlotDraft(db, scope, {
    date: question.date,
    startTime,
    endTime,
    reservationType: type,
  });
  const userId = sql`${scope.userId}::bigint`;
  const parties = { userId, carId: sql`${carId}::bigint` };
  const found = await sql<{ horizon: number; garageIsTheirs: boolean; slots: SlotRow[] }>`SELECT
      ${effectiveRuleSql('maxDaysInAdvance', userId, sql`${context.horizonDays ?? DEFAULT_RESERVATION_HORIZON_DAYS}::int`)} AS horizon,
      ${question.garageId === null ? sql`true` : garageOfUserSql(userId, question.garageId)} AS garage_is_theirs,
      ${dayPlanSlotsSql({
        userId,
        garageId: question.garageId,
        status: (alias) => slotStatusSql(alias, parties, scope, draft),
      })} AS slots`.execute(db);
  const row = orNotFound(found.rows[0]);
  if (!row.garageIsTheirs) {
    throw new EntityNotFoundError();
  }
  const dateCodes = checkReservationDate(
    { type, date: question.date },
    { ...context, horizonDays: row.horizon },
  ).flatMap((violation) => (violation.kind === 'invalid' ? [violation.item.code] : []));
  // A draft without usable hours (today's are over) lists every slot, as the range does: nothing is bookable.
  const refusal =
    dateCodes.find(isRefusal) ?? (draft.intervals === undefined ? ('TIME_IN_THE_PAST' as const) : null);
  return {
    date: question.date,
    startTime,
    endTime,
    timeZone: context.timeZone,
    refusal,
    garages: await garagesOf(row.slots, refusal === null, scope.userId, signers),
  };
}

/** The rows grouped by garage, and within it by plan image (same name, size and type: the same picture). */
async function garagesOf(
  rows: readonly SlotRow[],
  bookable: boolean,
  actorId: string,
  { identifiers, files }: Signers,
): Promise<GaragePlans[]> {
  const slotType = transferTypes.ParkingSlot.entityType;
  const slotOf = async (row: SlotRow): Promise<PlanSlot> => ({
    __signedIdentifier: await identifiers.sign({ id: row.id, type: slotType, version: row.version }),
    __entityType: slotType,
    name: row.name,
    aggregaredName: row.aggregaredName,
    floor: row.floor,
    garageName: row.garageName,
    planX: row.planX,
    planY: row.planY,
    status: bookable ? row.status : 'NOT_OFFERED',
  });
  type Garage = { first: SlotRow; plans: Map<string, SlotRow[]>; withoutPlan: SlotRow[] };
  const garages = new Map<string, Garage>();
  for (const row of rows) {
    const garage: Garage = garages.get(row.garageId) ?? { first: row, plans: new Map(), withoutPlan: [] };
    garages.set(row.garageId, garage);
    if (row.floorPlan === null) {
      garage.withoutPlan.push(row);
      continue;
    }
    const { name, size, cType } = row.floorPlan;
    const key = JSON.stringify([name, size, cType]);
    garage.plans.set(key, [...(garage.plans.get(key) ?? []), row]);
  }
  return Promise.all(
    [...garages.values()].map(async ({ first, plans, withoutPlan }) => ({
      garage: await identifiers.sign({
        id: first.garageId,
        type: transferTypes.ParkingGarage.entityType,
        version: first.garageVersion,
      }),
      garageName: first.garageName,
      plans: await Promise.all(
        [...plans.values()].map(async (slots): Promise<FloorPlan> => {
          const [owner] = slots as [SlotRow, ...SlotRow[]];
          const file = owner.floorPlan as PlanFile;
          const placed = slots.filter((slot) => slot.planX !== null && slot.planY !== null);
          return {
            floorPlan: await files.file({
              sub: actorId,
              fileId: file.__file,
              name: file.name,
              cType: file.cType,
              type: slotType,
              attribute: 'floorPlan',
              entity: owner.id,
            }),
            contentType: file.cType,
            placed: await Promise.all(placed.map(slotOf)),
            unplaced: await Promise.all(slots.filter((slot) => !placed.includes(slot)).map(slotOf)),
          };
        }),
      ),
      withoutPlan: await Promise.all(withoutPlan.map(slotOf)),
    })),
  );
}
