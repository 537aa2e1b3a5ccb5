import {
  boolean,
  date,
  enumerated,
  integer,
  operation,
  relation,
  string,
  timestamp,
  transfer,
} from '../dsl.ts';
import { DrawPriorityCategory, DrawResult } from '../enumerations.ts';
import type { TransferOf } from '../transfer-of.ts';
import { administeredRecord } from './records.ts';
import { requested } from './reservations.ts';

/*
 * The administrators' side of the fair draw: each draw as it ran (ReservationsPanel.draws), its replay, and
 * the need-based priorities (UserSettings.drawPriorities). Users reach none of these types: who asked with
 * which weight and priority is health-related and about other people.
 */

const slotName = string({ derived: true, maxLength: 200 });

/** Who asked. */
const requester = {
  userName: string({ derived: true, maxLength: 255 }),
  userEmail: string({ derived: true, maxLength: 255 }),
};

/**
 * What a draw decided for a request: the slot it won, if any, and its place (1-based: the winners in draw
 * order, then the losers in draw order, the waitlist's order).
 */
const decision = {
  result: enumerated(DrawResult, { derived: true }),
  slotName,
  place: integer({ derived: true }),
};

/** A garage's day as it was drawn at its cut-off: what it froze, the seed, and what it decided. */
export const Draw = transfer('Draw', {
  entity: 'Draw',
  attributes: {
    date: date({ readOnly: true }),
    parkingGarageName: string({ derived: true, maxLength: 100 }),
    seed: integer({ readOnly: true }),
    requestCount: integer({ readOnly: true }),
    /** The winners whose reservation was made (a REFUSED winner is not counted). */
    winnerCount: integer({ readOnly: true }),
    /** The slots the draw could give. */
    slotCount: integer({ derived: true }),
    /** The losers put on the waitlist. */
    waitingCount: integer({ derived: true }),
    ranAt: timestamp({ readOnly: true }),
  },
  relations: {
    /** Every request the draw took, winners first, each group in draw order. */
    entries: relation('DrawEntry', 'many'),
  },
  operations: {
    /** The draw run again from its stored inputs and seed; changes nothing. */
    replay: operation({ output: 'DrawReplay', bound: true }),
  },
});
export type Draw = TransferOf<typeof Draw>;

/** A request as a draw took it (its weight and priority at the cut-off) and what became of it. */
export const DrawEntry = transfer('DrawEntry', {
  entity: 'DrawRequest',
  attributes: {
    ...requested,
    ...requester,
    /** The requester's weight at the cut-off, to two decimals (1: neutral). */
    weight: string({ derived: true, maxLength: 16 }),
    /** The need-based priority the requester held on the day, or null. */
    priority: enumerated(DrawPriorityCategory, { derived: true }),
    preferredSlotName: slotName,
    /** Whether the requester could be served at all (garage access, no own booking at the time). */
    mayReserve: boolean({ derived: true }),
    ...decision,
    waitlisted: boolean({ derived: true }),
  },
});
export type DrawEntry = TransferOf<typeof DrawEntry>;

/** One request in a replay: what the replay decided beside what the draw recorded. */
export const DrawReplayEntry = transfer('DrawReplayEntry', {
  entity: null,
  attributes: {
    ...requester,
    ...decision,
    recordedResult: enumerated(DrawResult, { derived: true }),
    recordedSlotName: slotName,
    recordedPlace: integer({ derived: true }),
    /** The replay decided for this request exactly what the draw did. */
    same: boolean({ derived: true }),
  },
});
export type DrawReplayEntry = TransferOf<typeof DrawReplayEntry>;

/** Draw.replay's answer. */
export const DrawReplay = transfer('DrawReplay', {
  entity: null,
  attributes: {
    /** The same winners on the same slots and the same losers, in the same order. */
    sameOutcome: boolean({ derived: true }),
  },
  relations: {
    entries: relation('DrawReplayEntry', 'many'),
  },
});
export type DrawReplay = TransferOf<typeof DrawReplay>;

/** A need-based priority: its holder is drawn before everybody else until it expires (the last day it holds). */
export const DrawPriority = transfer('DrawPriority', {
  entity: 'DrawPriority',
  attributes: {
    category: enumerated(DrawPriorityCategory, { required: true }),
    expires: date({ required: true }),
  },
  ...administeredRecord,
});
export type DrawPriority = TransferOf<typeof DrawPriority>;
