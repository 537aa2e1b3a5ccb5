/** Longest the start waits for the start screen's paint: a document that paints nothing must start anyway. */
const LONGEST_WAIT_MS = 1000;

/**
 * Resolves once the browser has shown the start screen: when it reports the first contentful paint (the logo),
 * which it does after the frame was presented, not only drawn. A frame's callback came too early: an image
 * paints in a frame after it is decoded, and a frame is presented after the next task may have begun. A hidden
 * document paints nothing, so there, and where the browser reports no paints, it resolves at once.
 */
export function afterStartScreenPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (
      document.visibilityState === 'hidden' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint')
    ) {
      resolve();
      return;
    }
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) {
        done();
      }
    });
    const timer = setTimeout(done, LONGEST_WAIT_MS);
    observer.observe({ type: 'paint', buffered: true });
  });
}
