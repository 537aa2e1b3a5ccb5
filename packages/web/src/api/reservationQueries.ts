import {
  AVAILABILITY_PATH,
  type Availability,
  compareDates,
  DAY_PLAN_PATH,
  type DayPlan,
  type LocalDate,
  type LocalTime,
} from '@parkhere/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { withOfflineCopy } from '../offline/offlineCopy.ts';
import { api } from './client.ts';
import { getAccessPoint, list, type Row, range, template } from './model.ts';

/*
 * The server state of the dashboard (the reservation form and the user reservation panel) as TanStack Query
 * keys and reads. Each key starts with the transfer type it holds, as `queryKeys.ts` says, so a write of that
 * type elsewhere (a car on the profile, a slot in the admin table) reaches these reads too. A write invalidates the keys whose answers it changes: a reservation, its cancel or delete,
 * and a holiday (which deletes reservations) the panel.
 */

export const reservationKeys = {
  /** The users one may reserve for and the `ReservationInput ~template`. */
  formSetup: ['UserForInput', 'reservationForm'] as const,
  /** Every user's cars: a car added, archived or deleted on the profile changes them. */
  allCars: ['Car', 'reservationForm'] as const,
  cars: (user: string) => ['Car', 'reservationForm', user] as const,
  /** What the free slots depend on; the range is asked with the whole draft as its owner. */
  freeSlots: (slotKey: Readonly<Record<string, string | null>>) =>
    ['ParkingSlot', 'freeSlots', slotKey] as const,
  panel: ['UserReservationPanel', 'panel'] as const,
  /** The garages a user may wait in (the `parkingGarage` range of the form's user). */
  waitlistGarages: (user: string) => ['ParkingGarage', 'waitlistGarages', user] as const,
};

const USER_MASK =
  '{name,email,isNormalReservation,isQuickReservation,isGuestReservation,isLongReservation,startOfWorkingTime,endOfWorkingTime,preferredParkingSlot{aggregaredName}}';
const CAR_MASK = '{licensePlate,manufacturer,model,isFavorite,isArchived}';
const SLOT_MASK =
  '{aggregaredName,name,floor,garageName,nextToWall,isExclusive,poolGroupName,isAccessible,hasCharger,floorPlan,drawEnabled,drawCutoffTime,drawCutoffWorkingDaysBefore}';

export type ReservationFormSetup<U extends Row> = {
  /** Oneself, or every active user for an administrator. */
  users: U[];
  /** Users may not read the configuration: the template tells the configured horizon and the first date. */
  template: Row | null;
};

export const reservationFormSetupQuery = <U extends Row>() =>
  queryOptions({
    queryKey: reservationKeys.formSetup,
    queryFn: async (): Promise<ReservationFormSetup<U>> => {
      const [users, defaults] = await Promise.all([
        range<U>('ReservationInput', 'user', null, {
          _mask: USER_MASK,
          _orderBy: [{ attribute: 'name', descending: false }],
        }),
        template<Row>('ReservationInput', { handleErrors: false }).catch(() => null),
      ]);
      return { users, template: defaults };
    },
  });

/** The cars of the draft's user (its owner body names the user). */
export const reservationCarsQuery = <C extends Row>(user: string, owner: Row) =>
  queryOptions({
    queryKey: reservationKeys.cars(user),
    queryFn: () => range<C>('ReservationInput', 'car', owner, { _mask: CAR_MASK }),
    enabled: user !== '',
  });

/** Exactly the free slots for a draft's date, times and type, ordered by name. */
export const freeSlotsQuery = <S extends Row>(
  slotKey: Readonly<Record<string, string | null>>,
  owner: Row,
  enabled: boolean,
) =>
  queryOptions({
    queryKey: reservationKeys.freeSlots(slotKey),
    queryFn: () =>
      range<S>('ReservationInput', 'parkingSlot', owner, {
        _mask: SLOT_MASK,
        _orderBy: [{ attribute: 'aggregaredName', descending: false }],
      }),
    enabled,
  });

/** The garages the draft's user may wait for a slot in, by name; asked only when the waitlist is offered. */
export const waitlistGaragesQuery = <G extends Row>(user: string, owner: Row, enabled: boolean) =>
  queryOptions({
    queryKey: reservationKeys.waitlistGarages(user),
    queryFn: () =>
      range<G>('ReservationInput', 'parkingGarage', owner, {
        _mask: '{name}',
        _orderBy: [{ attribute: 'name', descending: false }],
      }),
    enabled: enabled && user !== '',
  });

const RESERVATION_MASK =
  '{date,startTime,endTime,reservationType,reservationStatus,reserverName,reserverCarId,parkingSlotInformation,isGuest,isNotCancelable,isNotDeletable,currentTime,checkInRequired,checkedInAt,checkedInTime,checkInOpensAt,checkInClosesAt,isCheckInOpen,isCancelled,bookedEndTime,seriesId}';
/** The user's waitlist entries as the dashboard lists them. */
export const WAITLIST_MASK =
  '{date,startTime,endTime,reservationType,waitlistStatus,position,parkingGarageName,guestName}';
/** The user's requests of the fair draw as the dashboard lists them. */
const DRAW_REQUEST_MASK =
  '{date,startTime,endTime,reservationType,parkingGarageName,preferredSlotName,drawStatus,drawCutoffTime,drawCutoffWorkingDaysBefore,parkingSlotInformation,waitlistStatus,waitlistPosition}';
const HOLIDAY_MASK = '{startDate,endDate,isNotDeletable}';
const BY_DATE = [
  { attribute: 'date', descending: false },
  { attribute: 'startTime', descending: false },
];

