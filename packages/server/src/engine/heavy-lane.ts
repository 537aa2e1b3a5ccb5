/**
 * A lane of `width` places for the requests whose answers may be large. Building a large answer is long runs of
 * work on the event loop (the rows' JSON, identifiers, serialising); several at once would leave everything else
 * waiting behind all of them. In the lane they take turns, so a health check or a user's small list waits for at
 * most `width` of them. Small answers never enter it.
 */
export type Lane = { acquire: () => Promise<() => void> };

export const createLane = (width: number): Lane => {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next === undefined) {
      running -= 1;
    } else {
      // The place passes straight to the next in line.
      next();
    }
  };
  return {
    acquire: async () => {
      if (running < width) {
        running += 1;
      } else {
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      let released = false;
      return () => {
        if (!released) {
          released = true;
          release();
        }
      };
    },
  };
};
