import { formatDayWithWeekday } from '@parkhere/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { operation } from '../../api/model.ts';
import { toast } from '../../feedback/toast.ts';
import { renderOnScreen } from '../testing/renderOnScreen.tsx';
import { resetAfterEach } from '../testing/resetAfterEach.ts';
import { initEnglishTranslations } from '../testing/translationsForTests.ts';
import { type AssignedDay, AssignedSlotSection, assignedDayAction } from './AssignedSlotSection.tsx';

/** The owner's schedule the server holds in a test; a release or a take-back changes the day it names. */
const server = vi.hoisted(() => ({ hasAssignedSlot: true, days: [] as AssignedDay[] }));

// Only the toast's success is read; the operations are the test's server below.
vi.mock('../../feedback/toast.ts', () => ({ toast: { success: vi.fn() } }));
vi.mock('../../api/model.ts', async (original) => ({
  ...(await original<typeof import('../../api/model.ts')>()),
  operation: vi.fn(),
}));

beforeAll(initEnglishTranslations);
resetAfterEach(vi.mocked(toast.success), vi.mocked(operation));

const SLOT = 'A-110 HQ Garage / 1';

/** The server's answers: the schedule, and a day given back (or taken back) becoming GIVEN_BACK (EXPECTED). */
function serve() {
  vi.mocked(operation).mockImplementation(async (_type, name, body) => {
    const date = (body as { startDate?: string } | undefined)?.startDate;
    const next = name === 'releaseAssignedSlot' ? 'GIVEN_BACK' : 'EXPECTED';
    if (date !== undefined) {
      server.days = server.days.map((day) => (day.date === date ? { ...day, assignedDayState: next } : day));
    }
    return { hasAssignedSlot: server.hasAssignedSlot, days: server.days } as never;
  });
}

/** The day's row, found by the day as the section writes it. */
const rowOf = async (date: string) =>
  (await screen.findAllByTestId('assigned-slot-day')).find((row) =>
    (row.textContent ?? '').includes(formatDayWithWeekday(date, 'en-US')),
  );
const MONDAY = formatDayWithWeekday('2026-12-07', 'en-US');

describe('the owner’s assigned slot on the dashboard', () => {
  it('offers Not coming on a day of theirs, Coming after all on a day given back, nothing otherwise', () => {
    expect(assignedDayAction('EXPECTED')).toBe('release');
    expect(assignedDayAction('GIVEN_BACK')).toBe('takeBack');
    expect(assignedDayAction('BOOKED')).toBeNull();
    expect(assignedDayAction('ON_HOLIDAY')).toBeNull();
  });

  it('lists each working day with its state, and gives a day back with Not coming', async () => {
    server.hasAssignedSlot = true;
    server.days = [
      { date: '2026-12-07', parkingSlotInformation: SLOT, assignedDayState: 'EXPECTED' },
      { date: '2026-12-08', parkingSlotInformation: SLOT, assignedDayState: 'BOOKED' },
      { date: '2026-12-09', parkingSlotInformation: SLOT, assignedDayState: 'ON_HOLIDAY' },
    ];
    serve();
    const user = renderOnScreen(<AssignedSlotSection />);
    expect(await screen.findByRole('region', { name: 'Your parking slot' })).toBeDefined();
    expect(await screen.findAllByTestId('assigned-slot-day')).toHaveLength(3);
    const booked = await rowOf('2026-12-08');
    expect(booked?.textContent).toContain('Given back, booked by a colleague');
    expect(within(booked as HTMLElement).queryByRole('button')).toBeNull();
    expect((await rowOf('2026-12-09'))?.textContent).toContain('On holiday');

    await user.click(
      await screen.findByRole('button', { name: `Not coming on ${MONDAY}: give the slot back` }),
    );
    expect(operation).toHaveBeenCalledWith('UserReservationPanel', 'releaseAssignedSlot', {
      startDate: '2026-12-07',
      endDate: '2026-12-07',
    });
    expect(toast.success).toHaveBeenCalledWith(expect.stringMatching(/^Your slot is given back for /));
    // The schedule is read again: the day is given back and may be taken back.
    const given = await screen.findByRole('button', {
      name: `Coming after all on ${MONDAY}: take the slot back`,
    });
    expect((await rowOf('2026-12-07'))?.textContent).toContain('Given back');

    await user.click(given);
    expect(operation).toHaveBeenCalledWith('UserReservationPanel', 'takeBackAssignedSlot', {
      startDate: '2026-12-07',
      endDate: '2026-12-07',
    });
    expect(
      await screen.findByRole('button', { name: `Not coming on ${MONDAY}: give the slot back` }),
    ).toBeDefined();
  });

  it('shows nothing to a user with no slot assigned', async () => {
    server.hasAssignedSlot = false;
    server.days = [];
    serve();
    renderOnScreen(<AssignedSlotSection />);
    await vi.waitFor(() =>
      expect(operation).toHaveBeenCalledWith(
        'UserReservationPanel',
        'assignedSlotDays',
        undefined,
        undefined,
        {
          handleErrors: true,
        },
      ),
    );
    expect(screen.queryByRole('region', { name: 'Your parking slot' })).toBeNull();
  });
});
