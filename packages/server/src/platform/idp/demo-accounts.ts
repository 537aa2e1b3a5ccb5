/**
 * The demo accounts of DESIGN §2: the embedded IdP signs them in (password = login) and the
 * demo data creates the matching users. `stranger` has no user and is outside the allowed
 * domains, so it sees 'User not found'.
 */
type DemoRights = {
  isAdministrator: boolean;
  isNormalReservation: boolean;
  isQuickReservation: boolean;
  isGuestReservation: boolean;
  isLongReservation: boolean;
  isDoorman: boolean;
};

export type DemoAccount = {
  login: string;
  email: string;
  name: string;
  user?: DemoRights;
};

/** A demo user's rights: the ones granted, none else. */
const granted = (rights: Partial<DemoRights>): DemoRights => ({
  isAdministrator: false,
  isNormalReservation: false,
  isQuickReservation: false,
  isGuestReservation: false,
  isLongReservation: false,
  isDoorman: false,
  ...rights,
});

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    login: 'admin',
    email: 'admin@parkhere.example',
    name: 'Ada Admin',
    user: granted({
      isAdministrator: true,
      isNormalReservation: true,
      isGuestReservation: true,
      isLongReservation: true,
    }),
  },
  {
    login: 'user',
    email: 'user@parkhere.example',
    name: 'Ulrich User',
    user: granted({ isNormalReservation: true, isGuestReservation: true, isLongReservation: true }),
  },
  {
    login: 'quick',
    email: 'quick@parkhere.example',
    name: 'Quentin Quick',
    user: granted({ isQuickReservation: true }),
  },
  {
    login: 'doorman',
    email: 'doorman@parkhere.example',
    name: 'Dora Doorman',
    user: granted({ isQuickReservation: true, isDoorman: true }),
  },
  { login: 'stranger', email: 'stranger@elsewhere.example', name: 'Sam Stranger' },
];

export function findDemoAccount(login: string): DemoAccount | undefined {
  return DEMO_ACCOUNTS.find((account) => account.login === login);
}
