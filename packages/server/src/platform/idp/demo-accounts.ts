/**
 * The demo accounts of DESIGN §2: the embedded IdP signs them in (password = login) and the
 * demo data creates the matching users. `stranger` has no user and is outside the allowed
 * domains, so it sees 'User not found'.
 */
export type DemoAccount = {
  login: string;
  email: string;
  name: string;
  user?: {
    isAdministrator: boolean;
    isNormalReservation: boolean;
    isQuickReservation: boolean;
    isGuestReservation: boolean;
    isLongReservation: boolean;
    isDoorman: boolean;
  };
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    login: 'admin',
    email: 'admin@parkhere.example',
    name: 'Ada Admin',
    user: {
      isAdministrator: true,
      isNormalReservation: true,
      isQuickReservation: false,
      isGuestReservation: true,
      isLongReservation: true,
      isDoorman: false,
    },
  },
  {
    login: 'user',
    email: 'user@parkhere.example',
    name: 'Ulrich User',
    user: {
      isAdministrator: false,
      isNormalReservation: true,
      isQuickReservation: false,
      isGuestReservation: true,
      isLongReservation: true,
      isDoorman: false,
    },
  },
  {
    login: 'quick',
    email: 'quick@parkhere.example',
    name: 'Quentin Quick',
    user: {
      isAdministrator: false,
      isNormalReservation: false,
      isQuickReservation: true,
      isGuestReservation: false,
      isLongReservation: false,
      isDoorman: false,
    },
  },
  {
    login: 'doorman',
    email: 'doorman@parkhere.example',
    name: 'Dora Doorman',
    user: {
      isAdministrator: false,
      isNormalReservation: false,
      isQuickReservation: true,
      isGuestReservation: false,
      isLongReservation: false,
      isDoorman: true,
    },
  },
  { login: 'stranger', email: 'stranger@elsewhere.example', name: 'Sam Stranger' },
];

export function findDemoAccount(login: string): DemoAccount | undefined {
  return DEMO_ACCOUNTS.find((account) => account.login === login);
}
