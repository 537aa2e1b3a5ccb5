import type { Principal } from '@parkhere/contract';

/** A plain user (neither administrator nor doorman), for tests that need someone signed in. */
export const plainUser: Principal = {
  __signedIdentifier: 'sig',
  __entityType: 'ParkHere::Principal',
  preferredUsername: 'user',
  name: 'User',
  email: 'user@parkhere.example',
  isAdministrator: false,
  isDoorman: false,
  imageSrc: null,
};
