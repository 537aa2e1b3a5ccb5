import * as assignedSlots from './modules/assigned-slots/index.ts';
import * as calendar from './modules/calendar/index.ts';
import * as cars from './modules/cars/index.ts';
import * as draw from './modules/draw/index.ts';
import * as groups from './modules/groups/index.ts';
import * as holidays from './modules/holidays/index.ts';
import * as push from './modules/push/index.ts';
import * as reservations from './modules/reservations/index.ts';
import * as users from './modules/users/index.ts';
import * as waitlist from './modules/waitlist/index.ts';
import type { PersonalDataPart } from './platform/personal-data.ts';

/** A user's own copy of their data (`GET /api/personal-data`): each module's part, as its index.ts declares it. */
export const personalDataParts: readonly PersonalDataPart[] = [
  users.personalData,
  cars.personalData,
  reservations.personalData,
  holidays.personalData,
  waitlist.personalData,
  draw.personalData,
  groups.personalData,
  assignedSlots.personalData,
  calendar.personalData,
  push.personalData,
];
