import { PLAN_POSITION_BOUNDS } from '@parkhere/contract';

/*
 * A slot's place on its floor plan (issue 32, item 1: ParkingSlotSettings.planX/planY), without React: a click on
 * the picture and the arrow keys each give a place, in whole percent of the picture across and down, within
 * PLAN_POSITION_BOUNDS as the server checks it.
 */

export type PlanPosition = { x: number; y: number };

/** The picture's box on the screen, as getBoundingClientRect answers it. */
export type PictureBox = { left: number; top: number; width: number; height: number };

const clamp = (value: number) =>
  Math.min(PLAN_POSITION_BOUNDS.max, Math.max(PLAN_POSITION_BOUNDS.min, Math.round(value)));

/** The place a click at (clientX, clientY) on the picture names; a click on its edge or just outside it counts as the edge. */
export function positionFromClick(box: PictureBox, clientX: number, clientY: number): PlanPosition | null {
  if (box.width <= 0 || box.height <= 0) {
    return null;
  }
  return {
    x: clamp(((clientX - box.left) / box.width) * 100),
    y: clamp(((clientY - box.top) / box.height) * 100),
  };
}

/** Where a keyboard user starts when the slot has no place yet: the middle of the plan. */
export const PLAN_MIDDLE: PlanPosition = { x: 50, y: 50 };

/** A step of the arrow keys: one percent, ten with Shift. */
const stepOf = (shift: boolean) => (shift ? 10 : 1);

/**
 * The place an arrow key moves the marker to (Home and End: the left and right edge); null for any other key.
 * A slot without a place starts in the middle, so the first key press puts it there and moves it.
 */
export function movedPosition(
  position: PlanPosition | null,
  key: string,
  shift = false,
): PlanPosition | null {
  const from = position ?? PLAN_MIDDLE;
  const step = stepOf(shift);
  switch (key) {
    case 'ArrowLeft':
      return { ...from, x: clamp(from.x - step) };
    case 'ArrowRight':
      return { ...from, x: clamp(from.x + step) };
    case 'ArrowUp':
      return { ...from, y: clamp(from.y - step) };
    case 'ArrowDown':
      return { ...from, y: clamp(from.y + step) };
    case 'Home':
      return { ...from, x: PLAN_POSITION_BOUNDS.min };
    case 'End':
      return { ...from, x: PLAN_POSITION_BOUNDS.max };
    default:
      return null;
  }
}

/** The stored place of a slot's row: both numbers, else none (a half place is the server's to refuse). */
export function positionOf(row: Readonly<Record<string, unknown>>): PlanPosition | null {
  const { planX, planY } = row;
  return typeof planX === 'number' && typeof planY === 'number' ? { x: planX, y: planY } : null;
}
