import type { ValidationErrorItem } from '../errors.ts';
import type { TransferDef } from './dsl.ts';
import { type TransferName, transferTypes } from './transfer-types.ts';

/**
 * The rules across attributes of a transfer type (its order rules and its check) that `values` breaks, each on
 * the attribute it names. A rule whose attributes are not all present is not judged here: a partial update is
 * checked once the stored values are merged in.
 */
export const instanceRuleErrors = (
  name: TransferName,
  values: Readonly<Record<string, unknown>>,
): ValidationErrorItem[] => {
  const definition: TransferDef = transferTypes[name];
  const unordered = definition.order.flatMap(({ from, to }): ValidationErrorItem[] => {
    const [start, end] = [values[from], values[to]];
    if (typeof start !== 'string' || typeof end !== 'string' || start < end) {
      return [];
    }
    return [{ code: 'END_NOT_AFTER_START', level: 'ERROR', location: to }];
  });
  const checked = (definition.check?.(values) ?? []).map(
    ({ code, location }): ValidationErrorItem => ({ code, level: 'ERROR', location }),
  );
  return [...unordered, ...checked];
};
