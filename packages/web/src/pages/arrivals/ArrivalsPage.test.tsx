import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListSource, Row } from '../../api/model.ts';
import { operation } from '../../api/model.ts';
import { TestQueryRoot } from '../../api/TestQueryRoot.tsx';
import { expectOperationOn } from '../../components/testing/operationCalls.ts';
import { checkInReservation } from '../../components/testing/reservationRows.ts';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { toast } from '../../feedback/toast.ts';
import ArrivalsPage from './ArrivalsPage.tsx';

/** Today's arrivals the doorman's panel holds in a test. */
const server = vi.hoisted(() => ({ arrivals: [] as Row[] }));

vi.mock('../../api/model.ts', async (original) => ({
  ...(await original<typeof import('../../api/model.ts')>()),
  getAccessPoint: vi.fn(async () => ({ __signedIdentifier: 'signed-arrivals', date: '2026-11-24' })),
  list: vi.fn(async (source: ListSource) => ({
    items:
      source.kind === 'relation' && source.relation === 'arrivals' ? server.arrivals : [{ name: 'North' }],
    total: null,
  })),
  operation: vi.fn(async () => undefined),
}));
vi.mock('../../navigation/NavigationProvider.tsx', () => ({ usePageTitle: () => undefined }));
vi.mock('../../feedback/toast.ts', () => ({ toast: { success: vi.fn(), warning: vi.fn(), error: vi.fn() } }));

beforeAll(initEnglishTranslations);

afterEach(() => cleanup());

const arrival = (name: string, check: Partial<Row>): Row => ({
  __signedIdentifier: `signed-${name}`,
  __identifier: name,
  ...checkInReservation,
  reserverName: name,
  reserverCarId: 'ABC-123',
  ...check,
});

describe('arrivals check-in', () => {
  it('shows each row’s check-in state and marks a waiting driver arrived', async () => {
    server.arrivals = [
      arrival('Anna', { isCheckInOpen: true, currentTime: '08:50:00' }),
      arrival('Béla', {
        checkedInAt: new Date(2026, 10, 24, 8, 40).toISOString(),
        checkedInTime: '08:40:00',
      }),
      arrival('Cecil', { reservationStatus: 'NO_SHOW' }),
      arrival('Dóra', { checkInRequired: false }),
    ];
    vi.mocked(operation).mockImplementation(async () => {
      server.arrivals = server.arrivals.map((row) =>
        row.reserverName === 'Anna'
          ? {
              ...row,
              isCheckInOpen: false,
              checkedInAt: new Date(2026, 10, 24, 8, 51).toISOString(),
              checkedInTime: '08:51:00',
            }
          : row,
      );
      return undefined;
    });
    render(
      <TestQueryRoot>
        <ArrivalsPage />
      </TestQueryRoot>,
    );
    const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
    expect(within(await row('Anna')).getByText('Waiting (window open until 09:30)')).toBeTruthy();
    expect(within(await row('Béla')).getByText('Checked in at 08:40')).toBeTruthy();
    expect(within(await row('Cecil')).getByText('No-show')).toBeTruthy();
    expect(within(await row('Dóra')).getByText('Not required')).toBeTruthy();
    // Only the open window is offered, and its button names the driver.
    expect(screen.getAllByRole('button', { name: /^Mark arrived/ })).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark arrived: Anna' }));
    expectOperationOn('UserReservation', 'checkIn', 'signed-Anna');
    await waitFor(async () =>
      expect(within(await row('Anna')).getByText('Checked in at 08:51')).toBeTruthy(),
    );
    expect(toast.success).toHaveBeenCalledWith('Anna marked as arrived.');
    expect(screen.queryByRole('button', { name: /^Mark arrived/ })).toBeNull();
  });
});
