import type { AttributeDef } from '@parkhere/contract';

/**
 * The column (camelCase, as Kysely sees it through CamelCasePlugin) that stores a non-derived attribute:
 * its own name, except files, which are a reference `<name>Id` to the files table.
 */
export const columnOf = (attributeName: string, attribute: AttributeDef): string =>
  attribute.type === 'binary' ? `${attributeName}Id` : attributeName;
