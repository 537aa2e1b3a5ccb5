import { profileSettingsSource, userForInputSource, userSettingsSource } from './source.ts';

export const sources = {
  ProfileSettings: profileSettingsSource,
  UserForInput: userForInputSource,
  UserSettings: userSettingsSource,
};
