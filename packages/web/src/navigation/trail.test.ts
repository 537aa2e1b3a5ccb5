import { describe, expect, it } from 'vitest';
import { screenList, screenPath } from '../screens/screens.ts';
import { parentOf, screenAt, trail } from './trail.ts';

const home = { label: 'Home', path: '/' };
const options = { home, screenLabel: (screen: { name: string }) => screen.name };
const labels = (pathname: string, pageTitle?: string) =>
  trail(pathname, { ...options, pageTitle }).map((place) => place.label);

describe('breadcrumb trail: where a page sits (issue 14, item 22)', () => {
  it('is Home alone on the dashboard', () => {
    expect(labels('/', 'Reservation')).toEqual(['Home']);
  });

  it('puts a top-level page right under Home, whatever was visited before', () => {
    expect(labels(screenPath('profileSettings'), 'Profile Settings')).toEqual(['Home', 'Profile Settings']);
  });

  it("puts a record's view under its table, named by the page's own title", () => {
    const path = screenPath('parkingGarage', { signedIdentifier: 'signed/1' });
    expect(labels(path, 'Garage A')).toEqual(['Home', 'parkingGarages', 'Garage A']);
    expect(trail(path, options).map((place) => place.path)).toEqual([
      '/',
      '/Services/Actor/ParkingGarages/AccessTablePage',
      path,
    ]);
  });

  it('puts a relation page under the page of its owner, before the page has a title too', () => {
    expect(labels(screenPath('cars', { signedIdentifier: 'x' }))).toEqual([
      'Home',
      'profileSettings',
      'cars',
    ]);
    expect(labels(screenPath('additionalDays', { signedIdentifier: 'x' }))).toEqual([
      'Home',
      'configuration',
      'additionalDays',
    ]);
    expect(labels(screenPath('activeReservations', { signedIdentifier: 'x' }))).toEqual([
      'Home',
      'activeReservations',
    ]);
  });

  it('puts every relation route under a page of the app', () => {
    const relations = screenList.filter((screen) => screen.path.includes('/Relation'));
    expect(relations.length).toBeGreaterThan(20);
    for (const screen of relations) {
      expect(parentOf(screen), screen.name).toBeDefined();
    }
  });

  it('is Home and the address for an address that names no page', () => {
    expect(screenAt('/no/such/page')).toBeUndefined();
    expect(labels('/no/such/page')).toEqual(['Home', '/no/such/page']);
  });
});
