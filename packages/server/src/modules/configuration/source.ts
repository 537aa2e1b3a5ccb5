import { sql } from 'kysely';
import { administeredRows, adminRows, allRows, noRows } from '../../engine/access.ts';
import { ascending, entitySource, snakeCase } from '../../engine/source.ts';
import { assertTemplatesAccepted, writtenTemplates } from '../../platform/mail/template-check.ts';
import { fileStore } from '../files/index.ts';
import { CONFIGURED_FIELDS } from './mail-settings.ts';
import { assertRetentionMonths } from './retention-settings.ts';

export const additionalDaySource = entitySource('AdditionalDay', {
  table: 'additional_days',
  notNull: ['day', 'typeOfDay'],
  defaultOrder: ascending('day'),
  ...administeredRows,
});

export const configurationSettingsSource = entitySource('ConfigurationSettings', {
  table: 'configuration',
  instanceId: () => '1',
  notNull: [
    'timeZone',
    'maxDaysInAdvance',
    'accessibleSlotReleaseMinutes',
    'retentionMonths',
    'auditRetentionMonths',
  ],
  files: fileStore,
  scope: adminRows,
  updateable: adminRows,
  deleteable: noRows,
  relations: {
    additionalDays: { link: allRows, write: { kind: 'targetColumn', column: null } },
    doormans: { link: allRows, write: { kind: 'targetColumn', column: null } },
  },
  // A template that would fail its mails is refused when it is saved, not found by a failing job.
  beforeWrite: async (_db, { columns }) => {
    assertRetentionMonths(columns);
    assertTemplatesAccepted(writtenTemplates(CONFIGURED_FIELDS, columns, snakeCase));
  },
});

/*
 * The configured palm of the holiday cards, read as a file attribute of the actor's own panel: the token the
 * engine mints is the reader's, so the download answers them without their reading the (administrators')
 * configuration. Both panels that show holiday cards carry it.
 */
export const configuredHolidayImage = () =>
  fileStore.object(sql`(SELECT c.holiday_image_id FROM configuration c WHERE c.id = 1)`);
