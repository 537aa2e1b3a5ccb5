import { describe, expect, it } from 'vitest';
import { bodySchema, validateBody } from './body-schema.ts';
import type { AttributeDef, TransferDef } from './dsl.ts';
import { EMAIL_PATTERN, LICENSE_PLATE_PATTERN, TIME_ZONE_PATTERN } from './patterns.ts';
import { timeZones } from './time-zones.ts';
import { type TransferName, transferTypes } from './transfer-types.ts';

const SAMPLE_BY_PATTERN: Record<string, string> = {
  [EMAIL_PATTERN]: 'user@parkhere.example',
  [LICENSE_PLATE_PATTERN]: ' abc-123 ',
  [TIME_ZONE_PATTERN]: 'Europe/Budapest',
};

const sample = (attribute: AttributeDef): unknown => {
  switch (attribute.type) {
    case 'string':
      return attribute.pattern === undefined ? 'text' : SAMPLE_BY_PATTERN[attribute.pattern];
    case 'binary':
      return 'file-token';
    case 'integer':
      return 3;
    case 'boolean':
      return true;
    case 'date':
      return '2026-03-15';
    case 'time':
      return '09:30:00';
    case 'timestamp':
      return '2026-03-15T09:30:00.000Z';
    case 'enumeration':
      return attribute.enumeration?.values[0];
  }
};

const WRONG_TYPE: Record<AttributeDef['type'], unknown> = {
  string: 12,
  binary: false,
  integer: 'three',
  boolean: 'yes',
  date: '2026-02-30',
  time: '25:00:00',
  timestamp: 'yesterday',
  enumeration: 'SOMETIMES',
};

/** A create body with every writable attribute and a reference for each required one-relation. */
const validBody = (definition: TransferDef): Record<string, unknown> => {
  const body: Record<string, unknown> = {};
  for (const [name, attribute] of Object.entries(definition.attributes)) {
    if (!attribute.readOnly) {
      body[name] = sample(attribute);
    }
  }
  for (const [name, relation] of Object.entries(definition.relations)) {
    if (relation.required) {
      body[name] = { __signedIdentifier: 'signed' };
    }
  }
  // The later attribute of each order rule (working hours) gets a later sample than the earlier one.
  for (const { to } of definition.order) {
    body[to] = '17:00:00';
  }
  return body;
};

const types = Object.keys(transferTypes) as TransferName[];

