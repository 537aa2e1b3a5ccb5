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
  const declaration = /^ {2}(\w+): \{\n {4}path: '([^']*)',\n {4}access: '(everyone|administrators)'/gm;
  const screens = [...source.matchAll(declaration)].map(([, name, path, access]) => ({
    name: name ?? '',
    path: `/${path ?? ''}`,
    access: access as ScreenEntry['access'],
  }));
  // The redirect screen only passes the browser on; it has nothing to show.
  return screens.filter((screen) => !screen.path.includes(':') && screen.name !== 'redirect');
}
