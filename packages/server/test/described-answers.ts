import { API_BASE, type OpenApiDocument } from '@parkhere/contract';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { UNDESCRIBED } from '../src/platform/http/api-description.ts';

/*
 * Every answer the API suite receives is checked against what GET /api/openapi.json says that endpoint answers
 * with that status (client.ts calls `checkAnswer`), so the description cannot drift from the server: a field,
 * a status or a code it does not describe fails the test that met it.
 */

/** The path as sent from the server's root (`/api/…`, `/ParkHere/…`), a query allowed. */
export type SentCall = { method: string; path: string };
export type Received = { status: number; contentType: string | null; text: string };

type Response = {
  description: string;
  content?: Record<string, { schema: unknown }>;
  'x-empty-when-none'?: boolean;
};

export type AnswerChecker = (call: SentCall, answer: Received) => void;

const DOCUMENT_ID = 'https://parkhere.test/openapi.json';

/** A JSON pointer of the document as a URI fragment. */
const pointer = (...segments: string[]) =>
  `#/${segments.map((segment) => encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')}`;

const mediaOf = (contentType: string | null) =>
  (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';

const shown = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}…` : text);

/**
 * Too large a request head (431, the address included): refused by Node's HTTP server itself, whatever the path.
 * A 414 is not among them: Fastify's router sends it for a long path parameter, which app.ts does not let happen.
 */
const BEFORE_ROUTING = new Set([431]);

/** The checker of one description: compiles each response schema once, when an answer first needs it. */
export function answerCheckerOf(document: OpenApiDocument): AnswerChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document as object, DOCUMENT_ID);
  const compiled = new Map<string, ReturnType<Ajv2020['compile']>>();
  const validatorAt = (at: string) => {
    let validate = compiled.get(at);
    if (validate === undefined) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}${at}` });
      compiled.set(at, validate);
    }
    return validate;
  };

  /** The described path a sent one is: itself, or the template whose `{parameters}` it fills. */
  const templates = Object.keys(document.paths)
    .filter((path) => path.includes('{'))
    .map((template) => ({
      template,
      // `*`, not `+`: the router gives a parameter an empty segment too (`/ParkHere/release/` is the release
      // page's route with an empty token, answered as any unknown link), so its answers are that route's.
      matches: new RegExp(
        `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]*')}$`,
      ),
    }));
  const describedPath = (path: string) =>
    path in document.paths ? path : (templates.find(({ matches }) => matches.test(path))?.template ?? path);

  /** The described response and where its schemas sit in the document. */
  const responseOf = (path: string, method: string, status: number) => {
    const operation = document.paths[path]?.[method];
    if (operation === undefined) {
      // No such route: the API scope asks for a token first (401), then answers its JSON 404.
      const name = String(status);
      return path.startsWith(`${API_BASE}/`) && (name === '401' || name === '404')
        ? { response: document.components.responses[name] as Response, at: ['components', 'responses', name] }
        : undefined;
    }
    const key = String(status) in operation.responses ? String(status) : 'default';
    const described = operation.responses[key] as (Response & { $ref?: string }) | undefined;
    if (described === undefined) {
      return undefined;
    }
    if (described.$ref !== undefined) {
      const name = described.$ref.split('/').at(-1) ?? '';
      return {
        response: document.components.responses[name] as Response,
        at: ['components', 'responses', name],
      };
    }
    return { response: described, at: ['paths', path, method, 'responses', key] };
  };

  return (call, answer) => {
    const path = describedPath(call.path.split('?', 1)[0] ?? '');
    const method = call.method.toLowerCase();
    const where = `${call.method} ${path} answered ${answer.status}`;
    if (document.paths[path]?.[method]?.[UNDESCRIBED as never] === true) {
      // A route a test added for itself (apiPlugins), not the API's: openapi.int.test.ts keeps the app's described.
      return;
    }
    if (BEFORE_ROUTING.has(answer.status)) {
      // Node's HTTP server refuses these before any route sees the request: no endpoint's answer to describe.
      return;
    }
    const found = responseOf(path, method, answer.status);
    if (found === undefined) {
      throw new Error(`${where}, a status its OpenAPI description does not list: ${shown(answer.text)}`);
    }
    const { response, at } = found;
    if (answer.text === '') {
      if (response.content === undefined || response['x-empty-when-none'] === true) {
        return;
      }
      throw new Error(`${where} with an empty body; its description says: ${response.description}`);
    }
    const media = mediaOf(answer.contentType);
    if (response.content === undefined) {
      throw new Error(`${where} with a body where its description has none: ${shown(answer.text)}`);
    }
    if (!(media in response.content)) {
      throw new Error(
        `${where} as ${media}; its description lists ${Object.keys(response.content).join(', ')}`,
      );
    }
    if (media !== 'application/json') {
      return;
    }
    const validate = validatorAt(pointer(...at, 'content', 'application/json', 'schema'));
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      throw new Error(`${where} with JSON that does not parse: ${shown(answer.text)}`);
    }
    if (!validate(body)) {
      throw new Error(
        `${where} with a body its OpenAPI description does not allow: ${ajv.errorsText(validate.errors, { separator: '; ' })}\n  body: ${shown(answer.text)}`,
      );
    }
  };
}

const checkers = new Map<string, Promise<AnswerChecker>>();

/** The checker of the description a server serves (one per server address). */
export const answerCheckerFor = (url: string): Promise<AnswerChecker> => {
  let checker = checkers.get(url);
  if (checker === undefined) {
    checker = fetch(`${url}${API_BASE}/openapi.json`)
      .then((response) => response.json() as Promise<OpenApiDocument>)
      .then(answerCheckerOf);
    checkers.set(url, checker);
    // A server that was not up yet is asked again next time.
    checker.catch(() => checkers.delete(url));
  }
  return checker;
};
