import { integer, picked, string, time, transfer } from '../dsl.ts';
import type { TransferOf } from '../transfer-of.ts';
import { administeredRecord } from './records.ts';

/**
 * The bounds of a group's rules, both ends included: a horizon of at most a year, quotas of at most 100
 * upcoming reservations or series, a pool released at most 30 working days before its day. Outside them a
 * value is 400 GROUP_RULE_OUT_OF_RANGE on its attribute (`details` are not carried by an instance check, so
 * the message names the bounds).
 */
export const GROUP_RULE_BOUNDS = {
  maxDaysInAdvance: { min: 0, max: 365 },
  maxNormalReservation: { min: 0, max: 100 },
  maxLongReservation: { min: 0, max: 100 },
  poolReleaseWorkingDaysBefore: { min: 0, max: 30 },
} as const;

const outOfBounds = (values: Readonly<Record<string, unknown>>) =>
  Object.entries(GROUP_RULE_BOUNDS).flatMap(([attribute, { min, max }]) => {
    const value = values[attribute];
    return typeof value === 'number' && (value < min || value > max)
      ? [{ code: 'GROUP_RULE_OUT_OF_RANGE' as const, location: attribute }]
      : [];
  });

/**
 * A group of users with rules of its own, as administrators manage it (Settings › Groups). Each rule left
 * empty is not set by the group: its members keep today's value (the configuration's horizon, their own
 * quotas). A user in several groups gets the most generous value of each rule (effectiveRules).
 */
export const GroupSettings = transfer('GroupSettings', {
  entity: 'Group',
  attributes: {
    name: string({ required: true, maxLength: 100 }),
    /** The directory's id of the group (SCIM), when the directory maintains it. */
    externalId: string({ maxLength: 255 }),
    maxDaysInAdvance: integer(),
    maxNormalReservation: integer(),
    maxLongReservation: integer(),
    /** When the group's pool slots go to everybody: this time, poolReleaseWorkingDaysBefore working days before. */
    poolReleaseTime: time({ default: '14:00:00' }),
    poolReleaseWorkingDaysBefore: integer({ default: 1 }),
  },
  relations: {
    members: picked('UserForInput', 'many'),
  },
  check: outOfBounds,
  ...administeredRecord,
});
export type GroupSettings = TransferOf<typeof GroupSettings>;
