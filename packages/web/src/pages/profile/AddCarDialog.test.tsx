import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Model from '../../api/model.ts';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { AddCarDialog } from './AddCarDialog.tsx';

/*
 * The dialog takes typing before the `CreateCarInput` template has come. The clean-clone CI of 4b3006c typed
 * a plate and ticked Favourite in that moment; the template's arrival then blanked both, and Save was refused.
 */

const held = vi.hoisted(() => {
  let resolve = (_template: Record<string, unknown>) => {};
  const promise = new Promise<Record<string, unknown>>((settle) => {
    resolve = settle;
  });
  return { template: { promise, resolve: (template: Record<string, unknown>) => resolve(template) } };
});
const created = vi.hoisted(() => vi.fn(async (_type: string, _name: string, car: unknown) => car));

vi.mock('../../api/model.ts', async (original) => ({
  ...(await original<typeof Model>()),
  template: () => held.template.promise,
  operation: created,
}));

beforeAll(initEnglishTranslations);
afterEach(() => cleanup());

describe('a new car', () => {
  it('keeps what was typed and ticked before its template came, and sends it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AddCarDialog open profile={{ __signedIdentifier: 'signed-profile' }} onClose={onClose} />
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText(/License plate/), 'ABC 123');
    await user.click(screen.getByLabelText('Favourite'));

    held.template.resolve({ licensePlate: null, manufacturer: null, isElectric: false, isFavorite: false });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(created).toHaveBeenCalledWith(
      'ProfileSettings',
      'createCar',
      expect.objectContaining({ licensePlate: 'ABC 123', isFavorite: true, isElectric: false }),
      expect.anything(),
    );
    expect(screen.getByLabelText<HTMLInputElement>(/License plate/).value).toBe('ABC 123');
  });
});
