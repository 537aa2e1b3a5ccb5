/* Plain constants of the HTTP surface: no zod here, the browser imports them at start-up. */

/** Paths of the Actor service, relative to the API base `/api`. */
export const API_BASE = '/api';
export const FILES_BASE = '/ParkHere';
export const actorPaths = {
  meta: 'services/Actor/~meta',
  principal: 'services/Actor/~principal',
  health: 'health',
  live: 'health/live',
  ready: 'health/ready',
} as const;

/** Request headers of SPEC §7, and the answers' own (count, fault, notice). */
export const headers = {
  signedIdentifier: 'X-Judo-SignedIdentifier',
  mask: 'X-Judo-Mask',
  markSelectedRangeItems: 'X-Judo-MarkSelectedRangeItems',
  countRecords: 'X-Judo-CountRecords',
  count: 'X-Judo-Count',
  fault: 'X-Fault',
  token: 'X-Token',
  notice: 'X-Notice',
} as const;

/**
 * What a successful write did not do, in its answer's `X-Notice` header (a comma list): the change is made, but
 * a mail it would have sent was not, because the user's or the address's mail budget is used up (README,
 * Security). GUEST_NOT_MAILED: the guest is not told of it; DOORMEN_NOT_NOTIFIED: nor are the doormen at once.
 */
export const NOTICES = ['GUEST_NOT_MAILED', 'DOORMEN_NOT_NOTIFIED'] as const;
export type Notice = (typeof NOTICES)[number];

/**
 * The signed-in user's personal calendar feed, relative to the API base: GET reads it, POST turns it on,
 * DELETE turns it off; POST to `reset` gives it a new address and the old one stops working at once.
 */
export const calendarFeedPaths = { feed: 'calendar-feed', reset: 'calendar-feed/~reset' } as const;

/**
 * Everything ParkHere holds about the signed-in user, as one JSON attachment (GET, relative to the API base):
 * each part by the module that holds it (profile, cars, reservations, holidays, waitlist, draw, calendar feed).
 */
export const PERSONAL_DATA_PATH = 'personal-data';

/** Where the feeds are served, below FILES_BASE, without sign-in: `/ParkHere/calendar/{token}.ics`. */
export const CALENDAR_FEED_PATH = '/calendar';

/** The answer of every calendar-feed call: the feed's address while it is on. */
export type CalendarFeedState = { enabled: boolean; url: string | null };

/**
 * The web client renews its access token this many seconds before it expires (SPEC §9). A token that lives
 * less than twice this long would be renewed again almost as soon as it arrives, so the server refuses to
 * issue shorter ones.
 */
export const ACCESS_TOKEN_RENEW_SECONDS = 60;
export const MIN_ACCESS_TOKEN_TTL_SECONDS = 2 * ACCESS_TOKEN_RENEW_SECONDS;

/** Web Push (issue 32, item 4), relative to the API base; push.ts has the bodies' schemas. */
export const pushPaths = {
  /** GET: the application server key the browser subscribes with (`applicationServerKey`). */
  vapidPublicKey: 'push/vapid-public-key',
  /** POST a browser's PushSubscription (its toJSON()); DELETE `{endpoint}`: the caller's own subscription. */
  subscriptions: 'push/subscriptions',
  /** POST: "Notifications are on", sent to each of the caller's subscriptions. */
  test: 'push/test',
} as const;
