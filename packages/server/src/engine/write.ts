import {
  type AccessPointName,
  type AttributeDef,
  accessPoints,
  type BodyMode,
  headers,
  instanceRuleErrors,
  parseMask,
  type TransferName,
  templateOf,
  transferTypes,
  validateBody,
} from '@parkhere/contract';
import { sql } from 'kysely';
import { insertRows as insertTableRows, updateRows as updateTableRows } from '../platform/db/insert-rows.ts';
import { ConflictError, ValidationError } from '../platform/errors.ts';
import { assertAccessPoint } from './access.ts';
import { type EndpointOf, type EngineContext, type EngineReply, header, resolveInstance } from './context.ts';
import { linkedRelations, ownerColumnValues } from './picked-targets.ts';
import { storedInstance } from './read.ts';
import { entitySourceOf, sourceOf } from './registry.ts';
import type { EntitySource, Sql } from './source.ts';
import { assertVisible, inTransaction, lockRow, lockRows } from './transaction.ts';

/*
 * The write side of DESIGN §5: instance ~update/~delete/~validate, access point ~create/~validate and
 * ~template, and the row values relation calls (write-relations.ts) write too. Every call validates first,
 * writes in one transaction and leaves nothing behind when it is refused.
 */

export type Values = Record<string, unknown>;

export const validated = (
  type: TransferName,
  body: unknown,
  mode: BodyMode,
  optional: readonly string[] = [],
): Values => {
  const result = validateBody(type, body ?? {}, mode, optional);
  if (!result.ok) {
    throw new ValidationError(result.errors);
  }
  return result.value as Values;
};

/** The attributes `X-Judo-Mask` lets an update write; null when the header does not limit them. */
const maskedAttributes = (context: EngineContext, type: TransferName): Set<string> | null => {
  const text = header(context, headers.mask);
  if (text === undefined || text.trim() === '' || text.trim() === '{}') {
    return null;
  }
  const parsed = parseMask(text, type, headers.mask);
  if (!parsed.ok) {
    throw new ValidationError(parsed.errors);
  }
  return new Set(parsed.value.attributes);
};

/** Column → value of the writable attributes the body carries (files are written through their tokens). */
export const columnValues = (
  source: EntitySource,
  body: Values,
  only: Set<string> | null,
): [string, unknown][] => {
  const attributes = transferTypes[source.type].attributes as Record<string, AttributeDef>;
  const normalized = source.normalize?.(body) ?? body;
  return Object.entries(source.columns).flatMap(([attribute, column]) => {
    if (
      !(attribute in normalized) ||
      normalized[attribute] === undefined ||
      attributes[attribute]?.type === 'binary'
    ) {
      return [];
    }
    if (only !== null && !only.has(attribute)) {
      return [];
    }
    return [[column, normalized[attribute]]];
  });
};

/**
 * File attributes carry a file token, null clears them; every write of a row (update and both creates) takes
 * them here. The token must be the writer's own, for this type and attribute and, when it was uploaded for
 * or read from a stored row, for the row written (`target`; null for a new row). Call it inside the write's
 * transaction: the file must still be stored, and its lock keeps the orphan clean-up off it until commit.
 */
export const fileValues = async (
  context: EngineContext,
  source: EntitySource,
  body: Values,
  only: Set<string> | null,
  target: string | null,
): Promise<[string, unknown][]> => {
  const { attributes, entityType } = transferTypes[source.type] as {
    attributes: Record<string, AttributeDef>;
    entityType: string;
  };
  const values: [string, unknown][] = [];
  for (const [attribute, column] of Object.entries(source.columns)) {
    const value = body[attribute];
    if (
      attributes[attribute]?.type !== 'binary' ||
      value === undefined ||
      (only !== null && !only.has(attribute))
    ) {
      continue;
    }
    if (value === null) {
      values.push([column, null]);
      continue;
    }
    const refused = new ValidationError([
      { code: 'INVALID_IDENTIFIER', level: 'ERROR', location: attribute },
    ]);
    const claims = typeof value === 'string' ? await context.files.verifyFile(value) : undefined;
    if (
      claims === undefined ||
      claims.sub !== context.scope.userId ||
      claims.type !== entityType ||
      claims.attribute !== attribute ||
      (claims.entity !== null && claims.entity !== target)
    ) {
      throw refused;
    }
    if (!(await source.files?.hold(context.db, claims.fileId))) {
      throw refused;
    }
    values.push([column, claims.fileId]);
  }
  return values;
};

