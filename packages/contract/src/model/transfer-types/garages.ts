import { binary, boolean, integer, picked, relation, string, time, transfer } from '../dsl.ts';
import type { TransferOf } from '../transfer-of.ts';
import { localizedTemplate } from './attributes.ts';
import { administeredRecord } from './records.ts';

/** A slot's place on its floor plan: percent of the image, whole numbers from 0 to 100. */
export const PLAN_POSITION_BOUNDS = { min: 0, max: 100 } as const;

const PLAN_AXES = ['planX', 'planY'] as const;

/**
 * A slot's plan position: each a percent within PLAN_POSITION_BOUNDS (PLAN_POSITION_OUT_OF_RANGE), and both or
 * neither (PLAN_POSITION_INCOMPLETE, at the one missing). A body that does not carry both is judged on the row
 * as written, the stored one merged in.
 */
export const planPositionErrors = (values: Readonly<Record<string, unknown>>) => {
  const outOfRange = PLAN_AXES.flatMap((axis) => {
    const value = values[axis];
    return typeof value === 'number' && (value < PLAN_POSITION_BOUNDS.min || value > PLAN_POSITION_BOUNDS.max)
      ? [{ code: 'PLAN_POSITION_OUT_OF_RANGE' as const, location: axis }]
      : [];
  });
  const [x, y] = [values.planX, values.planY];
  if (x === undefined || y === undefined || (x === null) === (y === null)) {
    return outOfRange;
  }
  return [
    ...outOfRange,
    { code: 'PLAN_POSITION_INCOMPLETE' as const, location: x === null ? 'planX' : 'planY' },
  ];
};

// A slot's full name, which the database writes from its name, its floor and its garage's name.
const aggregaredName = string({ derived: true, maxLength: 200 });

/** A garage as users see it: its name, and its fair draw, which the page "How the draw works" explains. */
export const ParkingGarage = transfer('ParkingGarage', {
  entity: 'ParkingGarage',
  attributes: {
    name: string({ readOnly: true, maxLength: 100 }),
    drawEnabled: boolean({ readOnly: true }),
    drawCutoffTime: time({ readOnly: true }),
    drawCutoffWorkingDaysBefore: integer({ readOnly: true }),
    drawFairnessWeeks: integer({ readOnly: true }),
  },
});
export type ParkingGarage = TransferOf<typeof ParkingGarage>;

/** A slot as users see it. */
export const ParkingSlot = transfer('ParkingSlot', {
  entity: 'ParkingSlot',
  attributes: {
    name: string({ readOnly: true, maxLength: 50 }),
    floor: integer({ readOnly: true }),
    aggregaredName,
    isActive: boolean({ readOnly: true, nullable: true }),
    isExclusive: boolean({ readOnly: true, nullable: true }),
    nextToWall: boolean({ readOnly: true, nullable: true }),
    // What the reservation form's picker groups by and shows of the chosen slot.
    garageName: string({ derived: true, maxLength: 100 }),
    floorPlan: binary({ readOnly: true }),
    // Its garage's fair draw, so that the form knows a day in the draw (the contract's isInDraw) and requests it.
    drawEnabled: boolean({ derived: true }),
    drawCutoffTime: time({ derived: true, filter: false }),
    drawCutoffWorkingDaysBefore: integer({ derived: true, filter: false }),
    // Who may take it (issue 29): the group whose pool it is, an accessible slot, a slot with a charger.
    poolGroupName: string({ derived: true, maxLength: 100 }),
    isAccessible: boolean({ readOnly: true, nullable: true }),
    hasCharger: boolean({ readOnly: true, nullable: true }),
  },
});
export type ParkingSlot = TransferOf<typeof ParkingSlot>;

export const ParkingGarageSettings = transfer('ParkingGarageSettings', {
  entity: 'ParkingGarage',
  attributes: {
    name: string({ required: true, maxLength: 100 }),
    isActive: boolean({ default: true }),
    ...localizedTemplate('emailTemplateOfTheGarage'),
    // Check-in (off: reservations are kept whether or not anyone comes).
    checkInRequired: boolean({ default: false }),
    checkInGraceMinutes: integer({ default: 30 }),
    checkInEarlyMinutes: integer({ default: 15 }),
    // The fair draw (off: first come, first served). A day is in the draw until drawCutoffTime on the working
    // day drawCutoffWorkingDaysBefore working days before it (0–30); the draw weighs the last
    // drawFairnessWeeks weeks (1–52) of each requester's wins, losses and no-shows.
    drawEnabled: boolean({ default: false }),
    drawCutoffTime: time({ default: '14:00:00' }),
    drawCutoffWorkingDaysBefore: integer({ default: 2 }),
    drawFairnessWeeks: integer({ default: 8 }),
  },
  relations: {
    parkingSlots: relation('ParkingSlotSettings', 'many', { updates: ['create'] }),
    accessedUsers: picked('UserSettings', 'many'),
    usersWithIdCard: picked('UserSettings', 'many'),
  },
  ...administeredRecord,
});
export type ParkingGarageSettings = TransferOf<typeof ParkingGarageSettings>;

export const ParkingSlotSettings = transfer('ParkingSlotSettings', {
  entity: 'ParkingSlot',
  attributes: {
    name: string({ required: true, maxLength: 50 }),
    floor: integer({ required: true }),
    aggregaredName,
    nextToWall: boolean({ default: false }),
    isActive: boolean({ default: true }),
    isExclusive: boolean({ default: false }),
    // Offered only to holders of an accessibility permit until shortly before its start (ConfigurationSettings).
    isAccessible: boolean({ default: false }),
    // Offered only to a reservation whose car is electric.
    hasCharger: boolean({ default: false }),
    floorPlan: binary(),
    // Where the slot is on its floor plan (issue 32, item 1): percent of the image's width from the left and of its
    // height from the top, both or neither (PLAN_POSITION_BOUNDS); the day view draws the slot there.
    planX: integer({ filter: false }),
    planY: integer({ filter: false }),
  },
  check: planPositionErrors,
  relations: {
    // The group whose pool the slot is: its members book it at any time, others from the group's release.
    reservedForGroup: picked('GroupSettings', 'one'),
    // A slot always stands in a garage: it may move to another, never to none.
    parkingGarage: relation('ParkingGarageSettings', 'one', {
      required: true,
      range: true,
      updates: ['set'],
    }),
    // [Pools] The one user the slot is assigned to, who needs no booking for it; anybody else is offered it
    // only on the days its owner is on holiday or has given back (UserReservationPanel.releaseAssignedSlot).
    assignedTo: picked('UserForInput', 'one'),
  },
  ...administeredRecord,
});
export type ParkingSlotSettings = TransferOf<typeof ParkingSlotSettings>;
