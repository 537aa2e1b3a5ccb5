import type { AttributeDef } from './dsl.ts';
import type { TransferOf } from './transfer-of.ts';
import { type TransferName, type TransferTypes, transferTypes } from './transfer-types.ts';

/**
 * The defaults of a transfer type's attributes: the static part of `GET services/{Type}/~template`.
 * Values that depend on the actor or the clock (ReservationInput's dates and times) are the server's to add.
 */
export const templateOf = <N extends TransferName>(type: N): Partial<TransferOf<TransferTypes[N]>> => {
  const attributes: Record<string, AttributeDef> = transferTypes[type].attributes;
  return Object.fromEntries(
    Object.entries(attributes).flatMap(([name, attribute]) =>
      attribute.default === undefined ? [] : [[name, attribute.default]],
    ),
  ) as Partial<TransferOf<TransferTypes[N]>>;
};
