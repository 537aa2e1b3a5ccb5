import { z } from 'zod';
import { INT32_MAX, INT32_MIN, WIRE_PATTERNS } from '../calendar/formats.ts';
import type { AttributeDef, RelationDef, TransferDef } from '../model/dsl.ts';
import { enumerations } from '../model/enumerations.ts';
import { queryCustomizerSchema } from '../model/query-customizer.ts';
import { type TransferName, transferTypes } from '../model/transfer-types.ts';

/*
 * JSON Schemas (draft 2020-12, the dialect of OpenAPI 3.1) of the model's transfer types, enumerations and
 * query customizers, derived from the same definitions the server validates with and answers from.
 */

export type JsonSchema = { [key: string]: unknown };

export const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

export const queryCustomizerName = (type: TransferName) => `${type}QueryCustomizer`;

const orNull = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

const valueSchema = (attribute: AttributeDef): JsonSchema => {
  switch (attribute.type) {
    case 'string':
      return {
        type: 'string',
        ...(attribute.maxLength === undefined ? {} : { maxLength: attribute.maxLength }),
        ...(attribute.pattern === undefined ? {} : { pattern: attribute.pattern }),
      };
    case 'binary':
      return { type: 'string', description: 'A file token: download it from /ParkHere/download.' };
    case 'integer':
      return { type: 'integer', minimum: INT32_MIN, maximum: INT32_MAX };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date', pattern: WIRE_PATTERNS.date };
    case 'time':
      return { type: 'string', description: 'HH:mm:ss', pattern: WIRE_PATTERNS.time };
    case 'timestamp':
      return { type: 'string', description: 'An ISO 8601 instant', pattern: WIRE_PATTERNS.timestamp };
    case 'enumeration':
      return schemaRef(attribute.enumeration?.name ?? 'unknown');
  }
};

export const attributeJsonSchema = (attribute: AttributeDef): JsonSchema => {
  const value = valueSchema(attribute);
  const schema = attribute.required ? value : orNull(value);
  return {
    ...schema,
    ...(attribute.readOnly ? { readOnly: true } : {}),
    ...(attribute.default === undefined ? {} : { default: attribute.default }),
  };
};

const relationJsonSchema = (relation: RelationDef): JsonSchema =>
  relation.cardinality === 'many'
    ? { anyOf: [{ type: 'array', items: schemaRef(relation.target) }, { type: 'null' }] }
    : orNull(schemaRef(relation.target));

const METADATA_PROPERTIES: Record<string, JsonSchema> = {
  __identifier: { type: 'string', readOnly: true },
  __signedIdentifier: { type: 'string', description: 'Names the instance in X-Judo-SignedIdentifier.' },
  __version: { type: 'integer', description: 'Sent back on update: a stale one is a 409 VERSION_CONFLICT.' },
  __entityType: { type: 'string' },
  __deleteable: { type: 'boolean', readOnly: true },
  __updateable: { type: 'boolean', readOnly: true },
  __selected: { type: 'boolean', readOnly: true },
};

/**
 * A transfer type on the wire. Nothing is listed as required: the `_mask` of a read and the X-Judo-Mask of an
 * update choose which fields travel; which attributes a create needs is said in `x-required-on-create`.
 */
export const transferJsonSchema = (definition: TransferDef): JsonSchema => {
  const properties: Record<string, JsonSchema> = { ...METADATA_PROPERTIES };
  for (const [name, attribute] of Object.entries(definition.attributes)) {
    properties[name] = attributeJsonSchema(attribute);
  }
  for (const [name, relation] of Object.entries(definition.relations)) {
    properties[name] = relationJsonSchema(relation);
  }
  const requiredOnCreate = [
    ...Object.entries(definition.attributes).filter(([, a]) => a.required && !a.readOnly),
    ...Object.entries(definition.relations).filter(([, r]) => r.required),
  ].map(([name]) => name);
  return {
    type: 'object',
    title: definition.name,
    properties,
    additionalProperties: false,
    ...(requiredOnCreate.length === 0 ? {} : { 'x-required-on-create': requiredOnCreate }),
  };
};

/** A zod schema of the contract as a JSON Schema inside the document (whose dialect is 2020-12 already). */
export const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** The query customizer of a type as the contract's zod schema accepts it (filters, order, seek, mask). */
const queryCustomizerJsonSchema = (type: TransferName): JsonSchema => {
  const rest = jsonSchemaOf(queryCustomizerSchema(type), 'input');
  // `_seek.lastItem` is an item of the list as it was answered.
  const properties = rest.properties as Record<string, JsonSchema>;
  const seek = properties._seek as { properties: Record<string, JsonSchema> } | undefined;
  if (seek !== undefined) {
    seek.properties.lastItem = schemaRef(type);
  }
  return { ...rest, title: queryCustomizerName(type) };
};

/** Every schema of the model, by the name components refer to it. */
export const modelSchemas = (): Record<string, JsonSchema> => {
  const schemas: Record<string, JsonSchema> = {};
  for (const enumeration of Object.values(enumerations)) {
    schemas[enumeration.name] = { type: 'string', enum: [...enumeration.values] };
  }
  for (const type of Object.keys(transferTypes) as TransferName[]) {
    schemas[type] = transferJsonSchema(transferTypes[type]);
    schemas[queryCustomizerName(type)] = queryCustomizerJsonSchema(type);
  }
  return schemas;
};
