import type { NProgress } from 'nprogress';

let bar: Promise<NProgress> | undefined;

// Loaded with the first request instead of at start-up: the bar is not needed for the first paint.
function progressBar(): Promise<NProgress> {
  bar ??= import('nprogress').then(({ default: nprogress }) => {
    // SPEC §9: minimum 0.08, trickle rate 0.02 every 800 ms, 200 ms animation, no spinner.
    // The trickle rate is nprogress's default 0.02 (its types leave the option out).
    nprogress.configure({
      minimum: 0.08,
      trickleSpeed: 800,
      speed: 200,
      showSpinner: false,
      // nprogress's own template gives the bar role="bar", which is no ARIA role; the bar is decoration. Its
      // selector must follow, or nprogress finds no bar and throws on every request.
      template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
      barSelector: '.bar',
    });
    return nprogress;
  });
  return bar;
}

let running = 0;
/** Who waits for the requests to stop (requestsQuietFor). */
const quietWaiters = new Set<() => void>();

/**
 * Resolves once no request of the app has run for `ms`: the screen has what it asked for. Work that can wait for
 * it (the service worker's first install) then does not compete with the first screen for the processor.
 */
export function requestsQuietFor(ms: number): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restart = () => {
      clearTimeout(timer);
      if (running === 0) {
        timer = setTimeout(() => {
          quietWaiters.delete(restart);
          resolve();
        }, ms);
      }
    };
    quietWaiters.add(restart);
    restart();
  });
}

/**
 * Runs a move of the bar before the next paint. nprogress reads the bar's width to restart its animation, which
 * forces a layout: run right after a request starts (often in the task that just committed a page), that
 * layout of the new page would lengthen the task; in an animation frame it is the layout the paint needs anyway.
 */
const onNextFrame = (move: (nprogress: NProgress) => void) =>
  void progressBar().then((nprogress) => {
    // Where nothing is painted (a test's Node environment), at once.
    if (typeof requestAnimationFrame === 'function') {
      requestAnimationFrame(() => move(nprogress));
    } else {
      move(nprogress);
    }
  });

/** Wraps one request in the progress bar; overlapping requests share one bar that ends with the last. */
export async function withProgress<T>(work: () => Promise<T>): Promise<T> {
  running += 1;
  for (const waiter of quietWaiters) {
    waiter();
  }
  if (running === 1) {
    // A request that ended before the bar moved shows no bar.
    onNextFrame((nprogress) => running > 0 && nprogress.start());
  }
  try {
    return await work();
  } finally {
    running -= 1;
    if (running === 0) {
      for (const waiter of quietWaiters) {
        waiter();
      }
      onNextFrame((nprogress) => running === 0 && nprogress.done());
    }
  }
}
