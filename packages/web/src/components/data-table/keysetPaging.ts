import type { Row, WireSeek } from '../../api/model.ts';

/*
 * Keyset paging (DESIGN §5): a page is asked for with one row more than its size, to learn whether another
 * page follows; the next page starts after the last row shown, the previous one before the first, reversed.
 */

export type PageDirection = 'first' | 'next' | 'previous';

export type Page = { rows: Row[]; hasNext: boolean; hasPrevious: boolean };

export const EMPTY_PAGE: Page = { rows: [], hasNext: false, hasPrevious: false };

/** `lastItem` carries the row's identity and values, not the relations a mask may have added. */
export function cursorOf(row: Row, attributes: readonly string[]): Row {
  const cursor: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('__') || attributes.includes(key)) {
      cursor[key] = value;
    }
  }
  return cursor;
}

/** The `_seek` of a request for the page in `direction` from the page shown now. */
export function seekFor(
  direction: PageDirection,
  pageSize: number,
  shown: readonly Row[],
  attributes: readonly string[],
): WireSeek {
  const limit = pageSize + 1;
  const edge = direction === 'next' ? shown.at(-1) : direction === 'previous' ? shown.at(0) : undefined;
  if (edge === undefined) {
    return { limit };
  }
  return {
    limit,
    lastItem: cursorOf(edge, attributes),
    ...(direction === 'previous' ? { reverse: true } : {}),
  };
}

/** The first page of an answer to a request for the first page. */
export const firstPageOf = (pageSize: number, items: readonly Row[]): Page => ({
  rows: items.slice(0, pageSize),
  hasNext: items.length > pageSize,
  hasPrevious: false,
});

/**
 * The page an answer makes. A reversed answer arrives in table order, so its surplus row is the first one.
 * A previous page without a surplus row is the first page; one that comes back short (rows were deleted
 * meanwhile) makes the caller reload the first page instead, so that it is full.
 */
export function pageFrom(direction: PageDirection, pageSize: number, items: readonly Row[]): Page | 'reload' {
  const more = items.length > pageSize;
  switch (direction) {
    case 'first':
      return firstPageOf(pageSize, items);
    case 'next':
      return { rows: items.slice(0, pageSize), hasNext: more, hasPrevious: true };
    case 'previous':
      if (more) {
        return { rows: items.slice(items.length - pageSize), hasNext: true, hasPrevious: true };
      }
      return items.length === pageSize ? { rows: [...items], hasNext: true, hasPrevious: false } : 'reload';
  }
}

/**
 * The row count the grid's footer shows. Keyset pages before the last are full, so once a page comes back
 * without its surplus row the total is known: the full pages before it and its own rows. While another page
 * follows and the server was not asked to count, it is unknown (-1: the grid says "of more than …").
 */
export function rowCountOf(shown: {
  /** Stored rows on the page (drafts not counted). */
  rows: number;
  hasNext: boolean;
  pageIndex: number;
  pageSize: number;
  /** `X-Judo-Count`, when the table asked for it. */
  total: number | null;
}): number {
  if (shown.total !== null) {
    return shown.total;
  }
  return shown.hasNext ? -1 : shown.pageIndex * shown.pageSize + shown.rows;
}

/** Which way the grid moved when its page index changed. */
export function directionOf(previousPage: number, nextPage: number): PageDirection {
  if (nextPage === 0) {
    return 'first';
  }
  return nextPage > previousPage ? 'next' : 'previous';
}
