import { transferTypes } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import { pageOf } from '../../app/screenPages.ts';
import { screenList } from '../../screens/screens.ts';
import { maskOfFields, relatedPagesOf, relationModelOf, viewAddressOf } from './relationScreen.ts';

const relationScreens = screenList.filter((screen) => screen.relation !== undefined);

describe('relation screens (SPEC §2.2)', () => {
  it('serves every relation route with a page of its own kind, none "not available yet"', async () => {
    expect(relationScreens).toHaveLength(29);
    for (const screen of relationScreens) {
      const page = await pageOf(screen)();
      expect(page.default.name, screen.path).toBe(screen.relation?.kind);
    }
  });

  it('builds each path from the owner and relation of the model', () => {
    for (const screen of relationScreens) {
      const model = relationModelOf(
        screen.relation ?? { owner: 'Car', relation: '', kind: 'RelationTablePage' },
      );
      expect(transferTypes[model.target]).toBeDefined();
    }
    expect(relationScreens.map((screen) => screen.path)).toContain(
      'Services/ProfileSettings/PreferedParkingSlot/RelationViewPage/:signedIdentifier',
    );
  });

  it('reads a stored owner’s to-one relation through the owner, a list element or a form’s choice by itself', () => {
    const address = (owner: 'ProfileSettings' | 'ReservationInput' | 'HolidayPanel', relation: string) =>
      viewAddressOf(relationModelOf({ owner, relation, kind: 'RelationViewPage' }));
    expect(address('ProfileSettings', 'preferedParkingSlot')).toBe('owner');
    expect(address('ReservationInput', 'parkingSlot')).toBe('record');
    expect(address('HolidayPanel', 'holidays')).toBe('record');
  });

  it('links a profile to its tables, its preferred slot and the garages of its lists that have no table', () => {
    const pages = relatedPagesOf('ProfileSettings').map((page) => `${page.screen.name} ${page.address}`);
    expect(pages).toEqual([
      'accessedParkingGarage elements',
      'accessedParkingSlots owner',
      'cars owner',
      'idCardForParkingGarage elements',
      'preferredParkingSlot owner',
    ]);
  });

  it('asks for the flags that withdraw a row’s actions besides its columns', () => {
    expect(maskOfFields('Holiday')).toBe('{startDate,endDate,userName,isNotDeletable}');
  });
});
