import type { OpenApiDocument, OperationObject } from '@parkhere/contract';
import fc from 'fast-check';
import { generateSync } from 'json-schema-faker';

/*
 * Calls of one operation of /api/openapi.json, made from its description alone: each parameter it lists and
 * the body its schema describes is genuine (a real value the world handed the caller), generated from the
 * schema (json-schema-faker, seeded by fast-check) or mutated (forged, someone else's, empty, huge, of the
 * wrong type, malformed).
 */

type JsonSchema = Record<string, unknown>;

export type Operation = { method: string; path: string; described: OperationObject };

/** Every operation the document describes: each path with each of its methods. */
export const operationsOf = (document: OpenApiDocument): Operation[] =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, described]) => ({ method: method.toUpperCase(), path, described })),
  );

type Parameter = { name: string; in: 'header' | 'path' | 'query'; required?: boolean; schema: JsonSchema };

const parametersOf = (document: OpenApiDocument, operation: Operation): Parameter[] =>
  (operation.described.parameters ?? []).map((parameter) =>
    '$ref' in parameter
      ? (document.components.parameters[parameter.$ref.split('/').at(-1) ?? ''] as Parameter)
      : (parameter as Parameter),
  );

/** What one caller genuinely holds for an operation: a body the fixtures know is valid, real parameter values. */
export type Genuine = { body?: unknown; values: Record<string, string> };

export type Body =
  | { json: unknown }
  | { raw: string; type: string }
  | { file: { name: string; type: string; bytes: Uint8Array } | null };

export type FuzzCall<Caller extends string> = {
  caller: Caller;
  method: string;
  /** From the server's root, parameters filled in, with the query. */
  path: string;
  headers: Record<string, string>;
  body?: Body;
};

/** A weighted choice that keeps its weights (fast-check's bias would favour the first branches). */
const weighted = <T>(...choices: { weight: number; arbitrary: fc.Arbitrary<T> }[]): fc.Arbitrary<T> =>
  fc.noBias(fc.oneof(...choices));

/** A value of the schema, the document's components in reach of its `$ref`s. */
const generated = (document: OpenApiDocument, schema: JsonSchema): fc.Arbitrary<unknown> =>
  fc
    .integer({ min: 1, max: 2 ** 31 - 1 })
    .map((seed) =>
      generateSync(
        { ...schema, components: document.components },
        { seed, maxDepth: 4, optionalsProbability: 0.7, maxDefaultItems: 3 },
      ),
    );

/** Texts a header or a path segment may carry that no client should send: they must be refused, not crash. */
const oddTexts = [
  '',
  ' ',
  '0',
  '-1',
  'null',
  'true',
  '{}',
  'a.b.c',
  'e30.e30.',
  'eyJhbGciOiJub25lIn0.eyJpZCI6IjEifQ.',
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  '%00',
  'x'.repeat(5000),
];
const oddText = fc.oneof(fc.constantFrom(...oddTexts), fc.string({ maxLength: 40 }));

/** JSON values of the wrong kind for about any field. */
const oddValue = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    '',
    ' ',
    0,
    -1,
    1.5,
    1e308,
    2 ** 53,
    -(2 ** 31) - 1,
    true,
    [],
    {},
    'x'.repeat(70_000),
    '\u0000',
    '\ud800',
    '2025-02-30',
    '24:00:00',
    '09:00:00.500',
    "'; DROP TABLE users; --",
    '💥',
  ),
  fc.string({ maxLength: 20 }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A character of a genuine value replaced: a forgery that keeps its shape. */
const forged = (genuine: string): fc.Arbitrary<string> =>
  fc
    .tuple(fc.nat({ max: Math.max(genuine.length - 1, 0) }), fc.constantFrom('A', 'b', '_', '-', '0', '.'))
    .map(([at, by]) => {
      const replaced = genuine[at] === by ? (by === 'A' ? 'B' : 'A') : by;
      return `${genuine.slice(0, at)}${replaced}${genuine.slice(at + 1)}`;
    });

type Step = string | number;
const REMOVED = Symbol('removed');

/** Where a value has something to change: every key and index down to depth 4. */
const stepsIn = (value: unknown, depth = 0): Step[][] => {
  if (depth >= 4 || typeof value !== 'object' || value === null) {
    return [];
  }
  return Object.entries(value).flatMap(([key, inner]) => {
    const step = Array.isArray(value) ? Number(key) : key;
    return [[step], ...stepsIn(inner, depth + 1).map((rest) => [step, ...rest])];
  });
};

/** A copy of `value` with the one at `steps` replaced, or removed. */
const replacedAt = (value: unknown, steps: Step[], by: unknown): unknown => {
  const [step, ...rest] = steps;
  if (step === undefined || typeof value !== 'object' || value === null) {
    return by;
  }
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && by === REMOVED) {
      copy.splice(Number(step), 1);
    } else {
      copy[Number(step)] = replacedAt(copy[Number(step)], rest, by);
    }
    return copy;
  }
  const { [step]: inner, ...others } = value as Record<string, unknown>;
  return rest.length === 0 && by === REMOVED ? others : { ...others, [step]: replacedAt(inner, rest, by) };
};

