import { assign, type Candidate } from './assign.ts';
import { byStableKey, drawOrder } from './order.ts';

/*
 * The draw of one garage and day as a pure function of what was frozen at the cut-off and the seed: the job
 * runs it once and stores both, `Draw/replay` runs it again to show it gives the same outcome.
 */

/** A request as the draw saw it at the cut-off. Instants are ISO strings (the frozen inputs are JSON). */
export type DrawRequestInput = {
  requestId: string;
  userId: string;
  start: string;
  end: string;
  preferredSlotId: string | null;
  /** The requester's weight at the cut-off (weights.ts). */
  weight: number;
  /** The need-based priority category the requester held on the day, or null. */
  priority: string | null;
  /** Whether the requester could be served at all at the cut-off (garage access, no own overlapping booking). */
  mayReserve: boolean;
  /**
   * The garage's slots not offered to the request at the cut-off (a group's pool not released to them, an
   * accessible slot kept for permit holders, a charger without an electric car: reservations' slot-offered.ts);
   * absent in draws frozen before issue 29, which replay as they ran.
   */
  notOffered?: readonly string[];
};

/** A slot of the garage the draw may give: its id and the intervals already booked on it that day. */
export type DrawSlotInput = { slotId: string; busy: readonly { start: string; end: string }[] };

export type DrawInputs = { requests: readonly DrawRequestInput[]; slots: readonly DrawSlotInput[] };

export type DrawWinner = { requestId: string; userId: string; slotId: string; preferred: boolean };

/** Winners with their slots and losers, each in draw order. */
export type DrawOutcome = {
  winners: DrawWinner[];
  losers: { requestId: string; userId: string }[];
};

type Span = { start: number; end: number };

const spanOf = ({ start, end }: { start: string; end: string }): Span => ({
  start: Date.parse(start),
  end: Date.parse(end),
});

/** Half-open intervals, as the reservations' exclusion constraint has them: back to back is free. */
const overlaps = (a: Span, b: Span): boolean => a.start < b.end && b.start < a.end;

/** The slots (by index) free over a request's whole interval; requests of one interval share one list. */
const freeSlotsFinder = (slots: readonly DrawSlotInput[]) => {
  const busy = slots.map((slot) => slot.busy.map(spanOf));
  const found = new Map<string, number[]>();
  return (request: { start: string; end: string }): number[] => {
    const key = `${request.start}/${request.end}`;
    let free = found.get(key);
    if (free === undefined) {
      const span = spanOf(request);
      free = busy.flatMap((intervals, index) =>
        intervals.some((interval) => overlaps(interval, span)) ? [] : [index],
      );
      found.set(key, free);
    }
    return free;
  };
};

export function runDraw(inputs: DrawInputs, seed: number): DrawOutcome {
  const slots = [...inputs.slots].sort((a, b) => byStableKey(a.slotId, b.slotId));
  const slotIndex = new Map(slots.map((slot, index) => [slot.slotId, index]));
  const freeSlots = freeSlotsFinder(slots);
  const order = drawOrder(
    inputs.requests.map((request) => ({
      id: request.requestId,
      weight: request.weight,
      priority: request.priority !== null,
      request,
    })),
    seed,
  ).map(({ request }) => request);
  const candidates: Candidate[] = order.map((request) => {
    const notOffered = new Set(request.notOffered ?? []);
    const usable = request.mayReserve
      ? freeSlots(request).filter((slot) => !notOffered.has((slots[slot] as DrawSlotInput).slotId))
      : [];
    const preferred = request.preferredSlotId === null ? -1 : (slotIndex.get(request.preferredSlotId) ?? -1);
    return { slots: usable, preferred };
  });
  const assignment = assign(candidates, slots.length);
  const outcome: DrawOutcome = { winners: [], losers: [] };
  order.forEach((request, index) => {
    const slot = assignment[index] as number;
    const who = { requestId: request.requestId, userId: request.userId };
    if (slot < 0) {
      outcome.losers.push(who);
    } else {
      const { slotId } = slots[slot] as DrawSlotInput;
      outcome.winners.push({ ...who, slotId, preferred: slotId === request.preferredSlotId });
    }
  });
  return outcome;
}
