import {
  type AccessPointName,
  accessPointCreatePath,
  accessPointPath,
  type EntityMetadata,
  type ExportFormat,
  exportPathOf,
  type FilterOperator,
  type FilterValue,
  headers,
  instancePath,
  type OperationInput,
  type OperationName,
  type OperationOutput,
  operationPath,
  type RelationName,
  type RelationUpdateCall,
  relationPath,
  relationUpdatePath,
  type TransferName,
  templatePath,
} from '@parkhere/contract';
import { api, download, type RequestOptions } from './client.ts';

/*
 * The typed model client: one thin function per call kind of DESIGN §5, paths from the contract's builders.
 * Only path builders and header names are runtime imports; shapes are types, so no schema lands in the bundle.
 */

/** An entity as the server sends it: its metadata and whatever the mask asked for. */
export type Row = EntityMetadata & Record<string, unknown>;

export type WireFilter = { operator: FilterOperator; value?: FilterValue };
export type WireSeek = { limit?: number; lastItem?: Row; reverse?: boolean };
export type WireOrderBy = { attribute: string; descending: boolean };

/** The body of every `~list`, `~get` and `~range` (SPEC §7 "Table query shape"); filters sit under their attribute. */
export type QueryCustomizer = {
  _mask?: string;
  _identifier?: string;
  _seek?: WireSeek;
  _orderBy?: WireOrderBy[];
} & Record<string, unknown>;

/** What a table lists: an access point of the Actor, or a relation of an owner instance. */
export type ListSource =
  | { kind: 'accessPoint'; accessPoint: AccessPointName }
  | { kind: 'relation'; type: TransferName; relation: string; owner: string };

export type ListResult<T> = { items: T[]; total: number | null };

export type ListOptions = RequestOptions & { countRecords?: boolean };

const withCount = (options: ListOptions): RequestOptions => {
  const { countRecords, ...rest } = options;
  return countRecords ? { ...rest, headers: { ...rest.headers, [headers.countRecords]: 'true' } } : rest;
};

const totalOf = (received: Headers): number | null => {
  const value = received.get(headers.count);
  if (value === null) {
    return null;
  }
  const total = Number(value);
  return Number.isFinite(total) ? total : null;
};

function listPath(source: ListSource): string {
  switch (source.kind) {
    case 'accessPoint':
      return accessPointPath(source.accessPoint, '~list');
    case 'relation':
      return relationPath(source.type, source.relation as RelationName<TransferName>, '~list');
  }
}

/** `~list` of an access point or a relation; `countRecords` asks for `X-Judo-Count`. */
export async function list<T extends Row = Row>(
  source: ListSource,
  query: QueryCustomizer = {},
  options: ListOptions = {},
): Promise<ListResult<T>> {
  const signedIdentifier = source.kind === 'relation' ? source.owner : options.signedIdentifier;
  const response = await api.send<T[]>('POST', listPath(source), query, {
    ...withCount(options),
    ...(signedIdentifier === undefined ? {} : { signedIdentifier }),
  });
  return { items: response.data ?? [], total: totalOf(response.headers) };
}

/**
 * `~export` of an access point or a relation: every row the same query lists (no page), saved as a CSV or Excel
 * file under the name the server gives it.
 */
export async function exportList(source: ListSource, query: QueryCustomizer, format: ExportFormat) {
  const { _seek, ...rest } = query;
  const owner = source.kind === 'relation' ? { signedIdentifier: source.owner } : {};
  await download(exportPathOf(listPath(source), format), rest, `export.${format}`, owner);
}

/** `~get` of a single access point (the configuration, a panel). */
export async function getAccessPoint<T extends Row = Row>(
  accessPoint: AccessPointName,
  query: QueryCustomizer = {},
  options: RequestOptions = {},
): Promise<T> {
  return api.post<T>(accessPointPath(accessPoint, '~get'), query, options);
}

/** `~get` of one instance by its signed identifier (re-reads a row after a change). */
export async function get<T extends Row = Row>(
  type: TransferName,
  signedIdentifier: string,
  query: QueryCustomizer = {},
  options: RequestOptions = {},
): Promise<T> {
  return api.post<T>(instancePath(type, '~get'), query, { ...options, signedIdentifier });
}

/** `~get` of a to-one relation; the server answers an empty body when it is unset. */
export async function getRelation<T extends Row = Row>(
  type: TransferName,
  relation: string,
  owner: string,
  query: QueryCustomizer = {},
  options: RequestOptions = {},
): Promise<T | null> {
  const path = relationPath(type, relation as RelationName<TransferName>, '~get');
  const result = await api.post<T | string | undefined>(path, query, { ...options, signedIdentifier: owner });
  return typeof result === 'object' && result !== null ? result : null;
}

const signedIdentifierOf = (entity: Row): string => {
  if (entity.__signedIdentifier === undefined) {
    // A draft has no identity on the server; calling with it would be a programming error, not a user one.
    throw new Error(`The ${entity.__entityType ?? 'entity'} has no signed identifier`);
  }
  return entity.__signedIdentifier;
};

