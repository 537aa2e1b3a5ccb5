import { describe, expect, it } from 'vitest';
import { movedPosition, PLAN_MIDDLE, positionFromClick, positionOf } from './planPosition.ts';

// A picture drawn 400 × 200 px, 100 px from the left and 50 px from the top of the window.
const box = { left: 100, top: 50, width: 400, height: 200 };

describe("a slot's place on its floor plan", () => {
  it('is where the click was, in whole percent of the picture across and down', () => {
    expect(positionFromClick(box, 100, 50)).toEqual({ x: 0, y: 0 });
    expect(positionFromClick(box, 300, 150)).toEqual({ x: 50, y: 50 });
    expect(positionFromClick(box, 500, 250)).toEqual({ x: 100, y: 100 });
    // 161 px of 400 is 40.25 %, 77 of 200 is 38.5 %: rounded to the nearest whole percent.
    expect(positionFromClick(box, 261, 127)).toEqual({ x: 40, y: 39 });
  });

  it('takes a click on the edge or just outside the picture as the edge', () => {
    expect(positionFromClick(box, 98, 260)).toEqual({ x: 0, y: 100 });
    expect(positionFromClick(box, 503, 40)).toEqual({ x: 100, y: 0 });
  });

  it('places nothing on a picture that is not drawn yet', () => {
    expect(positionFromClick({ ...box, width: 0 }, 300, 150)).toBeNull();
    expect(positionFromClick({ ...box, height: 0 }, 300, 150)).toBeNull();
  });

  it('moves by one percent with an arrow key and by ten with Shift', () => {
    const at = { x: 40, y: 30 };
    expect(movedPosition(at, 'ArrowLeft')).toEqual({ x: 39, y: 30 });
    expect(movedPosition(at, 'ArrowRight')).toEqual({ x: 41, y: 30 });
    expect(movedPosition(at, 'ArrowUp')).toEqual({ x: 40, y: 29 });
    expect(movedPosition(at, 'ArrowDown')).toEqual({ x: 40, y: 31 });
    expect(movedPosition(at, 'ArrowRight', true)).toEqual({ x: 50, y: 30 });
    expect(movedPosition(at, 'ArrowUp', true)).toEqual({ x: 40, y: 20 });
    expect(movedPosition(at, 'Home')).toEqual({ x: 0, y: 30 });
    expect(movedPosition(at, 'End')).toEqual({ x: 100, y: 30 });
  });

  it('stops the marker at the edges of the plan', () => {
    expect(movedPosition({ x: 0, y: 100 }, 'ArrowLeft')).toEqual({ x: 0, y: 100 });
    expect(movedPosition({ x: 95, y: 5 }, 'ArrowRight', true)).toEqual({ x: 100, y: 5 });
    expect(movedPosition({ x: 95, y: 5 }, 'ArrowUp', true)).toEqual({ x: 95, y: 0 });
    expect(movedPosition({ x: 0, y: 100 }, 'ArrowDown')).toEqual({ x: 0, y: 100 });
  });

  it('starts a slot without a place in the middle of the plan at the first key', () => {
    expect(PLAN_MIDDLE).toEqual({ x: 50, y: 50 });
    expect(movedPosition(null, 'ArrowRight')).toEqual({ x: 51, y: 50 });
    expect(movedPosition(null, 'ArrowDown', true)).toEqual({ x: 50, y: 60 });
  });

  it('leaves every other key to the page', () => {
    expect(movedPosition({ x: 1, y: 2 }, 'Tab')).toBeNull();
    expect(movedPosition({ x: 1, y: 2 }, 'Enter')).toBeNull();
    expect(movedPosition(null, 'a')).toBeNull();
  });

  it('reads a stored place only when both numbers are there', () => {
    expect(positionOf({ planX: 12, planY: 0 })).toEqual({ x: 12, y: 0 });
    expect(positionOf({ planX: 12, planY: null })).toBeNull();
    expect(positionOf({ planX: null, planY: null })).toBeNull();
    expect(positionOf({})).toBeNull();
  });
});
