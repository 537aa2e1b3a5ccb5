import { formatTime } from '@parkhere/contract';

/** Dates travel as `yyyy-MM-dd` wall-clock days (SPEC §3): parsed into local midnight, never through UTC. */
export function parseWireDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) {
    return null;
  }
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

const pad = (value: number): string => String(value).padStart(2, '0');

export function toWireDate(value: Date): string {
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

export function parseWireTimestamp(value: string): Date | null {
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** `09:00:00` is shown as `09:00`: seconds carry nothing in this product. */
export function wireTimeLabel(value: unknown): string {
  return typeof value === 'string' ? formatTime(value) : '';
}
