/*
 * Who of the requesters in draw order wins a slot, and which slot. Slots are numbered 0…slotCount-1, requesters
 * are given in draw order, each with the slots it may use (free over its whole interval that day, in a garage
 * it may reserve in) and maybe one preferred slot.
 *
 * One draw winner per slot and day (a decision): a slot's day goes whole to one winner, even where two
 * requests' hours would not overlap. It keeps the draw a plain matching people can follow ("the slot is
 * yours that day"), and a slot's hours a winner leaves (a morning winner's afternoon) stay first come, first
 * served after the cut-off, as every leftover does.
 */

/** A requester: the slots it may use, and the one it would like best (-1: none). */
export type Candidate = { slots: readonly number[]; preferred: number };

/** Per requester (in the given order), its slot, or -1 for a loser. */
export type Assignment = Int32Array;

const NONE = -1;

/**
 * The winners: requesters taken in draw order, each added when a complete matching of everybody taken so far
 * plus it still exists (an augmenting path; the greedy on a transversal matroid, so the winners are the first
 * in draw order that fit, and an earlier requester is never displaced by a later one: paths only move earlier
 * winners to other slots). A search that fails leaves every slot it looked at useless to any later search
 * (all are held, and their holders can only move among them), so they are never looked at again: the failed
 * searches cost one pass over the graph in all.
 */
export function chooseWinners(candidates: readonly Candidate[], slotCount: number): boolean[] {
  const holder = new Int32Array(slotCount).fill(NONE);
  const dead = new Uint8Array(slotCount);
  const seen = new Int32Array(slotCount).fill(NONE);
  const won = candidates.map(() => false);
  let held = 0;
  const augment = (who: number, search: number): boolean => {
    const slots = candidates[who]?.slots ?? [];
    // A free slot at hand ends the search at once: most searches, while slots last.
    for (const slot of slots) {
      if (holder[slot] === NONE && dead[slot] === 0) {
        holder[slot] = who;
        return true;
      }
    }
    for (const slot of slots) {
      if (dead[slot] === 1 || seen[slot] === search) {
        continue;
      }
      seen[slot] = search;
      if (augment(holder[slot] as number, search)) {
        holder[slot] = who;
        return true;
      }
    }
    return false;
  };
  for (let who = 0; who < candidates.length && held < slotCount; who += 1) {
    if (augment(who, who)) {
      won[who] = true;
      held += 1;
    } else {
      for (let slot = 0; slot < slotCount; slot += 1) {
        if (seen[slot] === who) {
          dead[slot] = 1;
        }
      }
    }
  }
  return won;
}

/**
 * Each winner's slot, honouring as many preferred slots as any assignment of all winners can: a minimum-cost
 * assignment (Hungarian method, one winner at a time by shortest augmenting paths) where a winner's preferred
 * slot costs 0, another slot it may use 1, one it may not use is not an edge. So a winner without a preference
 * never keeps the slot another winner preferred when a different slot would do for them. `winners` must be
 * matchable (chooseWinners' answer is).
 */
export function assignSlots(winners: readonly Candidate[], slotCount: number): Int32Array {
  const rows = winners.length;
  const columns = slotCount;
  // 1-based as the method is usually written: row 0 and column 0 are the virtual start.
  const rowPotential = new Float64Array(rows + 1);
  const columnPotential = new Float64Array(columns + 1);
  const rowOf = new Int32Array(columns + 1);
  const way = new Int32Array(columns + 1);
  const minimum = new Float64Array(columns + 1);
  const used = new Uint8Array(columns + 1);
  const allowed = winners.map((winner) => {
    const mask = new Uint8Array(columns + 1);
    for (const slot of winner.slots) {
      mask[slot + 1] = 1;
    }
    return mask;
  });
  const cost = (row: number, column: number): number => {
    const winner = winners[row - 1] as Candidate;
    if ((allowed[row - 1] as Uint8Array)[column] === 0) {
      return Number.POSITIVE_INFINITY;
    }
    return winner.preferred === column - 1 ? 0 : 1;
  };
  for (let row = 1; row <= rows; row += 1) {
    rowOf[0] = row;
    let column = 0;
    minimum.fill(Number.POSITIVE_INFINITY);
    used.fill(0);
    do {
      used[column] = 1;
      const from = rowOf[column] as number;
      let delta = Number.POSITIVE_INFINITY;
      let next = 0;
      for (let j = 1; j <= columns; j += 1) {
        if (used[j] === 1) {
          continue;
        }
        const reduced = cost(from, j) - (rowPotential[from] as number) - (columnPotential[j] as number);
        if (reduced < (minimum[j] as number)) {
          minimum[j] = reduced;
          way[j] = column;
        }
        const candidate = minimum[j] as number;
        // Among equal steps a free slot first: it ends the search.
        if (candidate < delta || (candidate === delta && rowOf[j] === 0 && rowOf[next] !== 0)) {
          delta = candidate;
          next = j;
        }
      }
      if (delta === Number.POSITIVE_INFINITY) {
        throw new Error('the winners of a draw are matchable: no augmenting path is a bug');
      }
      for (let j = 0; j <= columns; j += 1) {
        if (used[j] === 1) {
          const row = rowOf[j] as number;
          rowPotential[row] = (rowPotential[row] as number) + delta;
          columnPotential[j] = (columnPotential[j] as number) - delta;
        } else {
          minimum[j] = (minimum[j] as number) - delta;
        }
      }
      column = next;
    } while (rowOf[column] !== 0);
    do {
      const previous = way[column] as number;
      rowOf[column] = rowOf[previous] as number;
      column = previous;
    } while (column !== 0);
  }
  const slotOf = new Int32Array(rows).fill(NONE);
  for (let j = 1; j <= columns; j += 1) {
    const row = rowOf[j] as number;
    if (row !== 0) {
      slotOf[row - 1] = j - 1;
    }
  }
  return slotOf;
}

/** The draw's assignment: the winners in draw order (chooseWinners), then their slots (assignSlots). */
export function assign(candidates: readonly Candidate[], slotCount: number): Assignment {
  const won = chooseWinners(candidates, slotCount);
  const winners = candidates.flatMap((candidate, index) => (won[index] ? [{ candidate, index }] : []));
  const slots = assignSlots(
    winners.map(({ candidate }) => candidate),
    slotCount,
  );
  const assignment = new Int32Array(candidates.length).fill(NONE);
  winners.forEach(({ index }, row) => {
    assignment[index] = slots[row] as number;
  });
  return assignment;
}