export type PanelData<R extends Row, H extends Row, W extends Row = Row> = {
  active: R[];
  previous: R[];
  holidays: H[];
  /** The user's waitlist entries still waiting, first due first. */
  waitlist: W[];
  /** The user's latest requests of the fair draw, the latest day first. */
  drawRequests: Row[];
  /** The configured palm's download token, null when none is configured. */
  holidayImage: unknown;
};

/**
 * The user reservation panel: active and the last 50 previous reservations, the user's holidays and waitlist
 * entries. One key under the panel's type: a reservation, a check-in, a holiday or a waitlist write invalidates it.
 */
export const reservationPanelQuery = <R extends Row, H extends Row, W extends Row = Row>() =>
  queryOptions({
    queryKey: reservationKeys.panel,
    // Kept for offline use: offline, the dashboard shows the reservations of the last online visit (the kept
    // copy has the lists alone, no holiday image's download token).
    queryFn: async (): Promise<PanelData<R, H, W>> => {
      const panel = await withOfflineCopy('panel', () => readPanel<R, H, W>());
      return { holidayImage: null, ...panel } as PanelData<R, H, W>;
    },
  });

async function readPanel<R extends Row, H extends Row, W extends Row>(): Promise<PanelData<R, H, W>> {
  const panel = await getAccessPoint('userReservationPanel', { _mask: '{holidayImage}' });
  const owner = panel.__signedIdentifier ?? '';
  const relation = (name: string) => ({
    kind: 'relation' as const,
    type: 'UserReservationPanel' as const,
    relation: name,
    owner,
  });
  const [active, previous, holidays, waitlist, drawRequests] = await Promise.all([
    list<R>(relation('activeReservations'), { _mask: RESERVATION_MASK, _orderBy: BY_DATE }),
    list<R>(relation('previousReservation'), {
      _mask: RESERVATION_MASK,
      _orderBy: BY_DATE.map((order) => ({ ...order, descending: true })),
      _seek: { limit: 50 },
    }),
    list<H>(relation('holidays'), {
      _mask: HOLIDAY_MASK,
      _orderBy: [{ attribute: 'startDate', descending: false }],
    }),
    list<W>(relation('waitlist'), { _mask: WAITLIST_MASK, _orderBy: BY_DATE }),
    list<Row>(relation('drawRequests'), { _mask: DRAW_REQUEST_MASK, _seek: { limit: 20 } }),
  ]);
  return {
    active: active.items,
    previous: previous.items,
    holidays: holidays.items,
    waitlist: waitlist.items,
    drawRequests: drawRequests.items,
    holidayImage: panel.holidayImage,
  };
}

/**
 * The caller's days from `from` to `to` (`GET /api/availability`, issue 32 item 1): the free counts of the week
 * view and what is the caller's (`mine`), which the form reads for its draft's days too. Under the panel's key,
 * so whatever changes the user's reservations reads it again.
 */
export const availabilityQuery = (
  from: LocalDate,
  to: LocalDate,
  { enabled = true, quiet = false }: { enabled?: boolean; quiet?: boolean } = {},
) =>
  queryOptions({
    queryKey: [...reservationKeys.panel, 'availability', from, to] as const,
    queryFn: () => {
      const path = `/${AVAILABILITY_PATH}?${new URLSearchParams({ from, to })}`;
      // A read that only adds a note (the form's) fails without a word; the week view says it failed.
      return quiet ? api.get<Availability>(path, { handleErrors: false }) : api.get<Availability>(path);
    },
    enabled,
  });

/**
 * The days `from` to `to` as an answer of availability the cache already holds for a longer period (the week
 * view's), for `initialData`: the form's note on its date is then there at once, not one request and one more
 * render of the form later. Undefined when no answer covers them.
 */
export function availabilityFromCache(
  queryClient: QueryClient,
  from: LocalDate,
  to: LocalDate,
): { data: Availability; updatedAt: number } | undefined {
  for (const query of queryClient
    .getQueryCache()
    .findAll({ queryKey: [...reservationKeys.panel, 'availability'] })) {
    const answer = query.state.data as Availability | undefined;
    if (answer !== undefined && compareDates(answer.from, from) <= 0 && compareDates(to, answer.to) <= 0) {
      const days = answer.days.filter(
        (day) => compareDates(from, day.date) <= 0 && compareDates(day.date, to) <= 0,
      );
      return { data: { ...answer, from, to, days }, updatedAt: query.state.dataUpdatedAt };
    }
  }
  return undefined;
}

/** The hours a day view asks for; null: what the form fills in for the day (the server's default). */
export type DayPlanHours = { startTime: LocalTime; endTime: LocalTime } | null;

/**
 * The caller's day on the floor plans (`GET /api/availability/day`, issue 32 item 1): each slot of their garages
 * with plans FREE, TAKEN or NOT_OFFERED for the hours. Under the panel's key, so a booking reads it again. The
 * week view asks for today's only to learn whether the user has any garage with a plan (`quiet`: no error
 * shown for that).
 */
export const dayPlanQuery = (
  date: LocalDate,
  hours: DayPlanHours,
  { quiet = false }: { quiet?: boolean } = {},
) =>
  queryOptions({
    queryKey: [
      ...reservationKeys.panel,
      'dayPlan',
      date,
      hours?.startTime ?? '',
      hours?.endTime ?? '',
    ] as const,
    queryFn: () => {
      const path = `/${DAY_PLAN_PATH}?${new URLSearchParams({ date, ...(hours ?? {}) })}`;
      return quiet ? api.get<DayPlan>(path, { handleErrors: false }) : api.get<DayPlan>(path);
    },
  });