/** One change to a body: all of it of the wrong kind, one field wrong or gone, or a field nobody described. */
const mutated = (value: unknown): fc.Arbitrary<unknown> => {
  const steps = stepsIn(value);
  const changes: fc.Arbitrary<unknown>[] = [oddValue];
  if (steps.length > 0) {
    changes.push(
      fc
        .tuple(fc.constantFrom(...steps), fc.option(oddValue, { nil: REMOVED, freq: 4 }))
        .map(([at, by]) => replacedAt(value, at, by)),
    );
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    changes.push(
      fc
        .tuple(fc.string({ minLength: 1, maxLength: 12 }), oddValue)
        .map(([key, by]) => ({ ...value, [key]: by })),
    );
  }
  return fc.oneof(...changes);
};

/** Bodies no JSON client sends, or not as JSON. */
const rawBody = fc.oneof(
  fc.constantFrom('{', '[1,', '{"a":}', 'null x', '', '1e999', '"\\ud800"').map((raw) => ({
    raw,
    type: 'application/json',
  })),
  fc.constantFrom(
    { raw: 'hello', type: 'text/plain' },
    { raw: 'a=b&c', type: 'application/x-www-form-urlencoded' },
    { raw: '--x\r\nnot a part\r\n', type: 'multipart/form-data; boundary=y' },
    { raw: '{}', type: 'application/json; charset=latin-99' },
  ),
);

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(1)]);
const encoded = (text: string) => new TextEncoder().encode(text);

