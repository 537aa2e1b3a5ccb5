import type { GaragePlans, PlanSlot, PlanSlotStatus } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import english from '../../../public/i18n/application_en-US.json';
import hungarian from '../../../public/i18n/application_hu-HU.json';
import { isChoosable, refusalKey, slotLabel, slotsOfGarage, statusCounts } from './dayPlanSlots.ts';

/** A translation function over one language's application texts, as i18next interpolates them. */
const translator =
  (texts: unknown) =>
  (key: string, values: Record<string, unknown> = {}): string => {
    const text = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
    if (typeof text !== 'string') {
      throw new Error(`no text for ${key}`);
    }
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  };

const slot = (name: string, status: PlanSlotStatus, place: [number, number] | null = [10, 20]): PlanSlot => ({
  __signedIdentifier: `signed-${name}`,
  __entityType: 'ParkHere::ParkingSlot',
  name,
  aggregaredName: `${name} / -1 (HQ Garage)`,
  floor: -1,
  garageName: 'HQ Garage',
  planX: place?.[0] ?? null,
  planY: place?.[1] ?? null,
  status,
});

describe('the floor-plan day view', () => {
  it('names each slot with its status in English', () => {
    const t = translator(english);
    expect(slotLabel(slot('A-12', 'FREE'), t)).toBe('Slot A-12, free');
    expect(slotLabel(slot('A-13', 'TAKEN'), t)).toBe('Slot A-13, taken');
    expect(slotLabel(slot('A-14', 'NOT_OFFERED'), t)).toBe('Slot A-14, not for you');
  });

  it('names each slot with its status in Hungarian', () => {
    const t = translator(hungarian);
    expect(slotLabel(slot('A-12', 'FREE'), t)).toBe('A-12 parkolóhely, szabad');
    expect(slotLabel(slot('A-13', 'TAKEN'), t)).toBe('A-13 parkolóhely, foglalt');
    expect(slotLabel(slot('A-14', 'NOT_OFFERED'), t)).toBe('A-14 parkolóhely, Önnek nem foglalható');
  });

  it('offers only a free slot to choose', () => {
    expect(isChoosable(slot('A-1', 'FREE'))).toBe(true);
    expect(isChoosable(slot('A-1', 'TAKEN'))).toBe(false);
    expect(isChoosable(slot('A-1', 'NOT_OFFERED'))).toBe(false);
  });

  it('says why a day can be booked for nothing, in both languages', () => {
    for (const refusal of [
      'DATE_IN_THE_PAST',
      'DATE_TOO_FAR_AHEAD',
      'NOT_A_WORKING_DAY',
      'TIME_IN_THE_PAST',
    ] as const) {
      expect(translator(english)(refusalKey(refusal))).not.toBe('');
      expect(translator(hungarian)(refusalKey(refusal))).not.toBe('');
    }
  });

  it("lists a garage's slots as its plans hold them, then those without a plan, and counts them", () => {
    const garage: GaragePlans = {
      garage: 'signed-garage',
      garageName: 'HQ Garage',
      plans: [
        {
          floorPlan: 'token-1',
          contentType: 'image/svg+xml',
          placed: [slot('A-1', 'FREE')],
          unplaced: [slot('A-2', 'TAKEN', null)],
        },
        {
          floorPlan: 'token-2',
          contentType: 'image/png',
          placed: [slot('A-3', 'NOT_OFFERED')],
          unplaced: [],
        },
      ],
      withoutPlan: [slot('A-4', 'FREE', null)],
    };
    const slots = slotsOfGarage(garage);
    expect(slots.map((listed) => listed.name)).toEqual(['A-1', 'A-2', 'A-3', 'A-4']);
    expect(statusCounts(slots)).toEqual({ FREE: 2, TAKEN: 1, NOT_OFFERED: 1 });
  });
});
