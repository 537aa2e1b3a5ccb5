import type { EmotionCache } from '@emotion/cache';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStyleCache } from './styleCache.ts';

/**
 * What `styles` under `selector` writes into the document through `cache`, one rule a line. Emotion's development
 * build, which tests run, also writes an empty rule (`.a{}`) where it writes nothing (for @emotion/jest to find its
 * key); the build the browser gets does not, so those are not counted.
 */
function written(cache: EmotionCache, selector: string, styles: string): string[] {
  cache.insert(selector, { name: 'test', styles }, cache.sheet, false);
  return cache.sheet.tags
    .flatMap((tag) => (tag.textContent ?? '').split(/(?<=})(?=[.@])/))
    .filter((rule) => rule !== '' && !rule.endsWith('{}'));
}

/** Chromium's answer: no Firefox or old Edge pseudo. */
const chromium = (pseudo: string) => !/-(moz|ms)-/.test(pseudo);

describe('the style cache', () => {
  const caches: EmotionCache[] = [];
  const cache = (knows = chromium) => {
    const made = createStyleCache(knows);
    caches.push(made);
    return made;
  };
  afterEach(() => {
    for (const made of caches.splice(0)) {
      made.sheet.flush();
    }
  });

  it('writes no rule whose selector the browser cannot parse, and keeps the rest of the component', () => {
    expect(
      written(cache(), '.button', 'display:flex;&::-moz-focus-inner{border-style:none;}&:focus{outline:0;}'),
    ).toEqual(['.button{display:flex;}', '.button:focus{outline:0;}']);
  });

  it('keeps a pseudo the browser knows, and the known selectors of a list with an unknown one', () => {
    expect(
      written(
        cache(),
        '.input',
        '&::-webkit-input-placeholder,&::-moz-placeholder,&::placeholder{opacity:0.42;}&:-webkit-autofill{border-radius:inherit;}',
      ),
    ).toEqual([
      '.input::-webkit-input-placeholder,.input::placeholder{opacity:0.42;}',
      '.input:-webkit-autofill{border-radius:inherit;}',
    ]);
  });

  it('leaves out an at-rule whose every rule was unknown', () => {
    expect(
      written(cache(), '.field', '@media (min-width:600px){&:-ms-input-placeholder{opacity:0;}}color:red;'),
    ).toEqual(['.field{color:red;}']);
  });

  it('writes declarations as they are, but user-select also with the prefix Safari needs', () => {
    expect(
      written(cache(), '.chip', 'display:flex;align-items:center;transition:opacity 200ms;user-select:none;'),
    ).toEqual([
      '.chip{display:flex;align-items:center;transition:opacity 200ms;-webkit-user-select:none;user-select:none;}',
    ]);
  });

  it('asks the browser about each pseudo once', () => {
    const knows = vi.fn(chromium);
    const made = cache(knows);
    written(made, '.a', '&::-moz-focus-inner{border:0;}');
    written(made, '.b', '&::-moz-focus-inner{border:0;}&::-webkit-search-decoration{appearance:none;}');
    expect(knows.mock.calls.map(([pseudo]) => pseudo)).toEqual([
      '::-moz-focus-inner',
      '::-webkit-search-decoration',
    ]);
  });
});
