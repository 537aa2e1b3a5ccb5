import { type AccessPointName, accessPoints, type TransferName } from '@parkhere/contract';
import type { ListSource, QueryCustomizer } from './model.ts';

/*
 * The keys of the server state in the query cache. Every key starts with the transfer type whose instances it
 * holds, so a write invalidates whatever was read of that type, on every page, by one prefix: `ofType(type)`.
 * The rest of a key is what the request says (source, owner, query customizer), compared by value.
 */

/** Everything read of one transfer type: the prefix a write of that type invalidates. */
export const ofType = (type: TransferName) => [type] as const;

export const queryKeys = {
  /** A `~list` page of `type`'s rows from an access point or an owner's relation. */
  list: (type: TransferName, source: ListSource, query: QueryCustomizer, countRecords: boolean) =>
    [type, 'list', source, query, countRecords] as const,
  /** One instance by its signed identifier. */
  get: (type: TransferName, signedIdentifier: string, query: QueryCustomizer = {}) =>
    [type, 'get', signedIdentifier, query] as const,
  /** A single access point (the configuration, a panel), under the type it answers. */
  accessPoint: (accessPoint: AccessPointName, query: QueryCustomizer = {}) =>
    [accessPoints[accessPoint].target, 'accessPoint', accessPoint, query] as const,
  /** A to-one relation of an owner, under the owner's type: setting it is a write of the owner. */
  relation: (type: TransferName, relation: string, owner: string, query: QueryCustomizer = {}) =>
    [type, 'relation', relation, owner, query] as const,
  /** What one screen reads in several calls at once (the arrivals), under the type of its access point. */
  screen: (accessPoint: AccessPointName, name: string) =>
    [accessPoints[accessPoint].target, 'screen', accessPoint, name] as const,
  /** The `~range` of an owner's relation (null: a draft owner), under the owner's type like the relation. */
  range: (type: TransferName, relation: string, owner: string | null, query: QueryCustomizer = {}) =>
    [type, 'range', relation, owner, query] as const,
};