/**
 * The row as written must keep the model's rules across attributes (working hours, an additional day's type):
 * a partial update (X-Judo-Mask, or a body with one of the two) is only judged here, against the stored rest.
 * Throwing rolls the write back.
 */
export const storedObeyingRules = async (
  context: EngineContext,
  source: EntitySource,
  id: string,
): Promise<unknown> => {
  const stored = await storedInstance(context, source, id);
  const errors = instanceRuleErrors(source.type, (stored ?? {}) as Values);
  if (errors.length > 0) {
    throw new ValidationError(errors);
  }
  return stored;
};

const assignments = (values: [string, unknown][]): Sql =>
  sql.join(values.map(([column, value]) => sql`${sql.raw(column)} = ${value}`));

/** Rules that hold across rows whatever the call that writes them, declared on the written type's source. */
export const beforeWrite = async (
  context: EngineContext,
  source: EntitySource,
  values: [string, unknown][],
  id: string | null,
  ownerId: string | null,
): Promise<void> => {
  await source.beforeWrite?.(
    context.db,
    { columns: Object.fromEntries(values), id, ownerId },
    { scope: context.scope, mailLimits: context.mailLimits },
  );
};

/** New rows of the written columns, a few statements for all of them: their ids in the order of `rows`. */
export const insertRows = async (
  context: EngineContext,
  source: EntitySource,
  rows: readonly [string, unknown][][],
): Promise<string[]> => {
  const columns = rows.map((values) => Object.fromEntries(values));
  return source.insert === undefined
    ? insertTableRows(context.db, source.table, columns)
    : source.insert(context.db, columns, { scope: context.scope });
};

export const insertRow = async (
  context: EngineContext,
  source: EntitySource,
  values: [string, unknown][],
): Promise<string> => (await insertRows(context, source, [values]))[0] as string;

/**
 * A stored row's attributes written as every update writes them: locked and checked as the actor's to change,
 * `sentVersion` (when a number) the one stored, file tokens verified, the source's rules before the write.
 * `only` limits the attributes (X-Judo-Mask). The caller judges the row as written (storedObeyingRules).
 */
export const updateRow = async (
  transaction: EngineContext,
  source: EntitySource,
  id: string,
  values: Values,
  only: Set<string> | null,
): Promise<void> => {
  const version = await lockRow(transaction, source, id, 'updateable');
  const sent = values.__version;
  if (typeof sent === 'number' && sent !== version) {
    throw new ConflictError('VERSION_CONFLICT', { stored: version, sent });
  }
  const written = [
    ...columnValues(source, values, only),
    ...(await fileValues(transaction, source, values, only, id)),
  ];
  await beforeWrite(transaction, source, written, id, null);
  await sql`UPDATE ${sql.raw(source.table)} SET ${written.length === 0 ? sql`` : sql`${assignments(written)},`}
    version = version + 1 WHERE id = ${id}`.execute(transaction.db);
};

/**
 * Stored rows' attributes written as updateRow writes each (locked and checked as the actor's to change, a
 * sent version the one stored, file tokens verified, the source's rules before the write), in a few
 * statements for all of them (an import's updates): one lock of every row, one UPDATE of the rows that write
 * the same columns. The caller judges the rows as written.
 */
export const updateRows = async (
  transaction: EngineContext,
  source: EntitySource,
  rows: readonly { id: string; values: Values }[],
): Promise<void> => {
  if (rows.length === 0) {
    return;
  }
  const versions = await lockRows(
    transaction,
    source,
    rows.map(({ id }) => id),
    'updateable',
  );
  const written: Values[] = [];
  for (const { id, values } of rows) {
    const sent = values.__version;
    if (typeof sent === 'number' && sent !== versions.get(id)) {
      throw new ConflictError('VERSION_CONFLICT', { stored: versions.get(id), sent });
    }
    const columns = [
      ...columnValues(source, values, null),
      ...(await fileValues(transaction, source, values, null, id)),
    ];
    await beforeWrite(transaction, source, columns, id, null);
    written.push({ id, ...Object.fromEntries(columns) });
  }
  await updateTableRows(transaction.db, source.table, written);
};

/** `POST services/{Type}/~update` (or `~validate` as a dry run). */
export const updateInstance = async (
  context: EngineContext,
  { type, call }: EndpointOf<'instance'>,
  body: unknown,
): Promise<EngineReply> => {
  const instance = await resolveInstance(context, type);
  const values = validated(type, body, 'update');
  const only = maskedAttributes(context, type);
  const source = entitySourceOf(context, type);
  return inTransaction(context, call === '~validate', async (transaction) => {
    await updateRow(transaction, source, instance.id, values, only);
    return { body: await storedObeyingRules(transaction, source, instance.id) };
  });
};

