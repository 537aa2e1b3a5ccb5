import { MODEL_TEXTS } from '@parkhere/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DialogsProvider, useDialogs } from './dialogs.tsx';
import { initSystemTranslations } from './systemTranslationsForTests.ts';

let dialogs: ReturnType<typeof useDialogs> | undefined;
function Capture() {
  dialogs = useDialogs();
  return null;
}

function open() {
  render(
    <DialogsProvider>
      <Capture />
    </DialogsProvider>,
  );
  if (!dialogs) {
    throw new Error('DialogsProvider did not render');
  }
  return dialogs;
}

describe('shared dialogs (SPEC §2.4, §8)', () => {
  afterEach(() => cleanup());

  beforeAll(initSystemTranslations);

  it('answers a confirmation with Yes or No', async () => {
    const user = userEvent.setup();
    const { confirm } = open();
    const answer = confirm({ message: 'Delete the car?' });
    expect((await screen.findByRole('dialog', { name: 'Confirmation' })).textContent).toContain(
      'Delete the car?',
    );
    await user.click(screen.getByRole('button', { name: 'No' }));
    await expect(answer).resolves.toBe(false);

    const second = confirm({ title: 'Sure?', message: 'Really?' });
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await expect(second).resolves.toBe(true);
  });

  it('shows a 422 business fault titled Error with its friendly sentence and a Close button', async () => {
    const user = userEvent.setup();
    const { businessFault } = open();
    const closed = businessFault({
      'ParkHere::BusinessError': { errorCode: 'TOO_MANY_RESERVATION', message: 'limit reached' },
      code: 'TOO_MANY_RESERVATION',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog.textContent).toContain('An error occurred while processing your request.');
    expect(dialog.textContent).toContain('You have reached the maximum number of reservations of this type.');
    // The server's English message and the body's internal names are not shown.
    expect(dialog.textContent).not.toContain('limit reached');
    expect(dialog.textContent).not.toContain('errorCode');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await expect(closed).resolves.toBeUndefined();
  });

  it('names the field a fault is about by its title, for faults several fields can raise', async () => {
    i18next.addResourceBundle('en-US', 'application', MODEL_TEXTS['en-US']);
    const { businessFault } = open();
    void businessFault({
      'ParkHere::BusinessError': { errorCode: 'RETENTION_OUT_OF_RANGE', message: 'English text' },
      code: 'RETENTION_OUT_OF_RANGE',
      details: { attribute: 'auditRetentionMonths', min: 1, max: 120 },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog.textContent).toContain(
      'Audit log kept (months): The retention must be a whole number of months from 1 to 120.',
    );
  });
});
