/**
 * Runs `task` once the browser is idle after the current work (the first paint), for loading what the
 * start-up path leaves out; browsers without requestIdleCallback (Safari, jsdom) get a short timeout.
 * Returns a cancel function.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}
