// The folder boundaries of DESIGN's layout (README "Where things live"), checked by `npm run lint`.
const server = '^packages/server/src';
const web = '^packages/web/src';
const plainContract = '^packages/contract/src/(plain|api|codes|locales)\\.ts$|^packages/contract/src/texts/';

module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment: 'Folders import one way; a loop makes two folders one.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^packages/(contract|server|web)/src' },
      to: { circular: true },
    },
    {
      name: 'no-file-cycles',
      comment: 'Files import one way too, lazily or not, type-only too: a loop makes its files one.',
      severity: 'error',
      from: { path: '^packages/(contract|server|web)/src' },
      to: { circular: true },
    },
    {
      name: 'plain-contract-builds-no-schema',
      comment:
        "The contract's plain entry (plain.ts) is what the browser's start imports: zod or a schema behind it " +
        "would bring every schema into the start's chunk (packages/web/vite.config.ts). It imports only its own.",
      severity: 'error',
      from: { path: plainContract },
      to: { pathNot: plainContract },
    },
    {
      name: 'engine-knows-no-capability',
      comment: 'The engine is generic: modules reach it through the registry app.ts hands it at start.',
      severity: 'error',
      from: { path: `${server}/engine/` },
      to: { path: `${server}/(modules|registry|demo)/|${server}/[^/]+\\.ts$` },
    },
    {
      name: 'platform-knows-no-capability',
      comment:
        'Platform parts (auth, provider, jobs, mail, database, HTTP) serve every module and know none.',
      severity: 'error',
      from: { path: `${server}/platform/` },
      to: { path: `${server}/(modules|engine|registry|demo)/|${server}/[^/]+\\.ts$` },
    },
    {
      name: 'modules-meet-through-their-public-file',
      comment: "A module reaches another only through that module's index.ts.",
      severity: 'error',
      from: { path: `${server}/modules/([^/]+)/` },
      to: {
        path: `${server}/modules/`,
        pathNot: [`${server}/modules/$1/`, `${server}/modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'modules-do-not-reach-the-composition',
      comment:
        'Only app.ts, jobs.ts, audited.ts and the registry assemble modules; a module never imports them.',
      severity: 'error',
      from: { path: `${server}/modules/` },
      to: { path: `${server}/(registry|demo)/|${server}/[^/]+\\.ts$` },
    },
    {
      name: 'web-components-import-no-pages',
      comment: 'Components are shared by pages; a page is never a dependency.',
      severity: 'error',
      from: { path: `${web}/components/` },
      to: { path: `${web}/pages/` },
    },
    {
      name: 'web-only-the-routes-load-pages',
      comment:
        'Pages link to screens, so whatever loads pages (lazily too) may be imported only by the routes and the ' +
        'start-up: else each page would depend on every other through the screen list.',
      severity: 'error',
      from: { path: web, pathNot: `${web}/app/(start|routes)\\.tsx$` },
      to: { path: `${web}/app/screenPages\\.ts$` },
    },
    {
      name: 'web-screens-load-no-pages',
      comment:
        'The screen list (paths, titles, menu) is read by components and navigation; it loads no page.',
      severity: 'error',
      from: { path: `${web}/screens/` },
      to: { path: `${web}/pages/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests may reach inside a module. Dynamic imports count: a lazily loaded file is still a dependency.
    exclude: { path: '\\.test\\.tsx?$|/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
