import type { DrawPriority, ReservationInput } from '@parkhere/contract';
import { sql } from 'kysely';
import { type OperationCall, type Operations, ownerOf, relationId } from '../../engine/registry.ts';
import { createPattern, createRequestOf } from '../reservations/index.ts';
import { insertPriority } from './priorities.ts';
import { replayDraw } from './replay-draw.ts';
import { requestDraw } from './request-draw.ts';
import { withdrawRequest } from './withdraw-request.ts';

/**
 * A weekly pattern (reservations' createPattern): each day a create of its own, and a day in its garage's draw
 * requested as the form requests a single one. Here because the draw module knows both.
 */
const repeatReservation = (panel: 'user' | 'administration') => ({
  handle: async (call: OperationCall<ReservationInput>) => {
    // Each day is read back below: the answer is the pattern's, not a day's.
    const created = await createPattern(
      call.db,
      createRequestOf(call, panel, () => sql`NULL`),
      (transaction, day) => requestDraw(transaction, { ...day, garageId: null }),
    );
    const instances = (type: 'UserReservation' | 'DrawRequest', ids: string[]) =>
      Promise.all(ids.map((id) => call.instance(type, id)));
    return {
      value: {
        reservations: await instances('UserReservation', created.ids),
        drawRequests: await instances('DrawRequest', created.drawRequestIds),
        skippedDays: created.skippedDays,
      },
      notices: created.notices,
    };
  },
  transactsItself: true,
  leavesActorsAndSettings: true,
});

export const drawOperations = {
  'UserReservationPanel.repeatReservation': repeatReservation('user'),
  'ReservationsPanel.repeatReservation': repeatReservation('administration'),
  'UserReservationPanel.requestDraw': {
    handle: (call: OperationCall<ReservationInput>) =>
      requestDraw(call.db, {
        scope: call.scope,
        input: call.input,
        userId: relationId(call, 'user'),
        carId: relationId(call, 'car'),
        slotId: relationId(call, 'parkingSlot'),
        garageId: relationId(call, 'parkingGarage'),
        now: call.now,
      }),
    leavesActorsAndSettings: true,
  },
  'DrawRequest.withdraw': {
    handle: (call) =>
      withdrawRequest(call.db, { requestId: ownerOf(call), scope: call.scope, now: call.now }),
    leavesActorsAndSettings: true,
  },
  // The body is validated by the model: a known category and a date, both required.
  'UserSettings.createDrawPriority': {
    handle: async (call: OperationCall<DrawPriority>) => ({
      id: await insertPriority(
        call.db,
        ownerOf(call),
        {
          category: String(call.input.category),
          expires: String(call.input.expires),
        },
        call.now,
      ),
    }),
    leavesActorsAndSettings: true,
  },
  // Reads the draw's record only.
  'Draw.replay': {
    handle: (call) => replayDraw(call.db, ownerOf(call)),
    leavesActorsAndSettings: true,
  },
} satisfies Partial<Operations>;
