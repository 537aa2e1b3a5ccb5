export * from '../calendar/formats.ts';
export * from './access-points.ts';
export * from './answer-limits.ts';
export * from './audience.ts';
export * from './body-schema.ts';
export type {
  AccessPointDef,
  AttributeDef,
  AttributeType,
  Audience,
  Cardinality,
  EntityName,
  EnumerationDef,
  FilterKind,
  OperationDef,
  OrderRule,
  RelationDef,
  RelationUpdate,
  TransferDef,
} from './dsl.ts';
// The builders (string, boolean, date…) stay under `dsl` so they do not crowd the package's top level.
export * as dsl from './dsl.ts';
export * from './enumerations.ts';
export * from './export-formats.ts';
export * from './instance-rules.ts';
export * from './mask.ts';
export * from './paths.ts';
export * from './patterns.ts';
export * from './query-customizer.ts';
export * from './range-request.ts';
export * from './template.ts';
export * from './time-zones.ts';
export * from './transfer-of.ts';
export * from './transfer-types.ts';
export * from './validation.ts';
