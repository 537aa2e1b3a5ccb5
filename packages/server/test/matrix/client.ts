import { API_BASE } from '@parkhere/contract';
import type { TestServer } from '../harness.ts';
import { mintToken } from '../tokens.ts';

/** Who calls: nobody, the owner of the fixtures, another user, a doorman, an administrator. */
export type Audience = 'anonymous' | 'user' | 'other' | 'doorman' | 'admin';
export type SignedIn = Exclude<Audience, 'anonymous'>;

export const AUDIENCES: readonly Audience[] = ['anonymous', 'user', 'other', 'doorman', 'admin'];

/** The demo accounts behind each audience (DESIGN §2). */
export const LOGIN_OF: Record<SignedIn, string> = {
  user: 'user',
  other: 'quick',
  doorman: 'doorman',
  admin: 'admin',
};

export type Call = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** undefined: no body at all; anything else is sent as JSON. */
  body?: unknown;
  /** A raw body sent as is with the JSON content type (malformed JSON and the like). */
  rawBody?: string;
};

export type Answer = { status: number; body: unknown; headers: Headers };

export type ApiClient = (audience: Audience, call: Call) => Promise<Answer>;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') {
    return '';
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An HTTP client of the API that signs in as any audience with tokens minted like the embedded IdP's. */
export async function createApiClient(server: TestServer): Promise<ApiClient> {
  const tokens = Object.fromEntries(
    await Promise.all(
      Object.entries(LOGIN_OF).map(async ([audience, login]) => [
        audience,
        await mintToken(server, { login }),
      ]),
    ),
  ) as Record<SignedIn, string>;
  return async (audience, call) => {
    const headers: Record<string, string> = { ...call.headers };
    if (audience !== 'anonymous') {
      headers.authorization = `Bearer ${tokens[audience]}`;
    }
    const payload = call.rawBody ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${server.url}${API_BASE}${call.path}`, {
      method: call.method,
      headers,
      ...(payload === undefined ? {} : { body: payload }),
    });
    return { status: response.status, body: await readBody(response), headers: response.headers };
  };
}
