import type { AttributeType } from '@parkhere/contract';

/** How narrow a column of a kind may get, so every table shows a flag, a number or a file name alike. */
const MIN_WIDTHS: Partial<Record<AttributeType, number>> = {
  boolean: 90,
  integer: 90,
  date: 130,
  timestamp: 170,
  binary: 180,
};
/** An address is read whole or not at all: `user@parkhere.exa…` names nobody. `createdBy` holds one too. */
const EMAIL_WIDTH = 240;
/** Roughly one header character at the grid's header font, and the sort button and padding around it. */
const HEADER_CHAR = 8.5;
const HEADER_CHROME = 56;

/**
 * The narrowest a column may get: wide enough for its whole header and for what its kind of value needs,
 * so no label or address is cut while the table has room (the rest of the width is shared by flex).
 */
export function columnMinWidth(type: AttributeType | 'relation', field: string, header: string): number {
  const forHeader = Math.ceil(header.length * HEADER_CHAR + HEADER_CHROME);
  const forValue = /email|createdBy/i.test(field)
    ? EMAIL_WIDTH
    : type === 'relation'
      ? 140
      : (MIN_WIDTHS[type] ?? 120);
  return Math.max(forHeader, forValue);
}
