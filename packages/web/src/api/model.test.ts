import { afterEach, describe, expect, it, vi } from 'vitest';
import { operation } from './model.ts';

const car = { __signedIdentifier: 'car-1' };

describe('operations (DESIGN §5)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('posts an operation of the model to its path with its body', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response(null, { status: 204 }));
    await operation('Car', 'favoriteCar', undefined, car, { handleErrors: false });
    await operation('HolidayPanel', 'holiday', { startDate: '2026-03-02', endDate: null });
    const sent = fetchSpy.mock.calls.map(([url, init]) => [
      String(url).replace(/^.*\/services\//, ''),
      init?.body ?? null,
    ]);
    expect(sent).toEqual([
      ['Car/favoriteCar', null],
      ['HolidayPanel/holiday', '{"startDate":"2026-03-02","endDate":null}'],
    ]);
  });

  it('does not compile a call the model does not declare', () => {
    // Compile-time checks: `npm run typecheck` fails if any of these calls is accepted. None is made.
    const rejected = [
      // @ts-expect-error an operation Car does not have
      () => operation('Car', 'favouriteCar', undefined, car),
      // @ts-expect-error a date travels as a string
      () => operation('HolidayPanel', 'holiday', { startDate: 20260302, endDate: null }),
      // @ts-expect-error a holiday names its end, though it may still be empty
      () => operation('HolidayPanel', 'holiday', { startDate: '2026-03-02' }),
      // @ts-expect-error favoriteCar takes no body
      () => operation('Car', 'favoriteCar', { isFavorite: true }, car),
    ];
    expect(rejected).toHaveLength(4);
  });
});
