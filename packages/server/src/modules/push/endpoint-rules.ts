import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { PushEndpointCode } from '@parkhere/contract';

/*
 * Where the server may send a push message. A stored endpoint is a request the server makes on the user's
 * word, so it must be a push service on the public internet: https, and a name that resolves to public
 * addresses only (never loopback, private, link-local, shared, multicast or reserved ones, nor IPv6 forms that
 * embed such an IPv4 address). Checked when a browser subscribes and again on every send, at the moment of
 * connecting (`guardedLookup`), since what a name resolves to can change after it was checked.
 *
 * ALLOW_TEST_PUSH_ENDPOINTS=true (tests only; refused at a non-local PUBLIC_URL) also allows loopback
 * addresses, over http or https: a test's own push service. Any other scheme is always refused.
 */

export type EndpointPolicy = { allowTestEndpoints: boolean };

export type EndpointVerdict = { ok: true; url: URL } | { ok: false; code: PushEndpointCode };

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Every range that is not a public unicast address (IANA special-purpose registries). */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-translated addresses, 6to4 and Teredo carry an IPv4 address of any kind. (An IPv4-mapped one,
  // ::ffff:a.b.c.d, is judged by the IPv4 ranges: a BlockList maps it, both ways.)
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

const familyOf = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** How the policy takes an address: a public one, a loopback one (a test's), or one never sent to. */
export function addressKind(address: string): 'public' | 'loopback' | 'not-public' {
  const family = familyOf(address);
  if (LOOPBACK.check(address, family)) {
    return 'loopback';
  }
  return NOT_PUBLIC.check(address, family) ? 'not-public' : 'public';
}

/** The refusal of these resolved addresses under the policy, or null when every one may be sent to. */
function addressesRefusal(
  addresses: readonly string[],
  protocol: string,
  policy: EndpointPolicy,
): PushEndpointCode | null {
  const kinds = addresses.map(addressKind);
  const allowed = (kind: ReturnType<typeof addressKind>) =>
    kind === 'public' || (kind === 'loopback' && policy.allowTestEndpoints);
  if (!kinds.every(allowed)) {
    return 'PUSH_ENDPOINT_NOT_PUBLIC';
  }
  // http only to a test's own loopback service.
  if (protocol === 'http:' && !kinds.every((kind) => kind === 'loopback')) {
    return 'PUSH_ENDPOINT_NOT_HTTPS';
  }
  return null;
}

/** The host of a URL as a name to resolve or an address (IPv6 without its brackets). */
const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The endpoint parsed, when its scheme may ever be sent to under the policy. */
function parsedEndpoint(endpoint: string, policy: EndpointPolicy): URL | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  const scheme = url.protocol === 'https:' || (url.protocol === 'http:' && policy.allowTestEndpoints);
  return scheme && url.hostname !== '' && url.username === '' && url.password === '' ? url : null;
}

type Resolve = (host: string) => Promise<string[]>;

const resolveAll: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((found) => found.address);

/**
 * Whether the server may send to `endpoint` now: an https URL (http only for a test's loopback service under
 * ALLOW_TEST_PUSH_ENDPOINTS) whose host resolves, to public addresses only.
 */
export async function checkEndpoint(
  endpoint: string,
  policy: EndpointPolicy,
  resolve: Resolve = resolveAll,
): Promise<EndpointVerdict> {
  const url = parsedEndpoint(endpoint, policy);
  if (url === null) {
    return { ok: false, code: 'PUSH_ENDPOINT_NOT_HTTPS' };
  }
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = isIP(host) === 0 ? await resolve(host) : [host];
  } catch {
    return { ok: false, code: 'PUSH_ENDPOINT_UNRESOLVED' };
  }
  if (addresses.length === 0) {
    return { ok: false, code: 'PUSH_ENDPOINT_UNRESOLVED' };
  }
  const refusal = addressesRefusal(addresses, url.protocol, policy);
  return refusal === null ? { ok: true, url } : { ok: false, code: refusal };
}

/** A connection refused by the endpoint rules at the moment of connecting. */
export class EndpointRefused extends Error {
  override name = 'EndpointRefused';
  constructor(readonly code: PushEndpointCode) {
    super(code);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The `lookup` of the request that sends a message: the name is resolved once more and the connection is made
 * only to the addresses just checked, so a name that turned to a private address after the subscription (DNS
 * rebinding) is refused with EndpointRefused.
 */
export const guardedLookup =
  (protocol: string, policy: EndpointPolicy) =>
  (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    lookup(hostname, { all: true, verbatim: true })
      .then((found) => {
        const refusal =
          found.length === 0
            ? 'PUSH_ENDPOINT_UNRESOLVED'
            : addressesRefusal(
                found.map((entry) => entry.address),
                protocol,
                policy,
              );
        if (refusal !== null) {
          callback(new EndpointRefused(refusal), []);
          return;
        }
        const [first] = found as [LookupAddress];
        if (options.all === true) {
          callback(null, found);
        } else {
          callback(null, first.address, first.family);
        }
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, []));
  };
