import type { PushState, VapidPublicKey } from '@parkhere/contract';
import { pushPaths } from '@parkhere/contract/plain';
import { send } from '../api/client.ts';

/*
 * This browser's Web Push subscription (issue 32, item 4): turned on only from Profile settings' switch (so the
 * browser's permission prompt follows the user's click), turned off there or at sign-out. The service worker
 * (offline/serviceWorker.ts, offline/workerPush.ts) shows what the server sends.
 */

/** What this browser can do about notifications now. */
export type PushStatus =
  /** No service worker, Push API or notifications here (an old browser, an insecure origin, a dev server). */
  | 'unsupported'
  /** The user refused notifications to this site: only the browser's site settings can allow them again. */
  | 'denied'
  | 'off'
  | 'on';

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** How long a page just loaded waits for its worker's registration (made after the load event). */
const REGISTRATION_WAIT_MS = 5_000;

/** The worker's registration, if one controls or will control this page (none in development). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) {
    return undefined;
  }
  const found = await navigator.serviceWorker.getRegistration('/');
  if (found !== undefined) {
    return found;
  }
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), REGISTRATION_WAIT_MS)),
  ]);
}

/** The browser's subscription of this app, if any. */
async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

export async function pushStatus(): Promise<PushStatus> {
  if (!pushSupported() || (await registration()) === undefined) {
    return 'unsupported';
  }
  if (Notification.permission === 'denied') {
    return 'denied';
  }
  return Notification.permission === 'granted' && (await currentSubscription()) !== null ? 'on' : 'off';
}

/** The application server key as the Push API takes it. */
const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) {
    bytes[index] = text.charCodeAt(index);
  }
  return bytes;
};

/**
 * Turns notifications on for this browser: the permission prompt (called from the switch's click), then the
 * subscription with the server's key, stored for the signed-in user. The status it ends in.
 */
export async function turnPushOn(): Promise<PushStatus> {
  const worker = await registration();
  if (worker === undefined) {
    return 'unsupported';
  }
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    return permission === 'denied' ? 'denied' : 'off';
  }
  const { publicKey } = (await send<VapidPublicKey>('GET', pushPaths.vapidPublicKey)).data;
  const ready = await navigator.serviceWorker.ready;
  const subscription =
    (await ready.pushManager.getSubscription()) ??
    (await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await send<PushState>('POST', pushPaths.subscriptions, subscription.toJSON());
  return 'on';
}

/**
 * Turns notifications off for this browser: the server forgets its subscription for this user and the browser
 * drops it. `quietly`: at sign-out, where a failure (offline) must not stop the signing out.
 */
export async function turnPushOff({ quietly = false } = {}): Promise<void> {
  const subscription = await currentSubscription();
  if (subscription === null) {
    return;
  }
  try {
    await send<PushState>(
      'DELETE',
      pushPaths.subscriptions,
      { endpoint: subscription.endpoint },
      { handleErrors: !quietly },
    );
  } finally {
    await subscription.unsubscribe();
  }
}

/** At sign-out: this browser stops telling the user who is leaving it (nothing of theirs stays behind). */
export const forgetPushOfSignedInUser = (): Promise<void> =>
  turnPushOff({ quietly: true }).catch(() => undefined);
