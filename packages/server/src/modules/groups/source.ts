import { administeredRows } from '../../engine/access.ts';
import { ascending, entitySource, joinTableRelation } from '../../engine/source.ts';

/** A directory id left blank is none: the unique index allows many groups without one, not two blank ones. */
const normalizeGroup = (values: Record<string, unknown>): Record<string, unknown> => {
  const trimmedOrNull = (value: unknown) =>
    typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value;
  const name = values.name;
  return {
    ...values,
    ...(typeof name === 'string' ? { name: name.trim() } : {}),
    ...('externalId' in values ? { externalId: trimmedOrNull(values.externalId) } : {}),
  };
};

export const groupSettingsSource = entitySource('GroupSettings', {
  table: 'groups',
  notNull: ['name', 'poolReleaseTime', 'poolReleaseWorkingDaysBefore'],
  defaultOrder: ascending('name'),
  ...administeredRows,
  relations: {
    members: joinTableRelation('group_members', 'group_id', 'user_id'),
  },
  normalize: normalizeGroup,
});
