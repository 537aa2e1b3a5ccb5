import { API_BASE } from '@parkhere/contract/plain';
import { useSyncExternalStore } from 'react';
import { isGatewayFailure } from './workerCaches.ts';

/** Whether the device has a network at all: `navigator.onLine` is false only when there surely is none. */
export function deviceOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/*
 * Whether the server answered the last call (with any status but a gateway's). A device may say it is online
 * while the server cannot be reached (a garage basement, a VPN down, a browser that reports offline emulation
 * only to the network stack): then the app is as offline as without a network, and says so.
 */
let serverAnswered = true;
const listeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();

/** Online as the user means it: the device has a network and the server answered the last call. */
export function isOnline(): boolean {
  return deviceOnline() && serverAnswered;
}

/** Whether the app counted as online when its listeners were last told. */
let toldOnline = deviceOnline();

function changed(): void {
  for (const listener of listeners) {
    listener();
  }
  const online = isOnline();
  if (online && !toldOnline) {
    for (const listener of reconnectListeners) {
      listener();
    }
  }
  toldOnline = online;
  if (!online) {
    probeLater();
  }
}

/** Records whether a call to the server got an answer (any status but a gateway's) or none. */
export function noteServerAnswered(answered: boolean): void {
  if (answered !== serverAnswered) {
    serverAnswered = answered;
    changed();
  }
}

/** Whether the server answers now: its health, asked past every cache. */
export async function serverAnswers(): Promise<boolean> {
  try {
    const answer = await fetch(`${API_BASE}/health`, { cache: 'no-store' });
    return !isGatewayFailure(answer.status);
  } catch {
    return false;
  }
}

/*
 * While the server cannot be reached, it is asked again by itself, sooner at first and then every half minute,
 * and at once when the device's network comes back: an answer ends the offline state without a reload.
 */
const PROBE_DELAYS_MS = [2_000, 4_000, 8_000, 15_000, 30_000];
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probesMissed = 0;
let probing = false;

async function probe(): Promise<void> {
  probeTimer = undefined;
  if (isOnline() || !deviceOnline() || probing) {
    // Nothing to find out: online already, no network until the `online` event, or a probe under way.
    return;
  }
  probing = true;
  const answered = await serverAnswers();
  probing = false;
  if (answered) {
    probesMissed = 0;
    noteServerAnswered(true);
    return;
  }
  probesMissed += 1;
  probeLater();
}

function probeLater(): void {
  if (probeTimer !== undefined || probing || !deviceOnline() || typeof window === 'undefined') {
    return;
  }
  const delay = PROBE_DELAYS_MS[Math.min(probesMissed, PROBE_DELAYS_MS.length - 1)];
  probeTimer = setTimeout(() => void probe(), delay);
}

function networkChanged(): void {
  if (deviceOnline()) {
    // The network is back, which says nothing of the server yet: it is asked at once (not at the back-off's
    // next step), and the app counts as online once it answers.
    serverAnswered = false;
    clearTimeout(probeTimer);
    probeTimer = undefined;
    probesMissed = 0;
    void probe();
  }
  changed();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', networkChanged);
  window.addEventListener('offline', networkChanged);
}

/** Calls `listener` each time the app is online again after it was not; answers how to stop. */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The online state, re-rendering when it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
