import type { PushAction, PushMessage } from '@parkhere/contract';

/*
 * The service worker's part of Web Push (issue 32, item 4), installed by offline/serviceWorker.ts: a push shows
 * its notification (title, body, the reservation's actions); a click opens the screen the message names in a
 * window of the app (an open one if there is), and an action ("I'm here", "Not coming") POSTs to the signed
 * single-purpose link the message carries, as the mail's link page's button does: no sign-in needed, nothing
 * opened. What the action did is said in a notification of its own.
 */

type WorkerWindow = { url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> };
type ExtendableEvent = { waitUntil(work: Promise<unknown>): void };
type PushEvent = ExtendableEvent & { data: { json(): unknown } | null };
type ShownNotification = { data: unknown; close(): void; tag: string };
type NotificationClickEvent = ExtendableEvent & { action: string; notification: ShownNotification };

export type PushWorkerScope = {
  location: { origin: string };
  registration: { showNotification(title: string, options: Record<string, unknown>): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WorkerWindow[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
};

/** What an action's POST did, in the message's language: done, or open the app to see why not. */
const DONE: Record<string, Record<PushAction, string> & { failed: string }> = {
  'en-US': {
    'check-in': 'You are checked in.',
    release: 'The slot is given back.',
    failed: 'That did not work: open ParkHere to see why.',
  },
  'hu-HU': {
    'check-in': 'Érkezését rögzítettük.',
    release: 'A helyet visszaadta.',
    failed: 'Ez nem sikerült: nyissa meg a ParkHere-t, hogy lássa, miért.',
  },
};

const isMessage = (value: unknown): value is PushMessage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PushMessage).title === 'string' &&
  typeof (value as PushMessage).url === 'string';

/** Only the app's own screens open: a message never sends the user elsewhere. */
const sameOrigin = (scope: PushWorkerScope, url: string): string => {
  const target = new URL(url, scope.location.origin);
  return target.origin === scope.location.origin ? target.href : scope.location.origin;
};

/** The app's window focused on `url`: an open window navigated there, else a new one. */
async function openScreen(scope: PushWorkerScope, url: string): Promise<void> {
  const target = sameOrigin(scope, url);
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((window) => new URL(window.url).origin === scope.location.origin);
  if (open === undefined) {
    await scope.clients.openWindow(target);
    return;
  }
  await open.focus();
  await open.navigate(target);
}

/** Runs an action's link and says how it went. */
async function act(scope: PushWorkerScope, message: PushMessage, action: PushAction): Promise<void> {
  const link = message.reservation?.actions.find((offered) => offered.action === action);
  const texts = DONE[message.lang] ?? DONE['en-US'];
  if (link === undefined || texts === undefined) {
    await openScreen(scope, message.url);
    return;
  }
  let ok = false;
  try {
    const answer = await fetch(sameOrigin(scope, link.url), { method: 'POST', credentials: 'omit' });
    ok = answer.ok;
  } catch {
    ok = false;
  }
  await scope.registration.showNotification(message.title, {
    body: ok ? texts[action] : texts.failed,
    tag: message.tag,
    lang: message.lang,
    data: { ...message, reservation: undefined },
  });
}

export function installPushHandlers(scope: PushWorkerScope): void {
  scope.addEventListener('push', (event) => {
    const message = event.data?.json();
    if (!isMessage(message)) {
      return;
    }
    event.waitUntil(
      scope.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag,
        lang: message.lang,
        icon: '/icons/pwa-192.png',
        data: message,
        actions: (message.reservation?.actions ?? []).map(({ action, title }) => ({ action, title })),
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    const message = event.notification.data;
    event.notification.close();
    if (!isMessage(message)) {
      event.waitUntil(openScreen(scope, '/'));
      return;
    }
    const action = event.action as PushAction | '';
    event.waitUntil(action === '' ? openScreen(scope, message.url) : act(scope, message, action));
  });
}
