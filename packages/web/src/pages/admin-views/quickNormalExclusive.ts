/** The two reservation flags SPEC §4 keeps exclusive in the users access form. */
export type ExclusiveFlag = 'isQuickReservation' | 'isNormalReservation';

const OTHER: Record<ExclusiveFlag, ExclusiveFlag> = {
  isQuickReservation: 'isNormalReservation',
  isNormalReservation: 'isQuickReservation',
};

/** Changing quick or normal sets the other to its opposite, so a user is exactly one of the two. */
export function withExclusiveFlag<T extends Record<string, unknown>>(
  entity: T,
  flag: ExclusiveFlag,
  value: boolean,
): T {
  return { ...entity, [flag]: value, [OTHER[flag]]: !value };
}
