import { describe, expect, it } from 'vitest';
import { translationUrl } from './backend.ts';

describe('translation files', () => {
  it('are fetched with a timestamp so a new deployment is never hidden by a cache', () => {
    expect(translationUrl('system', 'hu-HU', 1700000000000)).toBe('/i18n/system_hu-HU.json?t=1700000000000');
  });
});
