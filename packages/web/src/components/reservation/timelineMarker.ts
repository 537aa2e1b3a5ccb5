import { secondsOf } from '@parkhere/contract';

/**
 * Where the current-time marker sits on a reservation's timeline, as a percentage from its start (0) to its
 * end (100); clamped, so a clock a little off still draws inside the bar. Null when the interval is empty.
 */
export function markerPercent(startTime: string, endTime: string, currentTime: string): number | null {
  const start = secondsOf(startTime);
  const length = secondsOf(endTime) - start;
  if (length <= 0) {
    return null;
  }
  const ratio = (secondsOf(currentTime) - start) / length;
  return Math.round(Math.min(1, Math.max(0, ratio)) * 1000) / 10;
}
