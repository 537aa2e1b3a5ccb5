import { sql } from 'kysely';
import { adminOnly, FALSE_PREDICATE, TRUE_PREDICATE } from '../../engine/access.ts';
import { entitySource, fileObject } from '../../engine/source.ts';

const admin = (_alias: string, scope: Parameters<typeof adminOnly>[0]) => adminOnly(scope);
const allRows = () => TRUE_PREDICATE;

export const additionalDaySource = entitySource('AdditionalDay', {
  table: 'additional_days',
  notNull: ['day', 'typeOfDay'],
  defaultOrder: [{ attribute: 'day', descending: false }],
  scope: admin,
  updateable: admin,
  deleteable: admin,
});

export const configurationSettingsSource = entitySource('ConfigurationSettings', {
  table: 'configuration',
  instanceId: () => '1',
  notNull: ['timeZone', 'maxDaysInAdvance'],
  scope: admin,
  updateable: admin,
  deleteable: () => FALSE_PREDICATE,
  relations: {
    additionalDays: { link: allRows, write: { kind: 'targetColumn', column: null } },
    doormans: { link: allRows, write: { kind: 'targetColumn', column: null } },
  },
});

/*
 * The configured palm of the holiday cards, read as a file attribute of the actor's own panel: the token the
 * engine mints is the reader's, so the download answers them without their reading the (administrators')
 * configuration. Both panels that show holiday cards carry it.
 */
export const configuredHolidayImage = () =>
  fileObject(sql`(SELECT c.holiday_image_id FROM configuration c WHERE c.id = 1)`);
