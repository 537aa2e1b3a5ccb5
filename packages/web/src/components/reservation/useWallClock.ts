import { DEFAULT_TIME_ZONE, type WallClock, wallClockAt } from '@parkhere/contract';
import { useEffect, useState } from 'react';

/** The reservation rules' "now": the configured zone's wall clock, refreshed every half minute. */
export function useWallClock(timeZone: string = DEFAULT_TIME_ZONE): WallClock {
  const [now, setNow] = useState(() => wallClockAt(new Date(), timeZone));
  useEffect(() => {
    const timer = setInterval(() => {
      const next = wallClockAt(new Date(), timeZone);
      setNow((previous) =>
        previous.date === next.date && previous.time.slice(0, 5) === next.time.slice(0, 5) ? previous : next,
      );
    }, 30_000);
    return () => clearInterval(timer);
  }, [timeZone]);
  return now;
}
