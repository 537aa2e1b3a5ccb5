/**
 * Resolves once the browser has painted what the document shows now: a frame's callback runs just before its
 * paint, and a task queued from it runs after. A hidden document paints nothing and runs no frame callbacks, so
 * there it resolves at once.
 */
export const afterNextPaint = (): Promise<void> =>
  new Promise((resolve) => {
    if (document.visibilityState === 'hidden') {
      resolve();
      return;
    }
    requestAnimationFrame(() => {
      setTimeout(resolve, 0);
    });
  });
