import { describe, expect, it } from 'vitest';
import { defaultMask, formatMask, parseMask, parseMaskSyntax } from './mask.ts';

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

  it('follows relations of relations', () => {
    const mask = parseMask('{parkingGarage{name,parkingSlots{name}}}', 'ParkingSlotSettings');
    expect(mask.ok && formatMask(mask.value)).toBe('{parkingGarage{name,parkingSlots{name}}}');
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
