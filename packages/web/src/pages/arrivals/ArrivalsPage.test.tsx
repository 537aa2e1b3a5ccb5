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
const server = vi.hoisted(() => ({ arrivals: [] as Row[], expectedOwners: [] as Row[] }));

vi.mock('../../api/model.ts', async (original) => ({
  ...(await original<typeof import('../../api/model.ts')>()),
  getAccessPoint: vi.fn(async () => ({ __signedIdentifier: 'signed-arrivals', date: '2026-11-24' })),
  list: vi.fn(async (source: ListSource) => ({
    items:
      source.kind !== 'relation'
        ? []
        : source.relation === 'arrivals'
          ? server.arrivals
          : source.relation === 'expectedOwners'
            ? server.expectedOwners
            : [{ name: 'North' }],
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

describe('arrivals of assigned slots', () => {
  it('lists an assigned slot’s owner expected today by their hours, without a booking or a check-in', async () => {
    server.arrivals = [
      arrival('Anna', { startTime: '09:00:00', endTime: '10:00:00', checkInRequired: false }),
    ];
    server.expectedOwners = [
      {
        __signedIdentifier: 'signed-slot',
        __identifier: '39',
        ownerName: 'Olga Owner',
        ownerCarPlate: 'ASG-110',
        parkingSlotInformation: 'A-110 HQ Garage / -1',
        startTime: '08:00:00',
        endTime: '16:00:00',
      },
    ];
    render(
      <TestQueryRoot>
        <ArrivalsPage />
      </TestQueryRoot>,
    );
    const owner = (await screen.findByText('Olga Owner')).closest('tr') as HTMLElement;
    expect(owner.dataset.checkIn).toBe('assigned');
    for (const shown of [
      '08:00–16:00',
      'ASG-110',
      'A-110 HQ Garage / -1',
      'Assigned slot',
      'Comes without a booking',
    ]) {
      expect(within(owner).getByText(shown)).toBeTruthy();
    }
    expect(within(owner).queryByRole('button')).toBeNull();
    // By start time among the bookings: the owner at 08:00 before Anna at 09:00.
    const names = screen.getAllByRole('row').map((row) => row.textContent ?? '');
    expect(names.findIndex((row) => row.includes('Olga Owner'))).toBeLessThan(
      names.findIndex((row) => row.includes('Anna')),
    );
    server.expectedOwners = [];
  });
});
