import { cleanup } from '@testing-library/react';
import { afterEach, type MockInstance } from 'vitest';

/** After each test of the file: the rendered tree goes and `mocks` forget their calls and answers. */
export function resetAfterEach(...mocks: MockInstance[]): void {
  afterEach(() => {
    cleanup();
    for (const mock of mocks) {
      mock.mockReset();
    }
  });
}
