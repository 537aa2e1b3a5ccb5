import { describe, expect, it } from 'vitest';
import {
  accessPointCreatePath,
  accessPointPath,
  endpoints,
  filePaths,
  instancePath,
  operationPath,
  relationPath,
  relationUpdatePath,
  templatePath,
  uploadTokenPath,
} from './paths.ts';

describe('path builders', () => {
  it('spell the paths of SPEC §7', () => {
    expect(accessPointPath('profileSettings', '~get')).toBe('/services/Actor/profileSettings/~get');
    expect(accessPointPath('usersForInput', '~list')).toBe('/services/Actor/usersForInput/~list');
    expect(accessPointCreatePath('parkingSlots', '~create')).toBe(
      '/services/Actor/~update/parkingSlots/~create',
    );
    expect(instancePath('Car', '~update')).toBe('/services/Car/~update');
    expect(templatePath('CreateCarInput')).toBe('/services/CreateCarInput/~template');
    expect(relationPath('ProfileSettings', 'preferedParkingSlot', '~range')).toBe(
      '/services/ProfileSettings/preferedParkingSlot/~range',
    );
    expect(relationUpdatePath('ProfileSettings', 'preferedParkingSlot', '~unset')).toBe(
      '/services/ProfileSettings/~update/preferedParkingSlot/~unset',
    );
    expect(operationPath('Car', 'favoriteCar')).toBe('/services/Car/favoriteCar');
    expect(uploadTokenPath('ParkingSlotSettings', 'floorPlan')).toBe(
      '/services/ParkingSlotSettings/floorPlan/~upload-token',
    );
    expect(filePaths).toEqual({ upload: '/ParkHere/upload', download: '/ParkHere/download' });
  });
});

describe('endpoints of the model', () => {
  const all = endpoints();
  const paths = all.map((endpoint) => `${endpoint.method} ${endpoint.path}`);

  /** Every call SPEC §7 makes. */
  const spec = [
    'POST /services/Actor/profileSettings/~get',
    'POST /services/ProfileSettings/~get',
    'POST /services/ProfileSettings/~update',
    'POST /services/ProfileSettings/~validate',
    'POST /services/ProfileSettings/accessedParkingGarages/~list',
    'POST /services/ProfileSettings/accessedParkingSlots/~list',
    'POST /services/ProfileSettings/cars/~list',
    'POST /services/ProfileSettings/idCardsForParkingGarages/~list',
    'POST /services/ProfileSettings/preferedParkingSlot/~get',
    'POST /services/ProfileSettings/preferedParkingSlot/~range',
    'POST /services/ProfileSettings/~update/preferedParkingSlot/~set',
    'POST /services/ProfileSettings/~update/preferedParkingSlot/~unset',
    'POST /services/ProfileSettings/createCar',
    'GET /services/CreateCarInput/~template',
    'POST /services/ProfileSettings/~update/cars/~validate',
    'POST /services/Car/~update',
    'POST /services/Car/deleteCar',
    'POST /services/Car/favoriteCar',
    'POST /services/Actor/usersForInput/~list',
    'POST /services/UserForInput/~get',
    'POST /services/UserForInput/cars/~list',
    'POST /services/UserForInput/cars/~range',
    'POST /services/UserForInput/preferredParkingSlot/~get',
    'POST /services/UserForInput/preferredParkingSlot/~range',
    'POST /services/UserForInput/queryReservationsForHoliday',
    'GET /services/HolidayInput/~template',
    'POST /services/HolidayInput/reservationsForDeleteInfo/~range',
    'POST /services/HolidayInput/user/~range',
    'GET /services/ReservationInput/~template',
    'POST /services/ReservationInput/car/~get',
    'POST /services/ReservationInput/car/~range',
    'POST /services/ReservationInput/parkingSlot/~get',
    'POST /services/ReservationInput/parkingSlot/~range',
    'POST /services/ReservationInput/user/~get',
    'POST /services/ReservationInput/user/~range',
    'POST /services/ReservationInput/~update/car/~set',
    'POST /services/ReservationInput/~update/car/~unset',
    'POST /services/ReservationInput/~update/parkingSlot/~set',
    'POST /services/ReservationInput/~update/parkingSlot/~unset',
    'POST /services/ReservationInput/~update/user/~set',
    'POST /services/ReservationInput/~update/user/~unset',
    'POST /services/Actor/parkingGarages/~list',
    'POST /services/Actor/parkingSlots/~list',
    'POST /services/Actor/users/~list',
  ];
  /** The operations DESIGN §5 adds. */
  const design = [
    'POST /services/UserReservationPanel/reservation',
    'POST /services/ReservationsPanel/reservation',
    'POST /services/UserReservationPanel/holiday',
    'POST /services/HolidayPanel/holiday',
    'POST /services/ReservationsPanel/holiday',
    'POST /services/UserReservation/deleteReservation',
    'POST /services/UserReservation/cancelReservation',
    'POST /services/UserReservation/modificateReservation',
    'POST /services/ConfigurationSettings/createDay',
    'POST /services/ConfigurationSettings/createDoorman',
    'POST /services/Holiday/deleteHoliday',
    'POST /services/Holiday/modifyHoliday',
    'POST /services/Actor/doormanArrivals/~get',
    // Issue 31 §3: a walk-in guest recorded at the gate, and the slots free for them.
    'POST /services/DoormanArrivals/recordWalkIn',
    'POST /services/WalkInInput/parkingSlot/~range',
    'POST /services/Actor/~update/parkingGarages/~create',
    'POST /services/Actor/~update/parkingGarages/~validate',
  ];

  it.each([
    ['every call SPEC §7 makes', spec],
    ['the operations DESIGN §5 adds', design],
  ])('offers %s', (_what, wanted) => {
    expect(wanted.filter((path) => !paths.includes(path))).toEqual([]);
  });

  it('has one endpoint per path', () => {
    expect(new Set(paths).size).toBe(paths.length);
  });
});
