import { describe, expect, it } from 'vitest';
import { checkWaitlistType, checkWaitScope } from './waitlist-rules.ts';

describe('which requests may wait', () => {
  it('every type but a LONG series', () => {
    expect(checkWaitlistType('NORMAL')).toEqual([]);
    expect(checkWaitlistType('QUICK')).toEqual([]);
    expect(checkWaitlistType('GUEST')).toEqual([]);
    expect(checkWaitlistType('LONG')).toEqual([
      expect.objectContaining({ kind: 'business', code: 'WAITLIST_NOT_FOR_SERIES' }),
    ]);
  });

  it('only where the owner may reserve: the chosen garage, or any garage at all', () => {
    expect(checkWaitScope(true, true)).toEqual([]);
    expect(checkWaitScope(false, true)).toEqual([]);
    expect(checkWaitScope(true, false)).toEqual([
      { kind: 'invalid', item: { code: 'NOT_ACCEPTED_BY_RANGE', level: 'ERROR', location: 'parkingGarage' } },
    ]);
    expect(checkWaitScope(false, false)).toEqual([
      expect.objectContaining({ kind: 'business', code: 'NO_GARAGE_ACCESS' }),
    ]);
  });
});
