import type { PushMessage } from '@parkhere/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPushHandlers, type PushWorkerScope } from './workerPush.ts';

const ORIGIN = 'https://parkhere.example.com';
const RELEASE = `${ORIGIN}/ParkHere/release/42.abc.mac`;
const CHECK_IN = `${ORIGIN}/ParkHere/check-in/42.abc.mac`;

const message: PushMessage = {
  title: 'Check in now',
  body: 'Tue, 12/01/2026 09:00–12:00, A-120 (HQ Garage)\nCheck in by 09:30.',
  url: '/?reservation=42',
  tag: 'check-in-open:42',
  lang: 'en-US',
  reservation: {
    signedIdentifier: 'a.b.c',
    actions: [
      { action: 'check-in', title: "I'm here", url: CHECK_IN },
      { action: 'release', title: 'Not coming', url: RELEASE },
    ],
  },
};

type Listener = (event: unknown) => void;

/** A service worker scope that records what the handlers do. */
function workerScope(windows: { url: string }[] = []) {
  const listeners = new Map<string, Listener>();
  const work: Promise<unknown>[] = [];
  const opened = vi.fn(async (_url: string) => undefined);
  const navigated = vi.fn(async (_url: string) => undefined);
  const shown = vi.fn(async (_title: string, _options: Record<string, unknown>) => undefined);
  const scope = {
    location: { origin: ORIGIN },
    registration: { showNotification: shown },
    clients: {
      matchAll: async () =>
        windows.map((window) => ({ ...window, focus: async () => undefined, navigate: navigated })),
      openWindow: opened,
    },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  } as unknown as PushWorkerScope;
  installPushHandlers(scope);
  const dispatch = async (type: string, event: object) => {
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => work.push(promise) });
    await Promise.all(work);
  };
  return { dispatch, opened, navigated, shown };
}

const clicked = (action: string) => ({
  action,
  notification: { data: message, tag: message.tag, close: vi.fn() },
});

afterEach(() => vi.unstubAllGlobals());

describe('the service worker’s push handlers', () => {
  it('shows a push message as a notification with its actions', async () => {
    const worker = workerScope();
    await worker.dispatch('push', { data: { json: () => message } });
    expect(worker.shown).toHaveBeenCalledWith('Check in now', {
      body: message.body,
      tag: message.tag,
      lang: 'en-US',
      icon: '/icons/pwa-192.png',
      data: message,
      actions: [
        { action: 'check-in', title: "I'm here" },
        { action: 'release', title: 'Not coming' },
      ],
    });
  });

  it('ignores a push that is no message of the app', async () => {
    const worker = workerScope();
    await worker.dispatch('push', { data: { json: () => ({ hello: 'world' }) } });
    await worker.dispatch('push', { data: null });
    expect(worker.shown).not.toHaveBeenCalled();
  });

  it('opens the screen the message names: an open window of the app is taken there', async () => {
    const fresh = workerScope();
    await fresh.dispatch('notificationclick', clicked(''));
    expect(fresh.opened).toHaveBeenCalledWith(`${ORIGIN}/?reservation=42`);
    const open = workerScope([{ url: `${ORIGIN}/Services/Actor/ProfileSettings/AccessViewPage` }]);
    await open.dispatch('notificationclick', clicked(''));
    expect(open.navigated).toHaveBeenCalledWith(`${ORIGIN}/?reservation=42`);
    expect(open.opened).not.toHaveBeenCalled();
  });

  it('gives the reservation back from "Not coming" by the release link, and says so', async () => {
    const fetched = vi.fn(async (_url: string, _init: RequestInit) => new Response('', { status: 200 }));
    vi.stubGlobal('fetch', fetched);
    const worker = workerScope();
    await worker.dispatch('notificationclick', clicked('release'));
    expect(fetched).toHaveBeenCalledWith(RELEASE, { method: 'POST', credentials: 'omit' });
    expect(worker.opened).not.toHaveBeenCalled();
    expect(worker.shown).toHaveBeenCalledWith(
      'Check in now',
      expect.objectContaining({ body: 'The slot is given back.', tag: message.tag }),
    );
  });

  it('checks in from "I\'m here" by the check-in link; a refusal says to open the app', async () => {
    const fetched = vi.fn(async (_url: string, _init: RequestInit) => new Response('', { status: 422 }));
    vi.stubGlobal('fetch', fetched);
    const worker = workerScope();
    await worker.dispatch('notificationclick', clicked('check-in'));
    expect(fetched).toHaveBeenCalledWith(CHECK_IN, { method: 'POST', credentials: 'omit' });
    expect(worker.shown).toHaveBeenCalledWith(
      'Check in now',
      expect.objectContaining({ body: 'That did not work: open ParkHere to see why.' }),
    );
  });
});
