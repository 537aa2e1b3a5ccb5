import { type CalendarFeedState, calendarFeedPaths, type TransferBody } from '@parkhere/contract';
import { queryOptions } from '@tanstack/react-query';
import { send } from './client.ts';
import { getAccessPoint, template } from './model.ts';

/*
 * The server state of the profile settings page as TanStack Query keys and reads. A save writes its answer
 * into the cache; it also changes the working hours the reservation form starts from (reservationKeys).
 */

export const profileKeys = {
  settings: ['ProfileSettings', 'settings'] as const,
  carTemplate: ['CreateCarInput', 'template'] as const,
  calendarFeed: ['CalendarFeed'] as const,
};

/** The signed-in user's own settings. */
export const profileSettingsQuery = () =>
  queryOptions({ queryKey: profileKeys.settings, queryFn: () => getAccessPoint('profileSettings') });

/** A new car's defaults, the `CreateCarInput ~template`. */
export const carTemplateQuery = () =>
  queryOptions({
    queryKey: profileKeys.carTemplate,
    queryFn: () => template<TransferBody<'CreateCarInput'>>('CreateCarInput'),
  });

/** The user's calendar feed: on or off, and its address while on. */
export const calendarFeedQuery = () =>
  queryOptions({
    queryKey: profileKeys.calendarFeed,
    queryFn: async () => (await send<CalendarFeedState>('GET', calendarFeedPaths.feed)).data,
  });

/** Turns the feed on, gives it a new address, or turns it off; each answers the feed as it is now. */
export const changeCalendarFeed = async (
  change: 'enable' | 'reset' | 'disable',
): Promise<CalendarFeedState> => {
  const answer =
    change === 'disable'
      ? await send<CalendarFeedState>('DELETE', calendarFeedPaths.feed)
      : await send<CalendarFeedState>(
          'POST',
          change === 'reset' ? calendarFeedPaths.reset : calendarFeedPaths.feed,
        );
  return answer.data;
};
