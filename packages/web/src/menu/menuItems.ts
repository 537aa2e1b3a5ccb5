import type { Principal } from '@parkhere/contract';
import type { MenuItem } from '../extensions/types.ts';

const notAdministrator = (principal: Principal) => !principal.isAdministrator;

/** The navigation menu of SPEC §2.3, in order. Titles are translation keys of the 'application' namespace. */
export const defaultMenuItems: MenuItem[] = [
  { id: 'reservation', type: 'item', title: 'menu.reservation', icon: 'EventAvailable', url: '' },
  {
    id: 'holidays',
    type: 'item',
    title: 'menu.holidays',
    icon: 'BeachAccess',
    url: 'Services/Actor/UserHolidays/AccessViewPage',
  },
  {
    id: 'reservations',
    type: 'item',
    title: 'menu.reservations',
    icon: 'ListAlt',
    url: 'Services/Actor/ReservationsAccess/AccessViewPage',
    hiddenBy: notAdministrator,
  },
  {
    id: 'arrivals',
    type: 'item',
    title: 'menu.arrivals',
    icon: 'Garage',
    url: 'Services/Actor/DoormanArrivals/AccessViewPage',
    hiddenBy: (principal) => !principal.isDoorman,
  },
  {
    id: 'profileSettings',
    type: 'item',
    title: 'menu.profileSettings',
    icon: 'ManageAccounts',
    url: 'Services/Actor/ProfileSettings/AccessViewPage',
  },
  {
    id: 'settings',
    type: 'group',
    title: 'menu.settings',
    icon: 'Settings',
    hiddenBy: notAdministrator,
    children: [
      {
        id: 'parkingSlots',
        type: 'item',
        title: 'menu.parkingSlots',
        icon: 'LocalParking',
        url: 'Services/Actor/ParkingSlots/AccessTablePage',
      },
      {
        id: 'parkingGarages',
        type: 'item',
        title: 'menu.parkingGarages',
        icon: 'Garage',
        url: 'Services/Actor/ParkingGarages/AccessTablePage',
      },
      {
        id: 'users',
        type: 'item',
        title: 'menu.users',
        icon: 'People',
        url: 'Services/Actor/Users/AccessTablePage',
      },
      {
        id: 'configuration',
        type: 'item',
        title: 'menu.configuration',
        icon: 'Tune',
        url: 'Services/Actor/ConfigurationSettings/AccessViewPage',
      },
    ],
  },
  {
    id: 'userForInput',
    type: 'item',
    title: 'menu.userForInput',
    icon: 'Person',
    url: 'Services/Actor/UsersForInput/AccessTablePage',
    hiddenBy: () => true,
  },
];
