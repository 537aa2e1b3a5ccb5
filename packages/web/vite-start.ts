import type { Plugin } from 'vite';

/*
 * The app's start (src/app/start.tsx), which main.tsx imports after the start screen's first paint: which
 * modules it needs, for the chunk that holds them (vite.config.ts), and index.html's preloads of that chunk.
 */

/**
 * index.html preloads the app's start module (src/app/start.tsx), every chunk it imports and their stylesheets,
 * as Vite preloads the entry's own imports: main.tsx imports the app only after the first paint, and without
 * these links the browser would begin fetching it only then, one round trip after another through its imports.
 * A preloaded stylesheet, unlike a linked one, holds no paint back; Vite links it when the start is imported.
 */
export const preloadStart = ({ screenCode }: { screenCode: readonly string[] }): Plugin => ({
  name: 'parkhere:preload-start',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, { bundle, chunk }) => {
      if (bundle === undefined || chunk === undefined) {
        return [];
      }
      const chunkOf = (file: string) => {
        const output = bundle[file];
        return output?.type === 'chunk' ? output : undefined;
      };
      const start = chunk.dynamicImports
        .map(chunkOf)
        .find((candidate) => candidate?.facadeModuleId?.endsWith('/src/app/start.tsx'));
      if (start === undefined) {
        return [];
      }
      const scripts = new Set<string>();
      const styles = new Set<string>();
      const visit = (file: string) => {
        if (!scripts.has(file) && !chunk.imports.includes(file)) {
          scripts.add(file);
          const imported = chunkOf(file);
          for (const style of imported?.viteMetadata?.importedCss ?? []) {
            styles.add(style);
          }
          for (const next of imported?.imports ?? []) {
            visit(next);
          }
        }
      };
      visit(start.fileName);
      const link = (attrs: Record<string, string | boolean>) => ({
        tag: 'link',
        attrs,
        injectTo: 'head' as const,
      });
      // At low priority: the start screen paints without them, and the browser (and Lighthouse, which takes
      // a script fetched at high priority before the first paint for one it waited for) should know it.
      // Cross-origin mode as Vite's preload helper links the stylesheet: a preload of another mode is not used,
      // and the stylesheet was fetched twice.
      return [
        screenCodeMeta(screenCode, (name) =>
          Object.values(bundle)
            .map((output) => (output.type === 'chunk' ? output : undefined))
            .find((output) => output?.name === name),
        ),
        ...[...styles].map((file) =>
          link({ rel: 'preload', as: 'style', crossorigin: true, fetchpriority: 'low', href: `/${file}` }),
        ),
        ...[...scripts].map((file) =>
          link({ rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${file}` }),
        ),
      ];
    },
  },
});

/**
 * index.html's `<meta name="parkhere-screen-code">`: the chunks of the code most screens share, named in
 * vite.config.ts, in the order src/app/screenCode.ts evaluates them, one per task. Only index.html can name them
 * without a second source: their file names are known once the bundle is, and it is never cached for long.
 */
function screenCodeMeta(
  names: readonly string[],
  chunkNamed: (name: string) => { fileName: string; imports: readonly string[] } | undefined,
) {
  const chunks = names.map((name) => {
    const chunk = chunkNamed(name);
    if (chunk === undefined) {
      throw new Error(
        `vite.config.ts names the screens' chunk "${name}", but the build made none of that name`,
      );
    }
    return chunk;
  });
  // A chunk importing a later one would have it evaluated in its own task, the long task this order is for.
  chunks.forEach((chunk, index) => {
    const later = chunks.slice(index + 1).find((next) => chunk.imports.includes(next.fileName));
    if (later !== undefined) {
      throw new Error(`the screens' chunk ${chunk.fileName} imports ${later.fileName}, which comes after it`);
    }
  });
  const files = chunks.map((chunk) => `/${chunk.fileName}`);
  return {
    tag: 'meta',
    attrs: { name: 'parkhere-screen-code', content: files.join(' ') },
    injectTo: 'head' as const,
  };
}

/**
 * Which modules a root module imports, directly or through others, statically: for the app's start
 * (src/app/start.tsx), the code every screen evaluates before it shows. Known once the build has parsed every
 * module, which it has when it forms the chunks (`codeSplitting` in vite.config.ts asks).
 */
export const staticImports = () => {
  const imports = new Map<string, readonly string[]>();
  const closures = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'parkhere:static-imports',
    apply: 'build',
    buildStart: () => {
      imports.clear();
      closures.clear();
    },
    moduleParsed: (info) => {
      imports.set(info.id, info.importedIds);
    },
  };
  /** Whether the module `id` is `root` (a path ending, such as '/src/app/start.tsx') or one it imports. */
  const of =
    (root: string) =>
    (id: string): boolean => {
      let closure = closures.get(root);
      if (closure === undefined) {
        const found = new Set<string>();
        const visit = (module: string) => {
          if (!found.has(module)) {
            found.add(module);
            for (const next of imports.get(module) ?? []) {
              visit(next);
            }
          }
        };
        for (const module of imports.keys()) {
          if (module.endsWith(root)) {
            visit(module);
          }
        }
        closure = found;
        closures.set(root, closure);
      }
      return closure.has(id);
    };
  return { plugin, of };
};
