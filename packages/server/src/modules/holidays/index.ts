import {
  holidayInputSource,
  holidayPanelSource,
  queryReservationsForHolidayResultSource,
} from '../reservations/panels.ts';
import { holidaySource } from '../reservations/source.ts';

export { holidayOperations as operations, holidayTemplates as templates } from './operations.ts';
export const sources = {
  Holiday: holidaySource,
  HolidayInput: holidayInputSource,
  QueryReservationsForHolidayResult: queryReservationsForHolidayResultSource,
  HolidayPanel: holidayPanelSource,
};
