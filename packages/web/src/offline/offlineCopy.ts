import { ApiError } from '../errors/apiError.ts';
import { type KeptPart, type KeptParts, keepPart, readKeptCopy } from './keptCopy.ts';
import { deviceOnline } from './onlineStatus.ts';

/** The signed-in user the copies are read and kept for; none while nobody is (nothing is kept then). */
let owner: string | undefined;

/** Sets whose copies are read and kept from now on (`undefined`: nobody's, as after sign-out). */
export function setOfflineOwner(user: string | undefined): void {
  owner = user;
}

/**
 * Reads `part` through `read` while online and keeps the answer in the signed-in user's kept copy
 * (keptCopy.ts); offline, answers the copy instead of asking. A copy is only ever answered to the user it was
 * read for.
 */
export async function withOfflineCopy<P extends KeptPart>(
  part: P,
  read: () => Promise<KeptParts[P]>,
): Promise<KeptParts[P]> {
  const reader = owner;
  const kept: Partial<KeptParts> | undefined = reader === undefined ? undefined : readKeptCopy(reader);
  const own = kept?.[part];
  // Without a network, the copy at once; with one, the server is asked first (it may be reachable again).
  if (own !== undefined && !deviceOnline()) {
    return own;
  }
  let answer: KeptParts[P];
  try {
    answer = await read();
  } catch (error) {
    // No answer at all is offline too: the browser may still say it is online (a page the worker served
    // while the network is down, a network that connects to nothing).
    if (own !== undefined && error instanceof ApiError && !error.received) {
      return own;
    }
    throw error;
  }
  // Kept only while the reader is still the signed-in user: an answer that lands after sign-out is not.
  if (reader !== undefined && owner === reader) {
    keepPart(reader, part, answer);
  }
  return answer;
}
