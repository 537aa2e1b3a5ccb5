import { describe, expect, it } from 'vitest';
import { type AccessPointName, accessPoints } from './access-points.ts';
import { mayUseAccessPoint } from './audience.ts';

const user = { isAdministrator: false, isDoorman: false };
const doorman = { isAdministrator: false, isDoorman: true };
const administrator = { isAdministrator: true, isDoorman: false };

const reachable = (actor: typeof user) =>
  (Object.keys(accessPoints) as AccessPointName[]).filter((name) => mayUseAccessPoint(name, actor));

const usersOwnPages = ['usersForInput', 'profileSettings', 'userHolidays', 'userReservationPanel'];

describe('access point audiences', () => {
  it('gives users their own pages only', () => {
    expect(reachable(user)).toEqual(usersOwnPages);
  });

  it('adds the arrivals page for doormen', () => {
    expect(reachable(doorman)).toEqual([...usersOwnPages, 'doormanArrivals']);
  });

  it('lets administrators reach every access point', () => {
    expect(reachable(administrator)).toEqual(Object.keys(accessPoints));
  });
});
