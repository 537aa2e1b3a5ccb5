import type {
  DrawSettings,
  LocalDate,
  LocalTime,
  ReservationStatus,
  ReservationType,
  ReservationTypeFlags,
  WorkingCalendar,
} from '@parkhere/contract';
import type { AssignedSlot } from '../../assigned-slots/index.ts';
import type { Pool } from '../../groups/index.ts';

/** Who asks. Administrators are exempt from the user restrictions (DESIGN §1, §4). */
export type RuleActor = { userId: string; isAdministrator: boolean };

/** The user the reservation is for, with the flags and quotas of DESIGN §3. */
export type ReservationOwner = ReservationTypeFlags & {
  id: string;
  isActive: boolean;
  maxNormalReservation: number;
  maxGuestReservation: number;
  maxLongReservation: number;
  /** Accessible slots are offered to the owner before others (slot-offered.ts). */
  hasAccessibilityPermit?: boolean;
};

/** One of the owner's holidays, both days included. */
export type OwnerHoliday = { startDate: LocalDate; endDate: LocalDate };

export type CarFacts = { ownerId: string; isArchived: boolean; isElectric?: boolean };

/**
 * What the rules need to know of the chosen slot. `garageIsAccessed`: the owner's accessedParkingGarages
 * contain the slot's garage.
 */
export type SlotFacts = {
  isActive: boolean;
  isExclusive: boolean;
  garageIsActive: boolean;
  garageIsAccessed: boolean;
  /** The slot's garage's draw (none when no slot is chosen yet). */
  draw?: GarageDraw;
  /** Who may take it (slot-offered.ts): its group's pool (null: none), accessible, with a charger. */
  pool?: Pool | null;
  isAccessible?: boolean;
  hasCharger?: boolean;
  /** The slot's owner when it is assigned to one (modules/assigned-slots); null or none: assigned to nobody. */
  assigned?: AssignedSlot | null;
};

/**
 * A garage's fair draw as the rules read it: its settings, and the days whose requests are still PENDING
 * (requested and not drawn yet, or not settled yet where the garage stopped drawing).
 */
export type GarageDraw = DrawSettings & { pendingDates: readonly LocalDate[] };

/** A ReservationInput reduced to what the rules decide on, with the relations already looked up. */
export type RequestFacts = {
  type: ReservationType;
  date: LocalDate;
  /** LONG only: the last day of the series. */
  endDate?: LocalDate | null;
  startTime: LocalTime;
  endTime: LocalTime;
  owner: ReservationOwner | null;
  car: CarFacts | null;
  slot: SlotFacts | null;
  guestName?: string | null;
  guestEmail?: string | null;
  guestLicensePlate?: string | null;
};

/** The owner's upcoming ACTIVE reservations that count against the quotas, not counting the one asked for. */
export type UpcomingCounts = { normal: number; guest: number; longSeries: number };

export type RuleContext = {
  actor: RuleActor;
  now: Date;
  timeZone: string;
  calendar: WorkingCalendar;
  /** How many days ahead a non-administrator may reserve NORMAL and GUEST; the contract's default is 14. */
  horizonDays?: number;
  /** How many minutes before its start an accessible slot is offered to everybody; the default is 30. */
  accessibleSlotReleaseMinutes?: number;
};

/** A stored reservation as the delete, cancel and modify rules see it. */
export type StoredReservation = {
  ownerId: string;
  type: ReservationType;
  status: ReservationStatus;
  date: LocalDate;
  start: Date;
  end: Date;
};
