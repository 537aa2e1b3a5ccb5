import NProgress from 'nprogress';

// SPEC §9: minimum 0.08, trickle rate 0.02 every 800 ms, 200 ms animation, no spinner.
// The trickle rate is nprogress's default 0.02 (its types leave the option out).
NProgress.configure({ minimum: 0.08, trickleSpeed: 800, speed: 200, showSpinner: false });

let running = 0;

/** Wraps one request in the progress bar; overlapping requests share one bar that ends with the last. */
export async function withProgress<T>(work: () => Promise<T>): Promise<T> {
  running += 1;
  if (running === 1) {
    NProgress.start();
  }
  try {
    return await work();
  } finally {
    running -= 1;
    if (running === 0) {
      NProgress.done();
    }
  }
}