/** `X-Judo-Mask` of an update: the attributes written, in mask syntax. */
export const updateMask = (fields: readonly string[]): string => `{${fields.join(',')}}`;

/** `~update`: the entity carries its signed identifier and version; `fields` limits what is written. */
export async function update<T extends Row = Row>(
  type: TransferName,
  entity: Row,
  fields?: readonly string[],
  options: RequestOptions = {},
): Promise<T> {
  return api.post<T>(instancePath(type, '~update'), entity, {
    ...options,
    signedIdentifier: signedIdentifierOf(entity),
    ...(fields === undefined ? {} : { mask: updateMask(fields) }),
  });
}

/** `~delete` (named `remove` because `delete` is a keyword). */
export async function remove(type: TransferName, entity: Row, options: RequestOptions = {}): Promise<void> {
  await api.post<unknown>(instancePath(type, '~delete'), undefined, {
    ...options,
    signedIdentifier: signedIdentifierOf(entity),
  });
}

/** `~validate` of an update: the server's dry run, answering 400 items on failure. */
export async function validate(type: TransferName, entity: Row, options: RequestOptions = {}): Promise<void> {
  await api.post<unknown>(instancePath(type, '~validate'), entity, {
    ...options,
    signedIdentifier: signedIdentifierOf(entity),
  });
}

/** `GET ~template`: a new instance with its defaults. */
export async function template<T extends Row = Row>(
  type: TransferName,
  options: RequestOptions = {},
): Promise<T> {
  return api.get<T>(templatePath(type), options);
}

/** `~create` in a list access point (a garage, a slot). */
export async function create<T extends Row = Row>(
  accessPoint: AccessPointName,
  entity: Row,
  options: RequestOptions = {},
): Promise<T> {
  return api.post<T>(accessPointCreatePath(accessPoint, '~create'), entity, options);
}

/** The dry run of `create`. */
export async function validateCreate(
  accessPoint: AccessPointName,
  entity: Row,
  options: RequestOptions = {},
): Promise<void> {
  await api.post<unknown>(accessPointCreatePath(accessPoint, '~validate'), entity, options);
}

/** `~range`: the candidates an owner (possibly a draft) may pick for a relation, `__selected` marked. */
export async function range<T extends Row = Row>(
  type: TransferName,
  relation: string,
  owner: Row | null,
  queryCustomizer: QueryCustomizer = {},
  options: RequestOptions = {},
): Promise<T[]> {
  const path = relationPath(type, relation as RelationName<TransferName>, '~range');
  return api.post<T[]>(
    path,
    { owner, queryCustomizer },
    { ...options, headers: { ...options.headers, [headers.markSelectedRangeItems]: 'true' } },
  );
}

/** `~update/{relation}/~set|~unset|~add|~remove|~create|~validate` on an owner instance. */
export async function updateRelation<T = unknown>(
  type: TransferName,
  relation: string,
  call: RelationUpdateCall,
  owner: Row,
  body?: Row | Row[],
  options: RequestOptions = {},
): Promise<T> {
  const path = relationUpdatePath(type, relation as RelationName<TransferName>, call);
  return api.post<T>(path, body, { ...options, signedIdentifier: signedIdentifierOf(owner) });
}

export const setRelation = (type: TransferName, relation: string, owner: Row, target: Row | Row[]) =>
  updateRelation(type, relation, '~set', owner, target);
export const unsetRelation = (type: TransferName, relation: string, owner: Row) =>
  updateRelation(type, relation, '~unset', owner);
export const addToRelation = (type: TransferName, relation: string, owner: Row, targets: Row[]) =>
  updateRelation(type, relation, '~add', owner, targets);
export const removeFromRelation = (type: TransferName, relation: string, owner: Row, targets: Row[]) =>
  updateRelation(type, relation, '~remove', owner, targets);
export const createInRelation = <T extends Row = Row>(
  type: TransferName,
  relation: string,
  owner: Row,
  entity: Row,
  options: RequestOptions = {},
) => updateRelation<T>(type, relation, '~create', owner, entity, options);

/** An operation of `T`; where `T` is a union (whichever type a table lists), an operation of any of them. */
export type OperationOf<T extends TransferName> = T extends TransferName ? OperationName<T> : never;

/**
 * `POST services/{Type}/{operation}`; bound operations name their instance by signed identifier. The name, the
 * body and the answer come from the model, as the server's registry types them: a misspelt operation or a body
 * that is not its input does not compile.
 */
export async function operation<T extends TransferName, O extends OperationOf<T>>(
  type: T,
  name: O,
  body: OperationInput<T, O>,
  boundTo?: Row,
  options: RequestOptions = {},
): Promise<OperationOutput<T, O>> {
  return api.post<OperationOutput<T, O>>(operationPath(type, name as OperationName<T>), body, {
    ...options,
    ...(boundTo === undefined ? {} : { signedIdentifier: signedIdentifierOf(boundTo) }),
  });
}
