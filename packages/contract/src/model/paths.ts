import { FILES_BASE } from '../api.ts';
import type { AccessPointName } from './access-points.ts';
import { accessPoints } from './access-points.ts';
import type { TransferDef } from './dsl.ts';
import type { AttributeName, OperationName, RelationName } from './transfer-of.ts';
import { type TransferName, transferTypes } from './transfer-types.ts';

/*
 * API paths of DESIGN §5, relative to API_BASE (`/api`) and starting with `/` as SPEC §7 writes them.
 * The server registers routes from these and the web client calls them, so a path is spelled once.
 */

/** `~export`: the list as a CSV or XLSX file (export.ts), for lists of many. */
export type AccessPointCall = '~list' | '~get' | '~export';
export type InstanceCall = '~get' | '~update' | '~delete' | '~validate';
export type RelationCall = '~list' | '~get' | '~range' | '~export';
export type RelationUpdateCall = '~set' | '~unset' | '~add' | '~remove' | '~create' | '~validate';

export const accessPointPath = (accessPoint: AccessPointName, call: AccessPointCall) =>
  `/services/Actor/${accessPoint}/${call}` as const;

/** Creating in a list access point, or dry-running that create. */
export const accessPointCreatePath = (accessPoint: AccessPointName, call: '~create' | '~validate') =>
  `/services/Actor/~update/${accessPoint}/${call}` as const;

export const instancePath = (type: TransferName, call: InstanceCall) => `/services/${type}/${call}` as const;

export const templatePath = (type: TransferName) => `/services/${type}/~template` as const;

export const relationPath = <T extends TransferName>(
  type: T,
  relation: RelationName<T>,
  call: RelationCall,
) => `/services/${type}/${relation}/${call}` as const;

export const relationUpdatePath = <T extends TransferName>(
  type: T,
  relation: RelationName<T>,
  call: RelationUpdateCall,
) => `/services/${type}/~update/${relation}/${call}` as const;

export const operationPath = <T extends TransferName>(type: T, operation: OperationName<T>) =>
  `/services/${type}/${operation}` as const;

export const uploadTokenPath = <T extends TransferName>(type: T, attribute: AttributeName<T>) =>
  `/services/${type}/${attribute}/~upload-token` as const;

/** File transfer paths sit beside the API, under `/ParkHere`. */
export const filePaths = {
  upload: `${FILES_BASE}/upload`,
  download: `${FILES_BASE}/download`,
} as const;

export type EndpointKind =
  | { kind: 'accessPoint'; accessPoint: AccessPointName; call: AccessPointCall }
  | { kind: 'accessPointCreate'; accessPoint: AccessPointName; call: '~create' | '~validate' }
  | { kind: 'instance'; type: TransferName; call: InstanceCall }
  | { kind: 'template'; type: TransferName }
  | { kind: 'relation'; type: TransferName; relation: string; call: RelationCall }
  | { kind: 'relationUpdate'; type: TransferName; relation: string; call: RelationUpdateCall }
  | { kind: 'operation'; type: TransferName; operation: string }
  | { kind: 'uploadToken'; type: TransferName; attribute: string };

export type Endpoint = EndpointKind & { method: 'GET' | 'POST'; path: string };

/** Every API endpoint the model offers; the server engine registers exactly these. */
export const endpoints = (): Endpoint[] => {
  const list: Endpoint[] = [];
  for (const accessPoint of Object.values(accessPoints)) {
    const name = accessPoint.name as AccessPointName;
    const calls: AccessPointCall[] = [
      '~list',
      '~get',
      ...(accessPoint.cardinality === 'many' ? (['~export'] as const) : []),
    ];
    for (const call of calls) {
      list.push({
        method: 'POST',
        path: accessPointPath(name, call),
        kind: 'accessPoint',
        accessPoint: name,
        call,
      });
    }
    if (accessPoint.create) {
      for (const call of ['~create', '~validate'] as const) {
        const path = accessPointCreatePath(name, call);
        list.push({ method: 'POST', path, kind: 'accessPointCreate', accessPoint: name, call });
      }
    }
  }
  for (const type of Object.keys(transferTypes) as TransferName[]) {
    const definition: TransferDef = transferTypes[type];
    const instanceCalls: InstanceCall[] = [
      ...(definition.entity === null ? [] : (['~get'] as const)),
      ...(definition.updatable ? (['~update', '~validate'] as const) : []),
      ...(definition.deletable ? (['~delete'] as const) : []),
    ];
    for (const call of instanceCalls) {
      list.push({ method: 'POST', path: instancePath(type, call), kind: 'instance', type, call });
    }
    if (definition.template) {
      list.push({ method: 'GET', path: templatePath(type), kind: 'template', type });
    }
    for (const [relation, relationDef] of Object.entries(definition.relations)) {
      const calls: RelationCall[] = [
        ...(relationDef.cardinality === 'many' ? (['~list', '~export'] as const) : (['~get'] as const)),
        ...(relationDef.range ? (['~range'] as const) : []),
      ];
      for (const call of calls) {
        const path = `/services/${type}/${relation}/${call}`;
        list.push({ method: 'POST', path, kind: 'relation', type, relation, call });
      }
      const updates: RelationUpdateCall[] = relationDef.updates.map((update) => `~${update}` as const);
      if (relationDef.updates.includes('create')) {
        updates.push('~validate');
      }
      for (const call of updates) {
        const path = `/services/${type}/~update/${relation}/${call}`;
        list.push({ method: 'POST', path, kind: 'relationUpdate', type, relation, call });
      }
    }
    for (const operation of Object.keys(definition.operations)) {
      list.push({
        method: 'POST',
        path: `/services/${type}/${operation}`,
        kind: 'operation',
        type,
        operation,
      });
    }
    for (const [attribute, attributeDef] of Object.entries(definition.attributes)) {
      if (attributeDef.type === 'binary' && !attributeDef.readOnly) {
        const path = `/services/${type}/${attribute}/~upload-token`;
        list.push({ method: 'POST', path, kind: 'uploadToken', type, attribute });
      }
    }
  }
  return list;
};
