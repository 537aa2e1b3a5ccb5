// SPEC §9: the progress bar starts at 0.08, trickles by up to 0.02 every 800 ms, moves in 200 ms, no spinner.
const MINIMUM = 0.08;
const TRICKLE_RATE = 0.02;
const TRICKLE_MS = 800;
const SPEED_MS = 200;
/** Where a trickle stops: the bar never fills before the last request ends. */
const MOST = 0.994;
/**
 * How long requests run before the bar shows. A shorter wait feels immediate; a bar for it only flashes, and a
 * screen that opens with a few bursts of requests flashed one after another, each a second of animation frames
 * while the first screen was being built (issue 31, TBT). Turbo's progress bar waits 500 ms the same way.
 */
export const PROGRESS_DELAY_MS = 500;

/**
 * The bar's own few lines instead of nprogress: nprogress read the bar's width on every move (each start, each
 * trickle, done) to restart its transition, and each read forced a layout of the whole page, often right after
 * a screen's commit (a 315 ms layout after the admin Users table's at load 11, issue 31 §1). Here nothing is read:
 * a new bar is drawn empty in one frame and set moving in the next.
 */
type Bar = { element: HTMLElement; bar: HTMLElement; status: number; trickle?: number; fading?: number };
let shown: Bar | undefined;

const frame = (then: () => void) =>
  // Where nothing is painted (a test's Node environment), at once.
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(then) : then();

function move(current: Bar, status: number): void {
  current.status = status;
  current.bar.style.transform = `translate3d(${(status - 1) * 100}%, 0, 0)`;
}

function startBar(): void {
  if (shown !== undefined && shown.fading === undefined) {
    return;
  }
  if (shown !== undefined) {
    clearTimeout(shown.fading);
    shown.element.remove();
  }
  const element = document.createElement('div');
  element.id = 'progress-bar';
  // Decoration: what loads is said by the screens themselves.
  element.setAttribute('aria-hidden', 'true');
  const bar = document.createElement('div');
  bar.className = 'bar';
  element.append(bar);
  const current: Bar = { element, bar, status: 0 };
  move(current, 0);
  document.body.append(element);
  shown = current;
  frame(() =>
    frame(() => {
      if (shown !== current || current.fading !== undefined) {
        return;
      }
      bar.style.transition = `transform ${SPEED_MS}ms ease`;
      move(current, MINIMUM);
      current.trickle = window.setInterval(
        () => move(current, Math.min(current.status + Math.random() * TRICKLE_RATE, MOST)),
        TRICKLE_MS,
      );
    }),
  );
}

function doneBar(): void {
  const current = shown;
  if (current === undefined || current.fading !== undefined) {
    return;
  }
  clearInterval(current.trickle);
  current.bar.style.transition = `transform ${SPEED_MS}ms ease`;
  move(current, 1);
  // Full, then faded out, then gone.
  current.fading = window.setTimeout(() => {
    current.element.style.transition = `opacity ${SPEED_MS}ms linear`;
    current.element.style.opacity = '0';
    current.fading = window.setTimeout(() => {
      current.element.remove();
      if (shown === current) {
        shown = undefined;
      }
    }, SPEED_MS);
  }, SPEED_MS);
}

let running = 0;
/** The timer that shows the bar once requests have run for PROGRESS_DELAY_MS without a pause. */
let burst: number | undefined;
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

/** Wraps one request in the progress bar; overlapping requests share one bar that ends with the last. */
export async function withProgress<T>(work: () => Promise<T>): Promise<T> {
  running += 1;
  for (const waiter of quietWaiters) {
    waiter();
  }
  if (running === 1) {
    // Requests that end before the delay show no bar; a bar still in sight (filling or fading) goes on at once.
    const start = () => frame(() => running > 0 && startBar());
    if (shown === undefined) {
      burst = window.setTimeout(start, PROGRESS_DELAY_MS);
    } else {
      start();
    }
  }
  try {
    return await work();
  } finally {
    running -= 1;
    if (running === 0) {
      clearTimeout(burst);
      for (const waiter of quietWaiters) {
        waiter();
      }
      frame(() => running === 0 && doneBar());
    }
  }
}
