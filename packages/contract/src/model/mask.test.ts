import { describe, expect, it } from 'vitest';
import { defaultMask, formatMask, MASK_MAX_RELATION_DEPTH, parseMask, parseMaskSyntax } from './mask.ts';

describe('mask parser', () => {
  it('reads attributes and nested relations', () => {
    expect(parseMask(' { name , parkingSlots { aggregaredName, floor } } ', 'ParkingGarageSettings')).toEqual(
      {
        ok: true,
        value: {
          attributes: ['name'],
          relations: { parkingSlots: { attributes: ['aggregaredName', 'floor'], relations: {} } },
        },
      },
    );
  });

  it('reads the empty mask', () => {
    expect(parseMask('{}', 'Car')).toEqual({ ok: true, value: { attributes: [], relations: {} } });
  });

  it('gives a bare relation name every attribute of its target', () => {
    expect(parseMask('{name,preferedParkingSlot}', 'ProfileSettings')).toEqual({
      ok: true,
      value: { attributes: ['name'], relations: { preferedParkingSlot: defaultMask('ParkingSlot') } },
    });
  });

  it('reads one level of relations, several side by side', () => {
    const mask = parseMask('{name,parkingSlots{name},accessedUsers{email}}', 'ParkingGarageSettings');
    expect(mask.ok && formatMask(mask.value)).toBe('{name,parkingSlots{name},accessedUsers{email}}');
  });

  it.each([
    ['{parkingSlots{name,parkingGarage{name}}}', 'ParkingGarageSettings', 'parkingSlots.parkingGarage'],
    ['{parkingGarage{parkingSlots}}', 'ParkingSlotSettings', 'parkingGarage.parkingSlots'],
    [
      '{parkingSlots{name,parkingGarage{parkingSlots{name,parkingGarage{parkingSlots{name,parkingGarage{name}}}}}}}',
      'ParkingGarageSettings',
      'parkingSlots.parkingGarage',
    ],
  ] as const)('refuses %j on %s: it leads back to an entity on its path', (text, type, where) => {
    const parsed = parseMask(text, type);
    expect(parsed).toMatchObject({ ok: false, errors: [{ code: 'INVALID_QUERY_MASK', location: '_mask' }] });
    expect(JSON.stringify(parsed)).toContain(where);
  });

  it.each([
    ['{accessedUsers{name,cars{licensePlate}}}', 'ParkingGarageSettings', 'accessedUsers.cars'],
    ['{doormans{assignedGarages{name}}}', 'ConfigurationSettings', 'doormans.assignedGarages'],
    ['{user{cars}}', 'ReservationInput', 'user.cars'],
  ] as const)(`refuses %j on %s: relations deeper than ${MASK_MAX_RELATION_DEPTH}`, (text, type, where) => {
    const parsed = parseMask(text, type);
    expect(parsed).toMatchObject({ ok: false, errors: [{ code: 'INVALID_QUERY_MASK', location: '_mask' }] });
    expect(JSON.stringify(parsed)).toContain(where);
  });

  it.each([
    ['', 'Car'],
    ['name', 'Car'],
    ['{licensePlate', 'Car'],
    ['{licensePlate,}', 'Car'],
    ['{licensePlate}}', 'Car'],
    ['{licensePlate licensePlate}', 'Car'],
    ['{licensePlate,licensePlate}', 'Car'],
    ['{1abc}', 'Car'],
    ['{colour}', 'Car'],
    ['{licensePlate{model}}', 'Car'],
    ['{cars{colour}}', 'ProfileSettings'],
    [`${'{a'.repeat(20)}${'}'.repeat(20)}`, 'Car'],
    [`{${'a,'.repeat(3000)}a}`, 'Car'],
  ] as const)('refuses %j on %s with INVALID_QUERY_MASK', (text, type) => {
    expect(parseMask(text, type)).toMatchObject({
      ok: false,
      errors: [{ code: 'INVALID_QUERY_MASK', location: '_mask' }],
    });
  });

  it('points header masks at the header', () => {
    expect(parseMaskSyntax('{', 'X-Judo-Mask')).toMatchObject({ errors: [{ location: 'X-Judo-Mask' }] });
  });
});