/** A file part: a PNG as described, or one whose bytes, type, name or size are wrong; or none at all. */
const filePart = fc.oneof(
  fc.constant({ name: 'plan.png', type: 'image/png', bytes: PNG }),
  fc.constantFrom(
    {
      name: 'plan.svg',
      type: 'image/svg+xml',
      bytes: encoded('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    },
    { name: 'plan.png', type: 'image/png', bytes: encoded('not a png') },
    { name: 'empty.png', type: 'image/png', bytes: new Uint8Array() },
    { name: 'x'.repeat(3000), type: 'image/png', bytes: PNG },
    { name: 'run.sh', type: 'application/x-sh', bytes: encoded('#!/bin/sh') },
    { name: 'big.png', type: 'image/png', bytes: new Uint8Array(5_242_881) },
  ),
  fc.constant(null),
);

/** Bodies of a call as described (genuine or generated from the schema), and with something wrong in them. */
const bodiesOf = (
  document: OpenApiDocument,
  operation: Operation,
  genuine: Genuine,
): { described: fc.Arbitrary<Body | undefined>; wrong: fc.Arbitrary<Body | undefined> } => {
  if (operation.method === 'GET') {
    return { described: fc.constant(undefined), wrong: fc.constant(undefined) };
  }
  const content = operation.described.requestBody?.content ?? {};
  if ('multipart/form-data' in content) {
    return { described: filePart.map((file) => ({ file })), wrong: rawBody };
  }
  const schema = content['application/json']?.schema;
  const valid: fc.Arbitrary<unknown>[] = [
    ...(genuine.body === undefined ? [] : [fc.constant(genuine.body)]),
    ...(schema === undefined ? [] : [generated(document, schema)]),
  ];
  const json = valid.length === 0 ? fc.constant(undefined) : fc.oneof(...valid);
  return {
    described: json.map((value) => (value === undefined ? undefined : { json: value })),
    wrong: weighted<Body>(
      { weight: 3, arbitrary: json.chain(mutated).map((value) => ({ json: value })) },
      { weight: 1, arbitrary: rawBody },
    ),
  };
};

/** A parameter's value as described: the caller's own, else one of its enumeration, else generated when required. */
const describedValue = (
  document: OpenApiDocument,
  parameter: Parameter,
  own: string | undefined,
): fc.Arbitrary<string | undefined> => {
  if (own !== undefined) {
    return fc.constant(own);
  }
  const text = generated(document, parameter.schema).map(String);
  if (parameter.required === true) {
    return text;
  }
  return 'enum' in parameter.schema ? fc.option(text, { nil: undefined }) : fc.constant(undefined);
};

/** A parameter's wrong value: the caller's own forged, someone else's, generated, odd, or left out. */
const wrongValue = (
  document: OpenApiDocument,
  parameter: Parameter,
  own: string | undefined,
  others: readonly string[],
): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    ...(own === undefined ? [] : [forged(own)]),
    ...(others.length === 0 ? [] : [fc.constantFrom(...others)]),
    generated(document, parameter.schema).map(String),
    oddText,
    fc.constant(undefined),
  );

/** Header values are printable ASCII on the wire; anything else never leaves the client. */
const sendable = (text: string) => /^[\t\x20-\x7e]*$/.test(text);

/**
 * Calls of one operation by the callers (each as often as its weight says), with what each genuinely holds:
 * half of them with a wrong body, a third with wrong parameters (each one wrong half the time), a third of
 * them all as described.
 */
export function callsOf<Caller extends string>(
  document: OpenApiDocument,
  operation: Operation,
  genuine: Readonly<Record<Caller, Genuine>>,
  weights: Readonly<Record<Caller, number>>,
): fc.Arbitrary<FuzzCall<Caller>> {
  const callers = Object.keys(genuine) as Caller[];
  const parameters = parametersOf(document, operation);
  const caller = weighted(
    ...callers.map((name) => ({ weight: weights[name], arbitrary: fc.constant(name) })),
  );
  return fc.tuple(caller, fc.boolean(), fc.nat(2)).chain(([who, wrongBody, wrongParameters]) => {
    const own = genuine[who];
    const bodies = bodiesOf(document, operation, own);
    const values = parameters.map((parameter) => {
      const mine = own.values[parameter.name];
      const described = describedValue(document, parameter, mine);
      if (wrongParameters !== 0) {
        return described;
      }
      const others = callers
        .map((other) => genuine[other].values[parameter.name])
        .filter((value): value is string => value !== undefined && value !== mine);
      const value = weighted(
        { weight: 1, arbitrary: described },
        { weight: 1, arbitrary: wrongValue(document, parameter, mine, [...new Set(others)]) },
      );
      // An empty path parameter is another path, which no operation describes.
      return parameter.in === 'path' ? value.filter((text) => text !== undefined && text !== '') : value;
    });
    const body = wrongBody ? bodies.wrong : bodies.described;
    return fc.tuple(fc.tuple(...values), body).map(([chosen, payload]) => {
      let path = operation.path;
      const query = new URLSearchParams();
      const headers: Record<string, string> = {};
      parameters.forEach((parameter, index) => {
        const value = chosen[index];
        if (parameter.in === 'path') {
          path = path.replace(`{${parameter.name}}`, encodeURIComponent(value ?? ''));
        } else if (value !== undefined && parameter.in === 'query') {
          query.set(parameter.name, value);
        } else if (value !== undefined && sendable(value)) {
          headers[parameter.name] = value;
        }
      });
      const search = query.size === 0 ? '' : `?${query}`;
      return {
        caller: who,
        method: operation.method,
        path: `${path}${search}`,
        headers,
        ...(payload === undefined ? {} : { body: payload }),
      };
    });
  });
}
