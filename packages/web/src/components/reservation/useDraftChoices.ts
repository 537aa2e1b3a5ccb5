import { defaultCar, preferredSlotIfOffered } from '@parkhere/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Row } from '../../api/model.ts';
import { freeSlotsQuery, reservationCarsQuery, waitlistGaragesQuery } from '../../api/reservationQueries.ts';
import {
  type CarChoice,
  type FormContext,
  isSlotRangeAskable,
  type ReservationDraft,
  reservationInputBody,
  type SlotChoice,
  slotKeyOf,
  takenPreferredSlot,
} from './reservationDraft.ts';
import { waitlistOfferOf } from './waitlistOffer.ts';

/** A garage the waitlist may be joined for, as the `parkingGarage` range answers it. */
export type GarageChoice = Row & { name?: string | null };

/** The free slots as answered, with the form's own changes since that answer (a reserved slot gone, a next one added). */
type AdjustedSlots = { answer: SlotChoice[] | null; slots: SlotChoice[] | null };

const NO_SLOTS: SlotChoice[] = [];

const sameRow = (a: Row | null, b: Row | null) =>
  (a?.__signedIdentifier ?? null) === (b?.__signedIdentifier ?? null);

type DraftFields = Pick<UseFormReturn<ReservationDraft>, 'getValues' | 'setValue'>;

/** The slot the last answer took out of the field, and what it put there. */
type DroppedSlot = { slot: SlotChoice; replacement: SlotChoice | null };

/** The slot field's note, as a text key of `reservationForm` and the slot it names. */
function slotNoteOf(
  dropped: DroppedSlot | null,
  draft: ReservationDraft,
  slots: readonly SlotChoice[] | null,
  placeholder: boolean,
): { key: string; slot: string } | null {
  if (dropped !== null && sameRow(dropped.replacement, draft.parkingSlot)) {
    return { key: 'reservationForm.chosenSlotNotFree', slot: dropped.slot.aggregaredName ?? '' };
  }
  const preferred = placeholder ? null : takenPreferredSlot(draft, slots);
  return preferred === null ? null : { key: 'reservationForm.preferredSlotTaken', slot: preferred };
}

/**
 * What the reservation form offers for its draft (SPEC §4 'Reservation form'), through TanStack Query: the
 * user's cars, the free slots and, where no slot is free, the garages the waitlist may be joined for. As the
 * answers arrive the draft takes the favourite car and keeps its slot if it is still free, else the preferred one.
 */
export function useDraftChoices(
  draft: ReservationDraft,
  context: FormContext,
  { getValues, setValue }: DraftFields,
) {
  const userKey = draft.user?.__signedIdentifier ?? '';
  const cars = useQuery(reservationCarsQuery<CarChoice>(userKey, reservationInputBody(draft, context)));
  // The favourite (or the only one) of the user's cars is preselected when they are answered; a car the field
  // holds that the new answer still offers stays (the user's own choice, read again after any change of cars).
  useEffect(() => {
    if (cars.data === undefined) {
      return;
    }
    const current = getValues('car');
    if (current !== null && cars.data.some((offered) => sameRow(offered, current))) {
      return;
    }
    // Setting what the field holds already would render the whole form again for nothing.
    const car = defaultCar(cars.data);
    if (!sameRow(car, current)) {
      setValue('car', car);
    }
  }, [cars.data, getValues, setValue]);

  const complete =
    userKey !== '' && draft.date !== null && draft.startTime !== null && draft.endTime !== null;
  const free = useQuery({
    ...freeSlotsQuery<SlotChoice>(
      slotKeyOf(draft),
      reservationInputBody({ ...draft, parkingSlot: null }, context),
      // A date being typed, or one the create refuses anyway: the slots of the last usable draft stay.
      complete && isSlotRangeAskable(draft, context.now.date),
    ),
    placeholderData: keepPreviousData,
  });
  // The slot the last answer took out of the field, not free for the draft as it is now, and what it put there.
  const [dropped, setDropped] = useState<DroppedSlot | null>(null);
  // A new answer keeps the chosen slot if it is among it, else takes the preferred one if it is.
  useEffect(() => {
    if (free.data === undefined) {
      return;
    }
    const chosen = getValues('parkingSlot');
    const kept = free.data.find((slot) => slot.__signedIdentifier === chosen?.__signedIdentifier);
    const next = kept ?? preferredSlotIfOffered(getValues('user')?.preferredParkingSlot, free.data);
    // The preferred slot dropped has its own note (takenPreferredSlot), which says more than this one.
    const preferred = getValues('user')?.preferredParkingSlot;
    const ownChoice = chosen !== null && chosen.aggregaredName !== preferred?.aggregaredName;
    setDropped(ownChoice && kept === undefined ? { slot: chosen, replacement: next } : null);
    if (!sameRow(next, chosen)) {
      setValue('parkingSlot', next);
    }
  }, [free.data, getValues, setValue]);
  const [adjusted, setAdjusted] = useState<AdjustedSlots | null>(null);
  const answer = complete ? (free.isError ? NO_SLOTS : (free.data ?? null)) : null;
  const slots = adjusted !== null && adjusted.answer === answer ? adjusted.slots : answer;

  // No slot for exactly this request: the waitlist is offered, for any of the user's garages or a chosen one.
  const stale = free.isPlaceholderData || free.isError;
  // No slot at all: the user's garages tell "no garage you may use" from "every slot taken".
  const garages = useQuery(
    waitlistGaragesQuery<GarageChoice>(
      userKey,
      reservationInputBody(draft, context),
      slots !== null && slots.length === 0 && !stale,
    ),
  );
  const noGarage = slots !== null && slots.length === 0 && garages.data?.length === 0;
  const [garageKey, setGarageKey] = useState('');
  const garage = garages.data?.find((choice) => choice.__signedIdentifier === garageKey) ?? null;
  const offer = noGarage ? 'none' : waitlistOfferOf({ slots, stale, reservationType: draft.reservationType });
  return {
    cars: cars.data ?? [],
    slots,
    /**
     * Why the slot field no longer holds what the user chose (the time or day changed under it, until they choose
     * again), or why it is empty although the user has a preferred slot (taken for this request): said beside the
     * field rather than dropped in silence.
     */
    slotNote: slotNoteOf(dropped, draft, slots, free.isPlaceholderData),
    /** This draft's free slots are on their way: the last draft's are no choice for it. */
    slotsLoading: free.isFetching && (free.isPlaceholderData || free.data === undefined),
    /** Changes the slots the form shows until the next answer (a slot reserved, a next free one taken). */
    adjustSlots: (next: (current: SlotChoice[] | null) => SlotChoice[] | null) =>
      setAdjusted({ answer, slots: next(slots) }),
    noGarage,
    offer,
    garages: garages.data ?? [],
    garage,
    garageKey: garage === null ? '' : garageKey,
    chooseGarage: setGarageKey,
  };
}
