import { describe, expect, it } from 'vitest';
import { SERVER_SEARCH_LIMIT, serverSearchQuery } from './ServerSearchCell.tsx';

describe('a relation searched on the server', () => {
  it('asks for the first page of candidates whose label contains the typed text', () => {
    expect(serverSearchQuery('email', ' anna ')).toEqual({
      _mask: '{email}',
      _seek: { limit: SERVER_SEARCH_LIMIT },
      email: [{ operator: 'like', value: '%anna%' }],
    });
  });

  it('asks for the first page alone while nothing is typed', () => {
    expect(serverSearchQuery('email', '')).toEqual({
      _mask: '{email}',
      _seek: { limit: SERVER_SEARCH_LIMIT },
    });
  });
});
