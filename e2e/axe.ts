import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { MODEL_TEXTS } from '@parkhere/contract';
import type { Page } from '@playwright/test';
import { type DemoLogin, expect, profileButton, signIn } from './fixtures.ts';

/** The WCAG 2.1 A and AA rules of issue 15. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type Locale = 'en-US' | 'hu-HU';
export type Variant = { width: number; mode: 'light' | 'dark'; locale: Locale };

/** Each language on a desktop and on a 360 px phone, as the specs of a screen's whole use run them. */
export const DESKTOP_AND_PHONE = [
  { name: 'en desktop', locale: 'en-US', width: 1280 },
  { name: 'hu desktop', locale: 'hu-HU', width: 1280 },
  { name: 'en phone', locale: 'en-US', width: 360 },
  { name: 'hu phone', locale: 'hu-HU', width: 360 },
] as const satisfies readonly { name: string; locale: Locale; width: number }[];

/** Starts the app with the variant's theme and language in the stored preferences, as the theme drawer keeps them. */
export async function openAs(page: Page, login: DemoLogin, variant: Variant): Promise<void> {
  await page.setViewportSize({ width: variant.width, height: 900 });
  await page.addInitScript(
    (preferences) => {
      localStorage.setItem('ParkHere-config', JSON.stringify(preferences));
    },
    {
      i18n: variant.locale,
      mode: variant.mode,
      menuOrientation: 'horizontal',
      miniDrawer: false,
      container: false,
      header: true,
    },
  );
  await signIn(page, login, '/');
  // The shell's Profile button: signed in, the session (and its access token) stored.
  const profile = textsOf(variant.locale)('application:profile.buttonName').replace('{{shown}}, ', '');
  await expect(profileButton(page, profile)).toBeVisible({ timeout: 30_000 });
}

/** Waits until nothing on the page is loading any more, so axe sees the page a person reads. */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[role=progressbar], .MuiSkeleton-root')).toHaveCount(0, { timeout: 30_000 });
  await animationsEnded(page);
}

/**
 * A fade or ripple half-way mixes colours no one reads: axe judges contrast once transitions have ended. One
 * that never ends (the focus ring's pulse after a key press) is not waited for.
 */
export async function animationsEnded(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 10_000 },
  );
}

/** The violations as lines a person can act on: rule, impact, help, and each node's selector and summary. */
export function describe(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return violations
    .map((violation) =>
      [
        `${violation.id} (${violation.impact}): ${violation.help}`,
        ...violation.nodes.map(
          (node) => `  ${node.target.join(' ')}\n    ${node.failureSummary?.replaceAll('\n', '\n    ')}`,
        ),
      ].join('\n'),
    )
    .join('\n');
}

/**
 * axe's judgement of what the page shows once its transitions have ended (or of the part `within` selects): ''
 * when it meets WCAG 2.1 AA, else the named violations.
 */
export async function violationsOf(page: Page, name: string, within?: string): Promise<string> {
  const judge = async () => {
    await animationsEnded(page);
    const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
    return (await (within === undefined ? builder : builder.include(within)).analyze()).violations;
  };
  let violations = await judge();
  // A transition may start while axe reads the page (a button enabled as its data arrives fades to its colour):
  // contrast is judged again on the settled page, and what stays is reported.
  if (violations.some((violation) => violation.id === 'color-contrast')) {
    violations = await judge();
  }
  return violations.length === 0 ? '' : `${name}:\n${describe(violations)}`;
}

type Texts = { [key: string]: string | Texts };

/**
 * The app's own text for a translation key (`application:dataTable.view`, `system:action.no`) in a language,
 * read from the files the app loads, so a test finds a control by the exact name a reader of that language sees.
 */
export function textsOf(locale: Locale): (key: string) => string {
  const files = new Map<string, Texts>();
  const fileOf = (namespace: string): Texts => {
    const cached = files.get(namespace);
    if (cached !== undefined) {
      return cached;
    }
    const path = join(import.meta.dirname, `../packages/web/public/i18n/${namespace}_${locale}.json`);
    const read = JSON.parse(readFileSync(path, 'utf8')) as Texts;
    // The model's titles and labels are the contract's, as the app adds them to its `application` texts.
    const texts = namespace === 'application' ? { ...read, ...MODEL_TEXTS[locale] } : read;
    files.set(namespace, texts);
    return texts;
  };
  return (key) => {
    const [namespace = '', path = ''] = key.split(':');
    const text = path
      .split('.')
      .reduce<string | Texts | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        fileOf(namespace),
      );
    if (typeof text !== 'string') {
      throw new Error(`no ${locale} text for ${key}`);
    }
    return text;
  };
}
