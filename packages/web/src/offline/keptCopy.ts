/*
 * The kept copy: what a user saw at their last online visit, so that the app can show it whenever the server
 * cannot be reached (no network, a server down or behind a failing gateway, a new tab or the installed app's
 * launch while either is so). It lives in localStorage, so it survives closing the tab and the app, one entry
 * per user keyed by their OIDC subject, and holds only what the shell and the dashboard show: who the user is
 * and their reservation panel. It goes at sign-out and when someone else signs in on the browser profile
 * (userData.ts, issue 25 item 4); a copy of another version or of an unexpected shape is dropped, never read.
 */

/** The localStorage key of a user's copy is this and their OIDC subject. */
const PREFIX = 'ParkHere-kept-copy:';

/** Whose data the profile's storage holds now (the OIDC subject of the last user to sign in). */
const OWNER_KEY = 'ParkHere-owner';

/**
 * Raised whenever what a part holds changes shape: a copy an older build kept is then dropped, not shown with
 * fields missing.
 */
export const KEPT_COPY_VERSION = 1;

type KeptRow = Record<string, unknown>;

/** The reservation panel as the dashboard shows it (its lists, as the panel's query asks for them). */
export type KeptPanel = {
  active: KeptRow[];
  previous: KeptRow[];
  holidays: KeptRow[];
  waitlist: KeptRow[];
  drawRequests: KeptRow[];
};

/** What a copy may hold: the principal (the shell's user) and the panel. */
export type KeptParts = { principal: KeptRow; panel: KeptPanel };
export type KeptPart = keyof KeptParts;

export type KeptCopy = Partial<KeptParts> & {
  version: typeof KEPT_COPY_VERSION;
  /** The OIDC subject whose copy this is. */
  user: string;
  /** When each part was last read from the server (an ISO instant). */
  savedAt: Partial<Record<KeptPart, string>>;
};

const PANEL_LISTS = ['active', 'previous', 'holidays', 'waitlist', 'drawRequests'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isRows = (value: unknown): value is KeptRow[] => Array.isArray(value) && value.every(isObject);

/** Only the lists the dashboard shows, whatever else the answer carried (such as a download token). */
function panelOf(value: unknown): KeptPanel | undefined {
  if (!isObject(value) || !PANEL_LISTS.every((list) => isRows(value[list]))) {
    return undefined;
  }
  const lists = value as Record<(typeof PANEL_LISTS)[number], KeptRow[]>;
  return {
    active: lists.active,
    previous: lists.previous,
    holidays: lists.holidays,
    waitlist: lists.waitlist,
    drawRequests: lists.drawRequests,
  };
}

const PART_SHAPES: { [P in KeptPart]: (value: unknown) => KeptParts[P] | undefined } = {
  principal: (value) => (isObject(value) ? value : undefined),
  panel: panelOf,
};

/** The browser profile's localStorage, or none where the browser disables it (nothing is kept then). */
export function profileStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The copy as stored, when it is of this version, of `user`, and every part in its shape. */
function parsed(text: string | null, user: string): KeptCopy | undefined {
  let copy: unknown;
  try {
    copy = JSON.parse(text ?? 'null');
  } catch {
    return undefined;
  }
  if (
    !isObject(copy) ||
    copy.version !== KEPT_COPY_VERSION ||
    copy.user !== user ||
    !isObject(copy.savedAt)
  ) {
    return undefined;
  }
  const savedAt = copy.savedAt as KeptCopy['savedAt'];
  const kept: KeptCopy = { version: KEPT_COPY_VERSION, user, savedAt };
  for (const part of Object.keys(PART_SHAPES) as KeptPart[]) {
    if (copy[part] === undefined) {
      continue;
    }
    const shaped = PART_SHAPES[part](copy[part]);
    if (shaped === undefined || typeof savedAt[part] !== 'string') {
      return undefined;
    }
    Object.assign(kept, { [part]: shaped });
  }
  return kept;
}

/** `user`'s copy; one that cannot be read as this version's is removed, and there is none. */
export function readKeptCopy(user: string, storage = profileStorage()): KeptCopy | undefined {
  const text = storage?.getItem(PREFIX + user) ?? null;
  if (text === null) {
    return undefined;
  }
  const copy = parsed(text, user);
  if (copy === undefined) {
    storage?.removeItem(PREFIX + user);
  }
  return copy;
}

/** Keeps `value` as `user`'s `part`, read from the server now; the user's other parts stay. */
export function keepPart<P extends KeptPart>(
  user: string,
  part: P,
  value: KeptParts[P],
  storage = profileStorage(),
): void {
  const shaped = PART_SHAPES[part](value);
  if (storage === undefined || shaped === undefined) {
    return;
  }
  const copy = readKeptCopy(user, storage) ?? { version: KEPT_COPY_VERSION, user, savedAt: {} };
  const next: KeptCopy = {
    ...copy,
    [part]: shaped,
    savedAt: { ...copy.savedAt, [part]: new Date().toISOString() },
  };
  try {
    storage.setItem(PREFIX + user, JSON.stringify(next));
  } catch {
    // A full storage only costs the copy.
  }
}

/** Drops every user's copy, or every one but `keep`'s. */
export function dropKeptCopies(keep?: string, storage = profileStorage()): void {
  if (storage === undefined) {
    return;
  }
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '');
  for (const key of keys.filter((name) => name.startsWith(PREFIX))) {
    if (keep === undefined || key !== PREFIX + keep) {
      storage.removeItem(key);
    }
  }
}

/** Whose data the profile holds: the last user to sign in here and not sign out since. */
export function profileOwner(storage = profileStorage()): string | undefined {
  return storage?.getItem(OWNER_KEY) ?? undefined;
}

/** Records whose data the profile holds from now on (`undefined`: nobody's, after sign-out). */
export function setProfileOwner(user: string | undefined, storage = profileStorage()): void {
  if (user === undefined) {
    storage?.removeItem(OWNER_KEY);
  } else {
    storage?.setItem(OWNER_KEY, user);
  }
}

/**
 * The copy of the profile's last user, for a tab that has no session yet (a new tab, the app's launch): what
 * to show at once, or while the server cannot be reached.
 */
export const lastUserCopy = (storage = profileStorage()): KeptCopy | undefined => {
  const owner = profileOwner(storage);
  return owner === undefined ? undefined : readKeptCopy(owner, storage);
};
