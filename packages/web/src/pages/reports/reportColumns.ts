import type {
  ReportAttendance,
  ReportDay,
  ReportGarage,
  ReportSlot,
  ReportType,
  ReportUser,
  ReportWeekday,
} from '@parkhere/contract';
import type { TFunction } from 'i18next';
import type { Cell, ReportColumn } from './reportTable.ts';

/*
 * The columns of each report's table (and CSV), headed in the interface's language. A share (occupancy, no-show
 * rate) is a percentage with one decimal.
 */

export const percent = (share: number | null): Cell =>
  share === null ? null : Math.round(share * 1000) / 10;

/** The columns of the reports, as `t` heads them; `weekdayName` names an ISO weekday (1 Monday). */
export function reportColumns(t: TFunction<'application'>, weekdayName: (weekday: number) => string) {
  const column = <R>(key: string, cell: (row: R) => Cell): ReportColumn<R> => ({
    header: t(`adminViews.reports.column.${key}`),
    cell,
  });
  const occupancy = <R extends ReportDay | ReportWeekday>(): ReportColumn<R>[] => [
    column('reservations', (row) => row.reservations),
    column('reservedSlotHours', (row) => row.reservedSlotHours),
    column('availableSlotHours', (row) => row.availableSlotHours),
    column('occupancy', (row) => percent(row.occupancy)),
    column('peakInUse', (row) => row.peakInUse),
  ];
  const attendance = <R extends ReportAttendance>(): ReportColumn<R>[] => [
    column('reservations', (row) => row.reservations),
    column('checkIns', (row) => row.checkIns),
    column('noShows', (row) => row.noShows),
    column('releases', (row) => row.releases),
    column('noShowRate', (row) => percent(row.noShowRate)),
  ];
  return {
    days: [column<ReportDay>('date', (row) => row.date), ...occupancy<ReportDay>()],
    weekdays: [
      column<ReportWeekday>('weekday', (row) => weekdayName(row.weekday)),
      column<ReportWeekday>('days', (row) => row.days),
      ...occupancy<ReportWeekday>(),
    ],
    demand: [
      column<ReportDay>('date', (row) => row.date),
      column<ReportDay>('reservations', (row) => row.reservations),
      column<ReportDay>('waitlistUnserved', (row) => row.waitlistUnserved),
      column<ReportDay>('drawLosers', (row) => row.drawLosers),
      column<ReportDay>('cancellations', (row) => row.cancellations),
    ],
    garages: [column<ReportGarage>('garage', (row) => row.name), ...attendance<ReportGarage>()],
    users: [
      column<ReportUser>('user', (row) => row.name),
      column<ReportUser>('email', (row) => row.email),
      ...attendance<ReportUser>(),
    ],
    types: [
      column<ReportType>('type', (row) => t(`enumeration.ReservationType.${row.type}`)),
      column<ReportType>('reservations', (row) => row.reservations),
      column<ReportType>('cancellations', (row) => row.cancellations),
      column<ReportType>('deletions', (row) => row.deletions),
      column<ReportType>('averageLeadHours', (row) => row.averageLeadHours),
    ],
    slots: [
      column<ReportSlot>('slot', (row) => row.name),
      column<ReportSlot>('active', (row) =>
        t(row.active ? 'adminViews.reports.yes' : 'adminViews.reports.no'),
      ),
      column<ReportSlot>('reservations', (row) => row.reservations),
      column<ReportSlot>('hoursUsed', (row) => row.hoursUsed),
    ],
  };
}