describe.each(types)('the %s body', (type) => {
  const definition: TransferDef = transferTypes[type];
  const attributes = Object.entries(definition.attributes);

  it('accepts a complete body with JUDO metadata', () => {
    const body = { ...validBody(definition), __entityType: definition.entityType, __version: 2 };
    expect(validateBody(type, body, 'create')).toEqual({ ok: true, value: body });
  });

  it('refuses an attribute the type does not have', () => {
    expect(validateBody(type, { ...validBody(definition), colour: 'red' }, 'create')).toMatchObject({
      ok: false,
      errors: [{ code: 'UNKNOWN_ATTRIBUTE', location: 'colour' }],
    });
  });

  it.each(attributes.filter(([, attribute]) => attribute.required && !attribute.readOnly))(
    'requires %s on create and refuses null on update',
    (name) => {
      const { [name]: _omitted, ...body } = validBody(definition);
      expect(validateBody(type, body, 'create')).toMatchObject({
        errors: [{ code: 'MISSING_REQUIRED_ATTRIBUTE', location: name }],
      });
      expect(validateBody(type, body, 'update').ok).toBe(true);
      expect(validateBody(type, { [name]: null }, 'update')).toMatchObject({
        errors: [{ code: 'MISSING_REQUIRED_ATTRIBUTE', location: name }],
      });
    },
  );

  it.each(attributes)('refuses a wrong type for %s', (name, attribute) => {
    expect(
      validateBody(type, { ...validBody(definition), [name]: WRONG_TYPE[attribute.type] }, 'create'),
    ).toEqual({
      ok: false,
      errors: [{ code: 'CONVERSION_FAILED', level: 'ERROR', location: name }],
    });
  });

  it.each(attributes.filter(([, attribute]) => !attribute.readOnly && attribute.maxLength !== undefined))(
    'refuses an over-long %s',
    (name, attribute) => {
      const tooLong = 'A'.repeat((attribute.maxLength ?? 0) + 1);
      expect(validateBody(type, { [name]: tooLong }, 'update')).toMatchObject({
        errors: [{ code: 'MAX_LENGTH_VALIDATION_FAILED', location: name }],
      });
    },
  );

  it.each(attributes.filter(([, attribute]) => !attribute.readOnly && attribute.type === 'string'))(
    'refuses a %s holding a NUL character, which PostgreSQL text cannot store',
    (name) => {
      expect(validateBody(type, { [name]: 'A\u0000B' }, 'update')).toMatchObject({
        errors: [{ code: 'CONVERSION_FAILED', location: name }],
      });
    },
  );

  it.each(attributes.filter(([, attribute]) => attribute.required && attribute.type === 'string'))(
    'refuses a %s of only blanks as missing, on create and on update',
    (name) => {
      for (const blank of ['', '   ', '\t \n']) {
        const missing = { errors: [{ code: 'MISSING_REQUIRED_ATTRIBUTE', location: name }] };
        expect(validateBody(type, { ...validBody(definition), [name]: blank }, 'create')).toMatchObject(
          missing,
        );
        expect(validateBody(type, { [name]: blank }, 'update')).toMatchObject(missing);
        // A form in progress (a ~range owner) or a row echoed back may still hold it: only writes refuse it.
        expect(bodySchema(type, 'update').safeParse({ [name]: blank }).success).toBe(true);
      }
    },
  );

  it.each(definition.order.map((rule) => [`${rule.to} after ${rule.from}`, rule] as const))(
    'refuses %s out of order, on create and on update',
    (_name, { from, to }) => {
      const [early, late] = ['08:00:00', '16:00:00'];
      const outOfOrder = {
        ok: false,
        errors: [{ code: 'END_NOT_AFTER_START', level: 'ERROR', location: to }],
      };
      expect(validateBody(type, { ...validBody(definition), [from]: late, [to]: early }, 'create')).toEqual(
        outOfOrder,
      );
      expect(validateBody(type, { [from]: late, [to]: early }, 'update')).toEqual(outOfOrder);
      expect(validateBody(type, { [from]: early, [to]: early }, 'update')).toEqual(outOfOrder);
      expect(validateBody(type, { [from]: early, [to]: late }, 'update').ok).toBe(true);
      // An update sending one half is judged against the stored other half by the server.
      expect(validateBody(type, { [to]: early }, 'update').ok).toBe(true);
    },
  );

  it.each(attributes.filter(([, attribute]) => !attribute.readOnly && attribute.pattern !== undefined))(
    'refuses a %s that does not match its pattern',
    (name) => {
      expect(validateBody(type, { [name]: '@@ @@' }, 'update')).toMatchObject({
        errors: [{ code: 'PATTERN_VALIDATION_FAILED', location: name }],
      });
    },
  );
});

describe('the model', () => {
  it('keeps working hours in order for the user and the administrator', () => {
    for (const type of ['ProfileSettings', 'UserSettings'] as const) {
      expect(transferTypes[type].order).toEqual([{ from: 'startOfWorkingTime', to: 'endOfWorkingTime' }]);
    }
  });
});

describe('an additional day', () => {
  const day = (body: Record<string, unknown>, mode: 'create' | 'update' = 'create') =>
    validateBody('AdditionalDay', body, mode);
  const already = {
    ok: false,
    errors: [{ code: 'DAY_ALREADY_OF_THAT_TYPE', level: 'ERROR', location: 'day' }],
  };

  it('changes what its day is: WORK on a day off, HOLIDAY on a working day', () => {
    // A bridging Saturday, a Saturday that is 15 March, a Friday off after New Year.
    expect(day({ day: '2026-01-10', typeOfDay: 'WORK' }).ok).toBe(true);
    expect(day({ day: '2025-03-15', typeOfDay: 'WORK' }).ok).toBe(true);
    expect(day({ day: '2026-01-02', typeOfDay: 'HOLIDAY' }).ok).toBe(true);
  });

  it('is refused when it changes nothing, on the day', () => {
    expect(day({ day: '2027-03-03', typeOfDay: 'WORK' })).toEqual(already);
    expect(day({ day: '2027-03-06', typeOfDay: 'HOLIDAY' })).toEqual(already);
    expect(day({ day: '2026-10-23', typeOfDay: 'HOLIDAY' })).toEqual(already);
    expect(day({ day: '2027-03-06', typeOfDay: 'HOLIDAY' }, 'update')).toEqual(already);
    // Half an update is judged by the server against the stored other half.
    expect(day({ typeOfDay: 'HOLIDAY' }, 'update').ok).toBe(true);
  });
});

