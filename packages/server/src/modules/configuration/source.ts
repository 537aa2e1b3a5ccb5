import { adminOnly, FALSE_PREDICATE, TRUE_PREDICATE } from '../../engine/policy.ts';
import { entitySource, joinLink } from '../../engine/source.ts';

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

export const doormanSource = entitySource('Doorman', {
  table: 'doormen',
  notNull: ['name', 'email'],
  defaultOrder: [{ attribute: 'name', descending: false }],
  scope: admin,
  updateable: admin,
  deleteable: admin,
  relations: {
    assignedGarages: {
      link: joinLink('doorman_garages', 'doorman_id', 'parking_garage_id'),
      range: allRows,
      write: {
        kind: 'joinTable',
        table: 'doorman_garages',
        ownerColumn: 'doorman_id',
        targetColumn: 'parking_garage_id',
      },
    },
  },
  normalize: (values) =>
    typeof values.email === 'string' ? { ...values, email: values.email.trim() } : values,
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
