import { describe, expect, it } from 'vitest';
import type { Row } from '../../api/model.ts';
import { cursorOf, directionOf, pageFrom, rowCountOf, seekFor } from './keysetPaging.ts';

const row = (n: number): Row => ({
  __signedIdentifier: `s${n}`,
  __identifier: String(n),
  name: `A-${n}`,
  parkingGarage: { name: 'HQ' },
});
const rows = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => row(from + i));

describe('keyset paging', () => {
  it('asks for one row more than the page size', () => {
    expect(seekFor('first', 10, [], ['name'])).toEqual({ limit: 11 });
  });

  it('continues after the last row shown, and goes back before the first one, reversed', () => {
    const shown = rows(11, 20);
    expect(seekFor('next', 10, shown, ['name'])).toEqual({
      limit: 11,
      lastItem: { __signedIdentifier: 's20', __identifier: '20', name: 'A-20' },
    });
    expect(seekFor('previous', 10, shown, ['name'])).toEqual({
      limit: 11,
      lastItem: { __signedIdentifier: 's11', __identifier: '11', name: 'A-11' },
      reverse: true,
    });
  });

  it('sends the row as the cursor without the relations a mask added', () => {
    expect(cursorOf(row(1), ['name'])).not.toHaveProperty('parkingGarage');
  });

  it('knows a next page exists from the surplus row and does not show it', () => {
    expect(pageFrom('first', 10, rows(1, 11))).toEqual({
      rows: rows(1, 10),
      hasNext: true,
      hasPrevious: false,
    });
    expect(pageFrom('first', 10, rows(1, 7))).toEqual({
      rows: rows(1, 7),
      hasNext: false,
      hasPrevious: false,
    });
    expect(pageFrom('next', 10, rows(21, 25))).toEqual({
      rows: rows(21, 25),
      hasNext: false,
      hasPrevious: true,
    });
  });

  it('drops the first row of a reversed answer, which arrives in table order', () => {
    expect(pageFrom('previous', 10, rows(10, 20))).toEqual({
      rows: rows(11, 20),
      hasNext: true,
      hasPrevious: true,
    });
  });

  it('treats a previous page without surplus as the first page, and a short one as a reason to reload', () => {
    expect(pageFrom('previous', 10, rows(1, 10))).toEqual({
      rows: rows(1, 10),
      hasNext: true,
      hasPrevious: false,
    });
    expect(pageFrom('previous', 10, rows(1, 4))).toBe('reload');
  });

  it('knows the total once a page comes back without its surplus row', () => {
    const count = (items: Row[], pageIndex: number, total: number | null = null) => {
      const page = pageFrom(pageIndex === 0 ? 'first' : 'next', 10, items);
      if (page === 'reload') {
        throw new Error('a first or next page never reloads');
      }
      return rowCountOf({ rows: page.rows.length, hasNext: page.hasNext, pageIndex, pageSize: 10, total });
    };
    expect(count(rows(1, 7), 0)).toBe(7);
    expect(count(rows(1, 10), 0)).toBe(10);
    expect(count([], 0)).toBe(0);
    expect(count(rows(21, 23), 2)).toBe(23);
    // Another page follows: unknown until the server counts.
    expect(count(rows(1, 11), 0)).toBe(-1);
    expect(count(rows(1, 11), 0, 42)).toBe(42);
  });

  it('reads the direction from the page index change', () => {
    expect(directionOf(0, 1)).toBe('next');
    expect(directionOf(3, 2)).toBe('previous');
    expect(directionOf(3, 0)).toBe('first');
  });
});
