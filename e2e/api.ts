import type { LocalDate } from '@parkhere/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/* The API as the specs call it beside the page: tokens, posts, and the reservations they make and remove. */

/** An entity as the API answers it, with the metadata the tests pass back. */
export type Entity = Record<string, unknown> & { __identifier?: string; __signedIdentifier?: string };

/** The signed-in user's access token, from the session the web app keeps (SPEC §9). */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let index = 0; index < sessionStorage.length; index += 1) {
      const key = sessionStorage.key(index) ?? '';
      if (key.startsWith('oidc.user:') && key.endsWith(':parkhere-web')) {
        return JSON.parse(sessionStorage.getItem(key) ?? '{}').access_token as string | undefined;
      }
    }
    return undefined;
  });
  if (token === undefined) {
    throw new Error('no access token in the session');
  }
  return token;
}

/**
 * Posts to the API as the token's user, on the record `signedIdentifier` names when given (SPEC §9's
 * X-Judo-SignedIdentifier). A refusal answers its text instead of failing the test; an empty answer (an
 * operation without output) answers undefined.
 */
export function apiOf(request: APIRequestContext, token: string) {
  return async (path: string, data?: unknown, signedIdentifier?: string) => {
    const response = await request.post(`/api/services/${path}`, {
      headers: {
        Authorization: `Bearer ${token}`,
        ...(signedIdentifier === undefined ? {} : { 'X-Judo-SignedIdentifier': signedIdentifier }),
      },
      data: data ?? {},
    });
    const text = await response.text();
    return {
      ok: response.ok(),
      status: response.status(),
      body: response.ok() ? (text === '' ? undefined : JSON.parse(text)) : text,
    };
  };
}

/** `apiOf` for a write the test builds on: any answer but 200 fails the test there, naming the path and answer. */
export function acceptedApiOf(request: APIRequestContext, token: string) {
  const post = apiOf(request, token);
  return async (path: string, data?: unknown, signedIdentifier?: string): Promise<Entity & Entity[]> => {
    const answer = await post(path, data, signedIdentifier);
    expect(answer.status, `${path}: ${answer.ok ? '' : String(answer.body)}`).toBe(200);
    return answer.body as Entity & Entity[];
  };
}

/**
 * A NORMAL reservation of the token's user with their first car, made through the API as the form would: on the
 * first of `days` that offers a slot `pick` takes and accepts the booking. Throws with every day's refusal.
 * `email`: the token's user's, for an administrator (whose form lists every user).
 */
export async function reserveOnFirstFreeDay(
  request: APIRequestContext,
  token: string,
  options: {
    days: readonly LocalDate[];
    startTime: string;
    endTime: string;
    pick?: (slots: Entity[]) => Entity | undefined;
    email?: string;
  },
): Promise<{ day: LocalDate; reservation: Entity; reservations: Entity[] }> {
  const { days, startTime, endTime, pick = (slots) => slots[0], email } = options;
  const post = apiOf(request, token);
  const [self] = (
    await post(
      'Actor/usersForInput/~list',
      email === undefined ? undefined : { email: [{ operator: 'equal', value: email }] },
    )
  ).body as Entity[];
  const [car] = (await post('ReservationInput/car/~range', { owner: { user: self }, queryCustomizer: {} }))
    .body as Entity[];
  const refusals: string[] = [];
  for (const day of days) {
    const draft = { reservationType: 'NORMAL', date: day, startTime, endTime, user: self, car };
    const range = await post('ReservationInput/parkingSlot/~range', {
      owner: draft,
      queryCustomizer: { _mask: '{aggregaredName}' },
    });
    const slot = range.ok ? pick(range.body as Entity[]) : undefined;
    if (slot === undefined) {
      refusals.push(`${day}: no slot offered`);
      continue;
    }
    const created = await post('UserReservationPanel/reservation', { ...draft, parkingSlot: slot });
    const reservations = created.ok ? (created.body as Entity[]) : [];
    const [reservation] = reservations;
    if (reservation !== undefined) {
      return { day, reservation, reservations };
    }
    refusals.push(`${day}: ${JSON.stringify(created.body)}`);
  }
  throw new Error(`no day to reserve on: ${refusals.join('; ')}`);
}

