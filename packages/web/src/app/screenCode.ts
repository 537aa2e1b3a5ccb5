import { nextTask } from './nextTask.ts';

/**
 * The code most screens share (the contract's schemas, the date pickers, the rest: chunks of vite.config.ts),
 * evaluated a chunk per task before a page's own. Imported with the page, all of it was evaluated in one task,
 * the launch's longest (45 ms of CPU here, 180 ms at Lighthouse's 4×: issue 31 §1). index.html names the chunks
 * in their order (vite-start.ts); they are fetched together, then evaluated one after another. The development
 * server bundles nothing and names none.
 */
let evaluated: Promise<void> | undefined;

/** Resolves once the screens' shared code is evaluated; a failed fetch is tried again by the next call. */
export function screenCode(): Promise<void> {
  evaluated ??= inTurn(chunkUrls()).catch((error: unknown) => {
    evaluated = undefined;
    throw error;
  });
  return evaluated;
}

function chunkUrls(): string[] {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="parkhere-screen-code"]');
  return meta?.content.split(' ').filter(Boolean) ?? [];
}

async function inTurn(urls: readonly string[]): Promise<void> {
  // Fetched at once, as Vite's preload helper does for a chunk's imports (the same cross-origin mode, so the
  // import below takes the preloaded module instead of fetching it again).
  for (const url of urls) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = url;
    document.head.append(link);
  }
  for (const url of urls) {
    await import(/* @vite-ignore */ url);
    await nextTask();
  }
}
