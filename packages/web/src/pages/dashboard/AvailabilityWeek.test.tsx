import { type Availability, addDays, formatDayWithWeekday } from '@parkhere/contract';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client.ts';
import { wallClockNow } from '../../components/reservation/useWallClock.ts';
import { renderOnScreen } from '../../components/testing/renderOnScreen.tsx';
import { resetAfterEach } from '../../components/testing/resetAfterEach.ts';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { AvailabilityWeek } from './AvailabilityWeek.tsx';
import { weekPeriod } from './availabilityDays.ts';

vi.mock('../../api/client.ts', async (original) => ({
  ...(await original<typeof import('../../api/client.ts')>()),
  api: { get: vi.fn(), post: vi.fn(), send: vi.fn() },
}));

beforeAll(initEnglishTranslations);
resetAfterEach(vi.mocked(api.get));

const nothing = {
  reservations: [],
  onHoliday: false,
  waitlistPosition: null,
  drawRequest: false,
  assignedSlot: null,
};

/** This week as the server answers it: today booked, Saturday and Sunday not working, the rest free. */
function thisWeek(): Availability {
  const today = wallClockNow().date;
  const { from, to } = weekPeriod(today, 1);
  return {
    from,
    to,
    startTime: '08:00:00',
    endTime: '16:00:00',
    timeZone: 'Europe/Budapest',
    days: Array.from({ length: 7 }, (_, index) => {
      const date = addDays(from, index);
      const working = index < 5;
      return {
        date,
        isWorkingDay: working,
        freeSlots: working ? 4 : null,
        totalSlots: working ? 6 : null,
        mine:
          date === today
            ? {
                ...nothing,
                reservations: [
                  {
                    slotName: 'HQ A-1',
                    startTime: '08:00:00',
                    endTime: '16:00:00',
                    reservationType: 'NORMAL' as const,
                    guestName: null,
                  },
                ],
              }
            : nothing,
      };
    }),
  };
}

describe('the week view', () => {
  it('lists the days with their free slots and the booking, and a tap picks a working day', async () => {
    const week = thisWeek();
    vi.mocked(api.get).mockResolvedValue(week);
    const onPick = vi.fn();
    const user = renderOnScreen(<AvailabilityWeek onPick={onPick} />);
    const region = await screen.findByRole('region', { name: 'Free slots at a glance' });
    expect(region).toBeDefined();
    expect(await screen.findAllByTestId('availability-day')).toHaveLength(7);
    expect(api.get).toHaveBeenCalledWith(`/availability?from=${week.from}&to=${week.to}`);
    expect(screen.getByText('Free for 08:00–16:00, your working hours')).toBeDefined();
    const sunday = screen.getAllByTestId('availability-day').find((day) => day.dataset.date === week.to);
    expect(sunday?.textContent).toContain('Non-working day');
    expect(sunday?.tagName).not.toBe('BUTTON');

    const today = wallClockNow().date;
    if (week.days.find((day) => day.date === today)?.isWorkingDay === true) {
      const name = `${formatDayWithWeekday(today, 'en-US')}, 4 of 6 free, Booked: HQ A-1, 08:00–16:00: put this day in the reservation form`;
      await user.click(screen.getByRole('button', { name }));
      expect(onPick).toHaveBeenCalledWith(today);
      expect(await screen.findByRole('status')).toHaveProperty(
        'textContent',
        `The reservation form is set to ${formatDayWithWeekday(today, 'en-US')}.`,
      );
    }
  });

  it('says so when the days cannot be read', async () => {
    vi.mocked(api.get).mockRejectedValue(new Error('offline'));
    renderOnScreen(<AvailabilityWeek onPick={vi.fn()} />);
    expect(await screen.findByText('The free slots could not be read.')).toBeDefined();
  });
});