/**
 * Deletes the user's reservations a test made (as `token`'s user, by default the page's). A reservation another
 * spec changed meanwhile (the time-zone spec moves every reservation to come, a new version each time) is
 * deleted by its current signed identifier; a clean-up that fails otherwise fails the test, as a booking left
 * behind meets a later test as an overlap.
 */
export async function deleteReservations(
  request: APIRequestContext,
  page: Page,
  reservations: readonly Entity[],
  token?: string,
) {
  token ??= await accessTokenOf(page);
  const post = apiOf(request, token);
  const remove = (signedIdentifier: string) =>
    post('UserReservation/deleteReservation', undefined, signedIdentifier);
  for (const reservation of reservations) {
    if (reservation.__signedIdentifier === undefined) {
      continue;
    }
    let deleted = await remove(reservation.__signedIdentifier);
    if (deleted.status === 409) {
      const panel = await post('Actor/userReservationPanel/~get');
      const active = await post(
        'UserReservationPanel/activeReservations/~list',
        {},
        (panel.body as Entity).__signedIdentifier,
      );
      const current = (active.body as Entity[]).find((row) => row.__identifier === reservation.__identifier);
      if (current?.__signedIdentifier === undefined) {
        continue;
      }
      deleted = await remove(current.__signedIdentifier);
    }
    if (!deleted.ok && deleted.status !== 404) {
      throw new Error(`could not delete a test's reservation: ${deleted.status} ${String(deleted.body)}`);
    }
  }
}

/**
 * The demo slot only reservations.spec's cancel test books: a spec beside it cannot take the slot the moment the
 * test frees it. Specs that pick a free slot at random leave it out.
 */
export const UNSHARED_SLOT = 'A-214';

/**
 * A GUEST reservation by the administrator (`token`'s user) in the demo doorman's garage (HQ Garage) today,
 * from five minutes after the app's current minute for `minutes`: an arrival the doorman's screen lists.
 */
export async function guestArrivalToday(
  request: APIRequestContext,
  token: string,
  guest: { name: string; licensePlate: string; minutes?: number },
): Promise<Entity> {
  const post = acceptedApiOf(request, token);
  const template = await request.get('/api/services/ReservationInput/~template', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { currentDate, currentTime } = (await template.json()) as Entity;
  const [hours = 0, minutes = 0] = String(currentTime).split(':').map(Number);
  // The app clock is a morning (playwright.config.ts): today holds the reservation at any real hour.
  const start = hours * 60 + minutes + 5;
  const pad = (value: number) => String(value).padStart(2, '0');
  const time = (total: number) => `${pad(Math.floor(total / 60))}:${pad(total % 60)}:00`;
  const [me] = await post('Actor/usersForInput/~list', {
    email: [{ operator: 'equal', value: 'admin@parkhere.example' }],
  });
  const draft = {
    reservationType: 'GUEST',
    date: currentDate,
    startTime: time(start),
    endTime: time(start + (guest.minutes ?? 40)),
    guestName: guest.name,
    guestEmail: 'guest@elsewhere.example',
    guestLicensePlate: guest.licensePlate,
    sendNotification: false,
    user: me,
  };
  const slots = await post('ReservationInput/parkingSlot/~range', {
    owner: draft,
    queryCustomizer: { _mask: '{aggregaredName}' },
  });
  const free = slots.filter((candidate) => {
    const name = String(candidate.aggregaredName);
    return name.includes('(HQ Garage)') && !name.startsWith(`${UNSHARED_SLOT} `);
  });
  expect(free.length, 'a free HQ Garage slot').toBeGreaterThan(0);
  // Tests side by side take slots at once: a random free one, another if it went meanwhile.
  const refusals: string[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const slot = free[Math.floor(Math.random() * free.length)];
    const created = await apiOf(request, token)('ReservationsPanel/reservation', {
      ...draft,
      parkingSlot: slot,
    });
    if (created.ok) {
      return (created.body as Entity[])[0] as Entity;
    }
    refusals.push(String(created.body));
  }
  throw new Error(`no guest arrival: ${refusals.join('; ')}`);
}
