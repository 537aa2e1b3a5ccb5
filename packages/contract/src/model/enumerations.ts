import type { DayType } from '../calendar/working-days.ts';
import { enumeration } from './dsl.ts';

/** In the order the reservation form offers them. */
export const ReservationType = enumeration('ReservationType', ['NORMAL', 'QUICK', 'GUEST', 'LONG']);
export type ReservationType = (typeof ReservationType.values)[number];

export const ReservationStatus = enumeration('ReservationStatus', ['ACTIVE', 'DELETED', 'EXPIRED']);
export type ReservationStatus = (typeof ReservationStatus.values)[number];

export const TypeOfDay = enumeration('TypeOfDay', ['WORK', 'HOLIDAY'] satisfies DayType[]);
export type TypeOfDay = (typeof TypeOfDay.values)[number];

export const enumerations = { ReservationType, ReservationStatus, TypeOfDay } as const;