describe('the configured time zone', () => {
  const zone = (timeZone: string) => validateBody('ConfigurationSettings', { timeZone }, 'update');

  it('is one the runtime knows, under its canonical name or an alias', () => {
    for (const timeZone of ['Europe/Budapest', 'UTC', 'Asia/Kolkata', 'Asia/Calcutta', 'Europe/Kyiv']) {
      expect(zone(timeZone).ok).toBe(true);
    }
  });

  it('is offered from the zones the runtime lists, UTC included', () => {
    const offered = timeZones();
    expect(offered).toContain('Europe/Budapest');
    expect(offered).toContain('UTC');
    expect(offered.every((timeZone) => zone(timeZone).ok)).toBe(true);
  });

  it('refuses a zone that only looks like one, on timeZone', () => {
    for (const timeZone of ['Mars/Olympus', 'Europe/Budapset', 'Etc/GMT+15']) {
      expect(zone(timeZone)).toEqual({
        ok: false,
        errors: [{ code: 'NOT_ACCEPTED_BY_RANGE', level: 'ERROR', location: 'timeZone' }],
      });
    }
  });
});

describe('body validation', () => {
  it('points into nested relation items', () => {
    const result = validateBody(
      'ProfileSettings',
      { cars: [{ licensePlate: 'ABC-123' }, { licensePlate: 'X'.repeat(30), colour: 'red' }] },
      'update',
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        { code: 'MAX_LENGTH_VALIDATION_FAILED', level: 'ERROR', location: 'cars[1].licensePlate' },
        { code: 'UNKNOWN_ATTRIBUTE', level: 'ERROR', location: 'cars[1].colour' },
      ],
    });
  });

  it('requires attributes of new nested items but not of references', () => {
    expect(validateBody('ProfileSettings', { cars: [{ model: 'Golf' }] }, 'create')).toMatchObject({
      errors: [
        { code: 'MISSING_REQUIRED_ATTRIBUTE', location: 'name' },
        { code: 'MISSING_REQUIRED_ATTRIBUTE', location: 'startOfWorkingTime' },
        { code: 'MISSING_REQUIRED_ATTRIBUTE', location: 'endOfWorkingTime' },
        { code: 'MISSING_REQUIRED_ATTRIBUTE', location: 'cars[0].licensePlate' },
      ],
    });
    const reference = { __signedIdentifier: 'signed', __entityType: 'ParkHere::ParkingSlot' };
    expect(validateBody('ProfileSettings', { preferedParkingSlot: reference }, 'update').ok).toBe(true);
  });

  it('requires the required one-relations of a create body', () => {
    const body = validBody(transferTypes.ReservationInput);
    const { user: _user, ...withoutUser } = body;
    expect(validateBody('ReservationInput', withoutUser, 'create')).toMatchObject({
      errors: [{ code: 'MISSING_REQUIRED_ATTRIBUTE', location: 'user' }],
    });
  });

  it('accepts times with zero milliseconds and refuses fractions of a second and impossible dates and times', () => {
    expect(
      validateBody('ModificateReservationInput', { startTime: '08:00:00.000', endTime: '09:00:00' }, 'create')
        .ok,
    ).toBe(true);
    // Issue 25 F13: a time of day is whole seconds.
    expect(
      validateBody(
        'ModificateReservationInput',
        { startTime: '08:00:00.250', endTime: '09:00:00' },
        'create',
      ),
    ).toMatchObject({ errors: [{ code: 'CONVERSION_FAILED', location: 'startTime' }] });
    expect(
      validateBody('ModificateReservationInput', { startTime: '8:00', endTime: '24:00:00' }, 'create'),
    ).toMatchObject({
      errors: [
        { code: 'CONVERSION_FAILED', location: 'startTime' },
        { code: 'CONVERSION_FAILED', location: 'endTime' },
      ],
    });
    expect(validateBody('AdditionalDay', { day: '2025-02-29', typeOfDay: 'WORK' }, 'create').ok).toBe(false);
    expect(validateBody('AdditionalDay', { day: '2024-02-29', typeOfDay: 'HOLIDAY' }, 'create').ok).toBe(
      true,
    );
  });

  it('refuses bodies that are not objects', () => {
    for (const body of [null, 'car', [], 3]) {
      expect(validateBody('Car', body, 'update')).toMatchObject({
        ok: false,
        errors: [{ code: 'CONVERSION_FAILED' }],
      });
    }
  });

  it('accepts read-only values echoed back but still checks their type', () => {
    expect(
      validateBody('ProfileSettings', { email: 'a@b.example', isQuickReservation: true }, 'update').ok,
    ).toBe(true);
    expect(validateBody('ProfileSettings', { isQuickReservation: 'no' }, 'update')).toMatchObject({
      errors: [{ code: 'CONVERSION_FAILED', location: 'isQuickReservation' }],
    });
  });
});
