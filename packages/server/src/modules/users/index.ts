import type { Sources } from '../../engine/registry.ts';
import { profileSettingsSource, userForInputSource, userSettingsSource } from './source.ts';

export { formUser, usersForInput } from './access.ts';

export const sources = {
  ProfileSettings: profileSettingsSource,
  UserForInput: userForInputSource,
  UserSettings: userSettingsSource,
} satisfies Partial<Sources>;
