import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListSource, Row } from '../../api/model.ts';
import { operation } from '../../api/model.ts';
import { TestQueryRoot } from '../../api/TestQueryRoot.tsx';
import { expectOperationOn } from '../../components/testing/operationCalls.ts';
import { phoneWidth } from '../../components/testing/phoneWidth.ts';
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
  range: vi.fn(async () => [{ __signedIdentifier: 'signed-slot', aggregaredName: 'A-101 / -1 (HQ Garage)' }]),
}));
vi.mock('../../navigation/NavigationProvider.tsx', () => ({ usePageTitle: () => undefined }));
vi.mock('../../feedback/toast.ts', () => ({ toast: { success: vi.fn(), warning: vi.fn(), error: vi.fn() } }));

beforeAll(initEnglishTranslations);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

describe('arrivals at the gate', () => {
  const renderPage = () =>
    render(
      <TestQueryRoot>
        <ArrivalsPage />
      </TestQueryRoot>,
    );

  it('finds an arrival by plate or name, and says so when a plate has no reservation today', async () => {
    server.arrivals = [
      arrival('Béla Kovács', { reserverCarId: 'ABC-123', checkInRequired: false }),
      arrival('Anna Nagy', { reserverCarId: 'XYZ-987', checkInRequired: false }),
    ];
    server.expectedOwners = [];
    renderPage();
    const search = await screen.findByRole('searchbox', { name: 'Find a plate or a name' });
    const user = userEvent.setup();
    await user.type(search, 'xyz 98');
    expect(screen.getByText('Anna Nagy')).toBeTruthy();
    expect(screen.queryByText('Béla Kovács')).toBeNull();
    await user.clear(search);
    await user.type(search, 'bela');
    expect(screen.getByText('Béla Kovács')).toBeTruthy();
    expect(screen.queryByText('Anna Nagy')).toBeNull();
    await user.clear(search);
    await user.type(search, 'qqq-000');
    expect(screen.getByRole('status').textContent).toBe('No reservation today for plate QQQ-000.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a card a row on a phone, the plate beside the arrival button, the window closing first on top', async () => {
    phoneWidth(true);
    server.arrivals = [
      arrival('Later', { startTime: '08:00:00', checkInRequired: false }),
      arrival('Anna', { isCheckInOpen: true, checkInClosesAt: '09:30:00', reserverCarId: 'ANN-001' }),
    ];
    server.expectedOwners = [];
    renderPage();
    const cards = await screen.findAllByTestId('arrival-card');
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards.map((card) => card.dataset.urgency)).toEqual(['0', '1']);
    const anna = cards[0] as HTMLElement;
    expect(within(anna).getByText('ANN-001')).toBeTruthy();
    const button = within(anna).getByRole('button', { name: 'Mark arrived: Anna' });
    // Plate and button on the card together, the button a thumb's size.
    expect(anna.contains(button)).toBe(true);
    await userEvent.setup().click(button);
    expectOperationOn('UserReservation', 'checkIn', 'signed-Anna');
  });
});

describe('a walk-in guest', () => {
  it('is recorded from a plate nobody booked: name, a free slot, checked in by the server', async () => {
    server.arrivals = [arrival('Anna', { checkInRequired: false })];
    server.expectedOwners = [];
    vi.mocked(operation).mockClear();
    render(
      <TestQueryRoot>
        <ArrivalsPage />
      </TestQueryRoot>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Find a plate or a name' }), 'new-777');
    await user.click(screen.getByRole('button', { name: 'Record as a walk-in guest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a walk-in guest' });
    expect(within(dialog).getByRole('textbox', { name: 'License plate' })).toHaveProperty('value', 'NEW-777');
    await user.type(within(dialog).getByRole('textbox', { name: /Guest's name/ }), 'Walter Walk');
    await user.click(within(dialog).getByRole('combobox', { name: /Parking slot/ }));
    await user.click(await screen.findByRole('option', { name: 'A-101 / -1 (HQ Garage)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record and check in' }));
    await waitFor(() =>
      expect(operation).toHaveBeenCalledWith(
        'DoormanArrivals',
        'recordWalkIn',
        {
          guestName: 'Walter Walk',
          guestLicensePlate: 'NEW-777',
          endTime: null,
          parkingSlot: expect.objectContaining({ __signedIdentifier: 'signed-slot' }),
        },
        expect.objectContaining({ __signedIdentifier: 'signed-arrivals' }),
      ),
    );
    expect(toast.success).toHaveBeenCalledWith('Walter Walk recorded and checked in.');
  });
});
