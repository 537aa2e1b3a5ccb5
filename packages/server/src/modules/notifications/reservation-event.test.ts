import { describe, expect, it } from 'vitest';
import { type CheckInSettings, checkInWindow } from '../reservations/rules/index.ts';
import type { ReservationEventFacts } from './mail-facts.ts';
import { reservationEvent } from './reservation-event.ts';

const ZONE = 'Europe/Budapest';
const options = { locale: 'hu-HU', timeZone: ZONE, publicUrl: 'https://parking.example.com/' } as const;

const facts = (
  overrides: Partial<ReservationEventFacts> = {},
  row: Partial<ReservationEventFacts['row']> = {},
) =>
  ({
    row: {
      id: '42',
      date: '2027-10-31',
      startTime: '08:00',
      endTime: '17:00',
      type: 'GUEST',
      status: 'ACTIVE',
      slot: 'A-105 / -1 (HQ Garage)',
      slotName: 'A-105',
      floor: -1,
      garage: 'HQ Garage',
      licensePlate: 'GST-001',
      reserverName: 'Greta Guest',
      ownerName: 'Ulrich User',
      isGuest: true,
      guestName: 'Greta Guest',
      guestEmail: 'greta@example.com',
      ...row,
    },
    version: 3,
    bookedEndTime: '17:00',
    cancelled: false,
    changedAt: new Date('2027-10-01T10:00:00Z'),
    startsAt: new Date('2027-10-31T07:00:00Z'),
    endsAt: new Date('2027-10-31T16:00:00Z'),
    checkedInAt: null,
    checkIn: checkInOf({ required: false, graceMinutes: 30, earlyMinutes: 15 }),
    ...overrides,
  }) satisfies ReservationEventFacts;

/** The check-in facts reservations hand over for its garage's settings (the lifecycle rules' window). */
function checkInOf(settings: CheckInSettings): ReservationEventFacts['checkIn'] {
  const window = checkInWindow(
    { start: new Date('2027-10-31T07:00:00Z'), end: new Date('2027-10-31T16:00:00Z') },
    settings,
  );
  return { required: settings.required, ...window };
}

describe('reservationEvent', () => {
  it('names slot, garage, guest and plate in the owner’s language, on the booked wall clock', () => {
    expect(reservationEvent(facts(), options)).toEqual({
      uid: 'reservation-42@parking.example.com',
      sequence: 2,
      // The day the clocks go back: 08:00 is UTC+1 again.
      start: new Date('2027-10-31T07:00:00Z'),
      end: new Date('2027-10-31T16:00:00Z'),
      stamp: new Date('2027-10-01T10:00:00Z'),
      summary: 'Parkolás: A-105 (HQ Garage)',
      location: 'HQ Garage, A-105',
      description: 'Típus: Vendég\nVendég: Greta Guest\nRendszám: GST-001',
      cancelled: false,
    });
  });

  it('tells the check-in window, then the check-in one SEQUENCE up, then a release as cancelled', () => {
    const required = checkInOf({ required: true, graceMinutes: 30, earlyMinutes: 15 });
    const waiting = reservationEvent(facts({ checkIn: required }), options);
    expect(waiting.description).toContain('Érkezését 07:45 és 08:30 között jelezze');
    const arrived = reservationEvent(
      facts({ checkIn: required, checkedInAt: new Date('2027-10-31T07:05:00Z') }),
      options,
    );
    expect(arrived).toMatchObject({
      sequence: waiting.sequence + 1,
      stamp: new Date('2027-10-31T07:05:00Z'),
    });
    expect(arrived.description).toContain('Megérkezett: 08:05');
    const released = reservationEvent(
      facts({ checkIn: required, version: 4 }, { status: 'NO_SHOW' }),
      options,
    );
    expect(released).toMatchObject({ cancelled: true, sequence: 3 });
    expect(released.description).toContain('Felszabadítva: 08:30-ig nem jelezte érkezését');
  });

  it('cancels deleted and early-cancelled reservations, keeping the booked end; a merely past one stays', () => {
    expect(reservationEvent(facts({}, { status: 'DELETED' }), options).cancelled).toBe(true);
    const cut = reservationEvent(
      facts({ cancelled: true, bookedEndTime: '17:00' }, { status: 'EXPIRED', endTime: '09:12' }),
      options,
    );
    expect(cut).toMatchObject({ cancelled: true, end: new Date('2027-10-31T16:00:00Z') });
    expect(reservationEvent(facts({}, { status: 'EXPIRED' }), options).cancelled).toBe(false);
  });

  it('speaks English to an English owner', () => {
    const event = reservationEvent(facts({}, { type: 'NORMAL', guestName: null, isGuest: false }), {
      ...options,
      locale: 'en-US',
    });
    expect(event.summary).toBe('Parking: A-105 (HQ Garage)');
    expect(event.description).toBe('Type: Normal\nLicense plate: GST-001');
  });
});
