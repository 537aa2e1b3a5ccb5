import { queryOptions } from '@tanstack/react-query';
import { getAccessPoint, type Row, template } from './model.ts';

/*
 * The server state of the profile settings page as TanStack Query keys and reads. A save writes its answer
 * into the cache; it also changes the working hours the reservation form starts from (reservationKeys).
 */

export const profileKeys = {
  settings: ['ProfileSettings', 'settings'] as const,
  carTemplate: ['CreateCarInput', 'template'] as const,
};

/** The signed-in user's own settings. */
export const profileSettingsQuery = () =>
  queryOptions({ queryKey: profileKeys.settings, queryFn: () => getAccessPoint('profileSettings') });

/** A new car's defaults, the `CreateCarInput ~template`. */
export const carTemplateQuery = () =>
  queryOptions({ queryKey: profileKeys.carTemplate, queryFn: () => template<Row>('CreateCarInput') });
