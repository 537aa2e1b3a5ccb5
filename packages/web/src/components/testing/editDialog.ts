import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { toast } from '../../feedback/toast.ts';
import { expectOperationOn } from './operationCalls.ts';

/** An operation bound to one row, as a client calls it: its type and name, the body, the row's identifier. */
type BoundCall = { type: string; name: string; body: unknown; signedIdentifier: string };

/**
 * Saves an edit dialog and expects what a user notices of an accepted change: the operation called on the row
 * with the new values, the success toast and the dialog gone. The test mocks `operation` and `toast`.
 */
export async function saveEditDialog(user: UserEvent, dialog: HTMLElement, call: BoundCall, success: string) {
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expectOperationOn(call.type, call.name, call.signedIdentifier, call.body));
  expect(toast.success).toHaveBeenCalledWith(success);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}
