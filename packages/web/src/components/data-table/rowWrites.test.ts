import { transferTypes } from '@parkhere/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { list, type Row, setRelation, unsetRelation, update } from '../../api/model.ts';
import { type RowShape, updateRow } from './rowWrites.ts';

vi.mock('../../api/model.ts', async (original) => ({
  ...(await original<typeof import('../../api/model.ts')>()),
  update: vi.fn(async (_type: string, row: Row) => row),
  setRelation: vi.fn(async () => undefined),
  unsetRelation: vi.fn(async () => undefined),
  list: vi.fn(async () => ({ items: [], total: null })),
}));

const shape: RowShape = {
  type: 'ParkingSlotSettings',
  source: { kind: 'accessPoint', accessPoint: 'parkingSlots' },
  mask: '{name,assignedTo{email}}',
  attributes: transferTypes.ParkingSlotSettings.attributes,
  fields: ['name', 'assignedTo'],
  relationFields: ['assignedTo'],
};
const owner = { __identifier: 'u1', __signedIdentifier: 'signed-u1', email: 'owner@parkhere.example' };
const slot = { __identifier: 's1', __signedIdentifier: 'signed-s1', name: 'A-101', assignedTo: owner };

describe('an inline edit of a to-one relation', () => {
  beforeEach(() => {
    vi.mocked(setRelation).mockClear();
    vi.mocked(unsetRelation).mockClear();
    vi.mocked(update).mockClear();
    vi.mocked(list).mockClear();
  });

  it('sets the picked row', async () => {
    await updateRow(shape, slot, { ...slot, assignedTo: null });
    expect(setRelation).toHaveBeenCalledWith('ParkingSlotSettings', 'assignedTo', slot, owner);
    expect(unsetRelation).not.toHaveBeenCalled();
    expect(update).not.toHaveBeenCalled();
  });

  it('unsets it when none is picked: the slot assigned to nobody', async () => {
    const unassigned = { ...slot, assignedTo: null };
    await updateRow(shape, unassigned, slot);
    expect(unsetRelation).toHaveBeenCalledWith('ParkingSlotSettings', 'assignedTo', unassigned);
    expect(setRelation).not.toHaveBeenCalled();
    expect(list).toHaveBeenCalledTimes(1);
  });
});
