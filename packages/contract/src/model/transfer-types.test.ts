import { describe, expect, it } from 'vitest';
import { accessPoints } from './access-points.ts';
import { attributeSchema } from './body-schema.ts';
import type { TransferDef } from './dsl.ts';
import { templateOf } from './template.ts';
import { type TransferName, transferTypes } from './transfer-types.ts';

const definitions = Object.entries(transferTypes) as [TransferName, TransferDef][];

describe('the model', () => {
  it('names every transfer type by its key and as ParkHere::<Name>', () => {
    for (const [key, definition] of definitions) {
      expect(definition.name).toBe(key);
      expect(definition.entityType).toBe(`ParkHere::${key}`);
    }
  });

  it('points every relation, operation and access point at a transfer type that exists', () => {
    const names = new Set<string>(Object.keys(transferTypes));
    const targets = [
      ...definitions.flatMap(([, definition]) => Object.values(definition.relations).map((r) => r.target)),
      ...definitions.flatMap(([, definition]) =>
        Object.values(definition.operations).flatMap((o) => [o.input, o.output]),
      ),
      ...Object.values(accessPoints).map((accessPoint) => accessPoint.target),
    ].filter((target): target is string => target !== null);
    expect(targets.filter((target) => !names.has(target))).toEqual([]);
  });

  it('never uses one name for two members of a type', () => {
    for (const [, definition] of definitions) {
      const members = [
        ...Object.keys(definition.attributes),
        ...Object.keys(definition.relations),
        ...Object.keys(definition.operations),
      ];
      expect(new Set(members).size).toBe(members.length);
    }
  });

  it('gives every enumeration attribute its values and every string a bound', () => {
    for (const [, definition] of definitions) {
      for (const attribute of Object.values(definition.attributes)) {
        if (attribute.type === 'enumeration') {
          expect(attribute.enumeration?.values.length).toBeGreaterThan(0);
        }
        if (attribute.type === 'string') {
          expect(attribute.maxLength).toBeGreaterThan(0);
        }
      }
    }
  });

  it('has defaults its own schemas accept', () => {
    for (const [, definition] of definitions) {
      for (const attribute of Object.values(definition.attributes)) {
        if (attribute.default !== undefined) {
          expect(attribute.readOnly).toBe(false);
          expect(attributeSchema(attribute, 'create').safeParse(attribute.default).success).toBe(true);
        }
      }
    }
  });
});

describe('templates', () => {
  it('start a new car as not favourite and not electric', () => {
    expect(templateOf('CreateCarInput')).toEqual({ isFavorite: false, isElectric: false });
  });

  it('start a new slot active, not exclusive, not next to a wall, not accessible, without a charger', () => {
    expect(templateOf('ParkingSlotSettings')).toEqual({
      nextToWall: false,
      isActive: true,
      isExclusive: false,
      isAccessible: false,
      hasCharger: false,
    });
  });

  it('start a reservation with notification and a quarter-hour reminder', () => {
    expect(templateOf('ReservationInput')).toEqual({
      sendNotification: true,
      reminderBeforeReservation: '00:15:00',
      instantNotificateTheDoorman: false,
      // A day of the owner's holiday is booked only when the user says so.
      confirmHoliday: false,
    });
  });
});
