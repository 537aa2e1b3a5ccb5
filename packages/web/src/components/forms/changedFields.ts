/** The profile attributes a user may write; the rest of the page is read-only or saved by its own calls. */
export const PROFILE_EDITABLE_FIELDS = ['name', 'startOfWorkingTime', 'endOfWorkingTime'] as const;

export type ProfileEditableField = (typeof PROFILE_EDITABLE_FIELDS)[number];

/** Times travel as `HH:mm:ss`; a time input answers `HH:mm`, which is no change when the seconds are zero. */
const normalized = (value: unknown): unknown =>
  typeof value === 'string' && /^\d{2}:\d{2}$/.test(value) ? `${value}:00` : value;

/**
 * The fields whose value differs from what was loaded, in the order given: they become the `X-Judo-Mask`
 * of the save, so a field nobody touched is never overwritten with a stale value.
 */
export function changedFields<F extends string>(
  loaded: Readonly<Record<string, unknown>>,
  edited: Readonly<Record<string, unknown>>,
  fields: readonly F[],
): F[] {
  return fields.filter((field) => normalized(loaded[field]) !== normalized(edited[field]));
}
