import { headers as judoHeaders } from '@parkhere/contract';
import { createWorld, startServer, type TestServer } from '../harness.ts';
import { bearer, mintToken } from '../tokens.ts';

/** A signed-in caller of the API over real HTTP, one per demo login. */
export type Caller = {
  /** The caller's bearer access token. */
  token: string;
  post: (path: string, body?: unknown, headers?: Record<string, string>) => Promise<Response>;
  get: (path: string, headers?: Record<string, string>) => Promise<Response>;
  json: <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) => Promise<T>;
};

export const startEngineServer = async (): Promise<TestServer> => startServer(await createWorld());

export const callerFor = async (server: TestServer, login: string): Promise<Caller> => {
  const token = await mintToken(server, { login });
  const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json', ...headers },
      body: body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body),
    });
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api${path}`, { headers: { ...bearer(token), ...headers } });
  const json = async <T>(path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await post(path, body, headers);
    const text = await response.text();
    if (response.status !== 200) {
      throw new Error(`${path} answered ${response.status}: ${text}`);
    }
    return (text === '' ? undefined : JSON.parse(text)) as T;
  };
  return { token, post, get, json };
};

export const withId = (signed: string, extra: Record<string, string> = {}) => ({
  [judoHeaders.signedIdentifier]: signed,
  ...extra,
});
