import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import english from '../../public/i18n/system_en-US.json';
import { ToastProvider } from './ToastProvider.tsx';
import { toast } from './toast.ts';

describe('toasts (SPEC §9)', () => {
  afterEach(() => cleanup());

  beforeAll(async () => {
    await i18next.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { system: english } } });
  });

  it('shows a toast asked for before the toast host has loaded, and closes it with its button', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <p>page</p>
      </ToastProvider>,
    );
    toast.error('The server did not answer');
    toast.success('Saved');
    expect(await screen.findByText('The server did not answer')).toBeTruthy();
    expect(await screen.findByText('Saved')).toBeTruthy();
    const [close] = screen.getAllByRole('button', { name: 'Close' });
    await user.click(close as HTMLElement);
    await expect.poll(() => screen.queryByText('The server did not answer')).toBeNull();
  });

  it('shows a toast once the host is there', async () => {
    render(
      <ToastProvider>
        <p>page</p>
      </ToastProvider>,
    );
    await screen.findByText('page');
    // Past the idle mount of the host.
    await new Promise((resolve) => setTimeout(resolve, 400));
    toast.warning('Check the dates');
    expect(await screen.findByText('Check the dates')).toBeTruthy();
  });
});
