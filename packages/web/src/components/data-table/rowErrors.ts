import type { ValidationErrorItem } from '@parkhere/contract';
import { ApiError } from '../../errors/apiError.ts';

/*
 * SPEC §5: a 400 answer's items land on the row's cells by location (shown as tooltips); items no column
 * owns are table-level and show under the table. Any other failure clears the row's errors.
 */

/** Error codes per column field of one row. */
export type CellErrors = Readonly<Record<string, readonly string[]>>;

export type MappedErrors = { cells: CellErrors; table: ValidationErrorItem[] };

const NO_ERRORS: MappedErrors = { cells: {}, table: [] };

/** `parkingSlots[0].name` and `parkingGarage.name` belong to the `parkingSlots` / `parkingGarage` column. */
export const fieldOfLocation = (location: string): string => location.split(/[.[]/, 1)[0] ?? '';

const isItem = (value: unknown): value is ValidationErrorItem =>
  typeof value === 'object' &&
  value !== null &&
  typeof Reflect.get(value, 'code') === 'string' &&
  typeof Reflect.get(value, 'location') === 'string';

/** The validation items of a 400 answer; none for any other failure. */
export function validationItemsOf(error: unknown): ValidationErrorItem[] {
  if (!(error instanceof ApiError) || error.status !== 400 || !Array.isArray(error.body)) {
    return [];
  }
  return error.body.filter(isItem);
}

export function mapErrors(error: unknown, fields: readonly string[]): MappedErrors {
  const items = validationItemsOf(error);
  if (items.length === 0) {
    return NO_ERRORS;
  }
  const cells: Record<string, string[]> = {};
  const table: ValidationErrorItem[] = [];
  for (const item of items) {
    const field = fieldOfLocation(item.location);
    if (fields.includes(field)) {
      cells[field] = [...(cells[field] ?? []), item.code];
    } else {
      table.push(item);
    }
  }
  return { cells, table };
}

/** Several errors on one field are joined with a comma (SPEC §5); `translate` looks a code up. */
export function cellMessage(codes: readonly string[], translate: (code: string) => string): string {
  return codes.map(translate).join(', ');
}
