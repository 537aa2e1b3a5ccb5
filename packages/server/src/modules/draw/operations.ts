import type { DrawPriority, ReservationInput } from '@parkhere/contract';
import { type OperationCall, type Operations, ownerOf, relationId } from '../../engine/registry.ts';
import { insertPriority } from './priorities.ts';
import { replayDraw } from './replay-draw.ts';
import { requestDraw } from './request-draw.ts';
import { withdrawRequest } from './withdraw-request.ts';

export const drawOperations = {
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