/** `POST services/{Type}/~delete`. */
export const deleteInstance = async (context: EngineContext, type: TransferName): Promise<EngineReply> => {
  const instance = await resolveInstance(context, type);
  const source = entitySourceOf(context, type);
  return inTransaction(context, false, async (transaction) => {
    await lockRow(transaction, source, instance.id, 'deleteable');
    await sql`DELETE FROM ${sql.raw(source.table)} WHERE id = ${instance.id}`.execute(transaction.db);
    return { body: undefined };
  });
};

/**
 * New rows of `type` from validated values, made as every create makes them: their picked relations verified
 * and in range, file tokens verified, the source's rules before the insert (each against the rows stored, not
 * the others of the batch: the database's constraints hold between those), their link-table relations after.
 * A bulk create (an import) costs a few statements, not several a row. The caller judges the rows as made.
 * Answers the new ids in the order of `rows`.
 */
export const createRows = async (
  transaction: EngineContext,
  source: EntitySource,
  rows: readonly Values[],
): Promise<string[]> => {
  const owners = await ownerColumnValues(transaction, source.type, rows);
  const written: [string, unknown][][] = [];
  for (const [index, values] of rows.entries()) {
    written.push([
      ...columnValues(source, values, null),
      ...(owners[index] ?? []),
      ...(await fileValues(transaction, source, values, null, null)),
    ]);
  }
  const links = await linkedRelations(transaction, source.type, rows);
  for (const values of written) {
    await beforeWrite(transaction, source, values, null, null);
  }
  const ids = await insertRows(transaction, source, written);
  await links.link(ids);
  return ids;
};

/** A new row made as createRows makes them (storedObeyingRules judges it as made). Answers its id. */
export const createRow = async (
  transaction: EngineContext,
  source: EntitySource,
  values: Values,
): Promise<string> => (await createRows(transaction, source, [values]))[0] as string;

/** `POST services/Actor/~update/{ap}/~create|~validate`. */
export const createInAccessPoint = async (
  context: EngineContext,
  { accessPoint, call }: EndpointOf<'accessPointCreate'>,
  body: unknown,
): Promise<EngineReply> => {
  assertAccessPoint(accessPoint, context.scope);
  const type = accessPoints[accessPoint].target as TransferName;
  const values = validated(type, body, 'create');
  const source = entitySourceOf(context, type);
  return inTransaction(context, call === '~validate', async (transaction) => {
    const id = await createRow(transaction, source, values);
    return { body: await storedObeyingRules(transaction, source, id) };
  });
};

/** `GET services/{Type}/~template`: the model's defaults, with the actor's where the type has a provider. */
export const template = async (context: EngineContext, type: TransferName): Promise<EngineReply> => ({
  body: {
    __entityType: transferTypes[type].entityType,
    ...templateOf(type),
    ...(await context.registry.templates[type]?.({
      db: context.db,
      scope: context.scope,
      instance: (target, id) => storedInstance(context, entitySourceOf(context, target), id),
    })),
  },
});

/** Operations of a type (bound ones need a visible owner). */
/** The bound instance of an operation: its id, and the version its signed identifier was handed out at. */
export const boundOwner = async (
  context: EngineContext,
  type: TransferName,
): Promise<{ id: string; version: number | null }> => {
  const instance = await resolveInstance(context, type);
  const source = sourceOf(context, type);
  if (source.kind === 'entity') {
    await assertVisible(context, source, instance.id);
  }
  return { id: instance.id, version: instance.version };
};

/**
 * `POST services/{Type}/{attribute}/~upload-token`: only someone who may change the instance (or create
 * one) gets a token, bound to the type, the attribute and themselves.
 */
export const issueUploadToken = async (
  context: EngineContext,
  type: TransferName,
  attribute: string,
): Promise<EngineReply> => {
  const source = entitySourceOf(context, type);
  const creatable = (Object.keys(accessPoints) as AccessPointName[]).find(
    (name) => accessPoints[name].target === type && accessPoints[name].create,
  );
  let entity: string | null = null;
  if (header(context, headers.signedIdentifier) === undefined && creatable !== undefined) {
    assertAccessPoint(creatable, context.scope);
  } else {
    const instance = await resolveInstance(context, type);
    await inTransaction(context, true, (transaction) =>
      lockRow(transaction, source, instance.id, 'updateable'),
    );
    entity = instance.id;
  }
  const token = await context.files.upload({
    sub: context.scope.userId,
    type: transferTypes[type].entityType,
    attribute,
    entity,
  });
  return { body: { token } };
};
