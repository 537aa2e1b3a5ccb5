import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type ScreenEntry = { name: string; path: string; access: 'everyone' | 'administrators' };

/**
 * The screens a browser can open without a parameter, read from the web app's screen table
 * (packages/web/src/screens/screens.ts), so a screen added there is visited here too. Read as text: the table
 * imports the pages, which the e2e project does not compile.
 */
export function parameterlessScreens(): ScreenEntry[] {
  const source = readFileSync(join(import.meta.dirname, '../packages/web/src/screens/screens.ts'), 'utf8');
  return declaredScreensIn(source, false);
}

/** The screens declared with their own path: those without parameters, or (`identified`) those with one. */
function declaredScreensIn(source: string, identified: boolean): ScreenEntry[] {
  const declaration = /^ {2}(\w+): \{\n {4}path: '([^']*)',\n {4}access: '(everyone|administrators)'/gm;
  const written = [...source.matchAll(declaration)].map(([, name, path, access]) => ({
    name: name ?? '',
    path: `/${path ?? ''}`,
    access: access as ScreenEntry['access'],
  }));
  // The administrators' Settings screens are declared by `adminSetting(id, path, icon)`.
  const setting = /^ {2}(\w+): adminSetting\(\s*'\w+',\s*'([^']*)'/gm;
  const settings = [...source.matchAll(setting)].map(([, name, path]) => ({
    name: name ?? '',
    path: `/${path ?? ''}`,
    access: 'administrators' as const,
  }));
  const screens = [...written, ...settings];
  // The redirect screen only passes the browser on; it has nothing to show.
  return screens.filter((screen) => screen.path.includes(':') === identified && screen.name !== 'redirect');
}

/**
 * The screens that show a record named by a signed identifier in their path: entity views and relation pages
 * (`relation(owner, name, kind, access)` in the table), read as text as above. Reached only through a row, card
 * or link that hands out the identifier.
 */
export function identifiedScreens(): ScreenEntry[] {
  const source = readFileSync(join(import.meta.dirname, '../packages/web/src/screens/screens.ts'), 'utf8');
  const declared = declaredScreensIn(source, true);
  const relation =
    /^ {2}(\w+): relation\(\s*'(\w+)',\s*'(\w+)',\s*'(\w+)',\s*'(everyone|administrators)',?\s*\)/gm;
  const relations = [...source.matchAll(relation)].map(([, name, owner, field, kind, access]) => ({
    name: name ?? '',
    path: `/Services/${owner}/${(field ?? '').charAt(0).toUpperCase()}${(field ?? '').slice(1)}/${kind}/:signedIdentifier`,
    access: access as ScreenEntry['access'],
  }));
  return [...declared, ...relations];
}
