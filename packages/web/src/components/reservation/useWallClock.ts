import { DEFAULT_TIME_ZONE, type WallClock, wallClockAt } from '@parkhere/contract';
import { useEffect, useState } from 'react';

/** The configured zone's wall clock at this moment. */
export const wallClockNow = (timeZone: string = DEFAULT_TIME_ZONE): WallClock =>
  wallClockAt(new Date(), timeZone);

/** The reservation rules' "now": the configured zone's wall clock, refreshed every half minute. */
export function useWallClock(timeZone: string = DEFAULT_TIME_ZONE): WallClock {
  const [now, setNow] = useState(() => wallClockNow(timeZone));
  useEffect(() => {
    const timer = setInterval(() => {
      const next = wallClockNow(timeZone);
      setNow((previous) =>
        previous.date === next.date && previous.time.slice(0, 5) === next.time.slice(0, 5) ? previous : next,
      );
    }, 30_000);
    return () => clearInterval(timer);
  }, [timeZone]);
  return now;
}
