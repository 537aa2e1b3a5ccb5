import { API_BASE, headers as judoHeaders } from '@parkhere/contract';
import { answerCheckerFor } from './described-answers.ts';
import { bearer, type MintTarget, mintToken } from './tokens.ts';

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

/** Requests to the API over real HTTP, as one caller (anonymous when it has no token). */
export type Requests = {
  send: (call: Call) => Promise<Response>;
  /** The status, the body (JSON when it parses, the text otherwise) and the headers. */
  answer: (call: Call) => Promise<Answer>;
  post: (path: string, body?: unknown, headers?: Record<string, string>) => Promise<Response>;
  get: (path: string, headers?: Record<string, string>) => Promise<Response>;
  /** A POST that must answer 200; its JSON body. */
  json: <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) => Promise<T>;
};

/** A signed-in caller: its bearer access token too. */
export type Client = Requests & { token: string };

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

/**
 * The answer, once checked against the server's own OpenAPI description of that endpoint and status (a
 * mismatch fails the test that received it), handed on as a fresh Response since its body was read here.
 */
async function described(url: string, call: Call, response: Response): Promise<Response> {
  const text = await response.text();
  const check = await answerCheckerFor(url);
  check(
    { method: call.method, path: `${API_BASE}${call.path}` },
    { status: response.status, contentType: response.headers.get('content-type'), text },
  );
  return new Response(text === '' ? null : text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

export function requestsAs(url: string, token?: string): Requests {
  const send = async (call: Call) => {
    const headers: Record<string, string> = {
      ...(token === undefined ? {} : bearer(token)),
      ...call.headers,
    };
    const payload = call.rawBody ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${url}${API_BASE}${call.path}`, {
      method: call.method,
      headers,
      ...(payload === undefined ? {} : { body: payload }),
    });
    return described(url, call, response);
  };
  const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    send({ method: 'POST', path, headers, ...(typeof body === 'string' ? { rawBody: body } : { body }) });
  return {
    send,
    answer: async (call) => {
      const response = await send(call);
      return { status: response.status, body: await readBody(response), headers: response.headers };
    },
    post,
    get: (path, headers = {}) => send({ method: 'GET', path, headers }),
    json: async <T>(path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await post(path, body, headers);
      const text = await response.text();
      if (response.status !== 200) {
        throw new Error(`${path} answered ${response.status}: ${text}`);
      }
      return (text === '' ? undefined : JSON.parse(text)) as T;
    },
  };
}

/** A client signed in as `login` with a token minted like the embedded IdP's. */
export async function clientFor(server: MintTarget & { url: string }, login: string): Promise<Client> {
  const token = await mintToken(server, { login });
  return { token, ...requestsAs(server.url, token) };
}

/** The JUDO headers naming the instance a call is about, and any others. */
export const withId = (signed: string, extra: Record<string, string> = {}) => ({
  [judoHeaders.signedIdentifier]: signed,
  ...extra,
});

/**
 * `~update` of the stored row `row` names, of `type`, as `caller` (`~validate`: the dry run); answered whatever
 * its status.
 */
export const update = (
  caller: Requests,
  type: string,
  row: { __signedIdentifier: string },
  changes: unknown,
  call: '~update' | '~validate' = '~update',
) => caller.post(`/services/${type}/${call}`, changes, withId(row.__signedIdentifier));
