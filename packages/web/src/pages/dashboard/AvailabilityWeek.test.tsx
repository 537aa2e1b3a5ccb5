import {
  type Availability,
  addDays,
  compareDates,
  type DayPlan,
  formatDayWithWeekday,
  type PlanSlot,
} from '@parkhere/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client.ts';
import { wallClockNow } from '../../components/reservation/useWallClock.ts';
import { renderOnScreen } from '../../components/testing/renderOnScreen.tsx';
import { resetAfterEach } from '../../components/testing/resetAfterEach.ts';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { PreferencesProvider } from '../../preferences/preferences.tsx';
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

const planSlot = (name: string, status: PlanSlot['status'], planX: number): PlanSlot => ({
  __signedIdentifier: `signed-${name}`,
  __entityType: 'ParkHere::ParkingSlot',
  name,
  aggregaredName: `${name} / -1 (HQ Garage)`,
  floor: -1,
  garageName: 'HQ Garage',
  planX,
  planY: 20,
  status,
});

/** A day on HQ Garage's one plan: A-1 free, A-2 taken, A-3 not the user's. */
const dayPlanOf = (date: string, garages = true): DayPlan => ({
  date,
  startTime: '08:00:00',
  endTime: '16:00:00',
  timeZone: 'Europe/Budapest',
  refusal: null,
  garages: garages
    ? [
        {
          garage: 'signed-garage',
          garageName: 'HQ Garage',
          plans: [
            {
              floorPlan: 'plan-token',
              contentType: 'image/svg+xml',
              placed: [
                planSlot('A-1', 'FREE', 10),
                planSlot('A-2', 'TAKEN', 30),
                planSlot('A-3', 'NOT_OFFERED', 50),
              ],
              unplaced: [],
            },
          ],
          withoutPlan: [],
        },
      ]
    : [],
});

/** The server's answers: the week, and each day's plans (`garages`: whether the user has any). */
function answering(week: Availability, garages = true) {
  vi.mocked(api.get).mockImplementation(async (path: string) => {
    if (path.startsWith('/availability/day?')) {
      return dayPlanOf(new URLSearchParams(path.split('?')[1]).get('date') ?? '', garages);
    }
    return week;
  });
}

describe('the week view', () => {
  it('lists the days with their free slots and the booking, and a tap picks a working day', async () => {
    const week = thisWeek();
    answering(week, false);
    const onPick = vi.fn();
    const user = renderOnScreen(<AvailabilityWeek onPick={onPick} onPlanChoice={vi.fn()} />);
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

  it('offers the day on the floor plans where the user has plans, and a free slot there fills the form', async () => {
    const week = thisWeek();
    answering(week);
    const onPlanChoice = vi.fn();
    // The day view's hour fields read the interface's language, as the dashboard's form does.
    const user = renderOnScreen(
      <PreferencesProvider>
        <AvailabilityWeek onPick={vi.fn()} onPlanChoice={onPlanChoice} />
      </PreferencesProvider>,
    );
    const today = wallClockNow().date;
    const pickable = week.days.filter((day) => day.isWorkingDay && compareDates(day.date, today) >= 0);
    const [first] = pickable;
    if (first === undefined) {
      // A weekend: no day from today on to plan.
      return;
    }
    const plans = await screen.findAllByRole('button', { name: /^Plan: / });
    expect(plans).toHaveLength(pickable.length);
    expect(plans[0]?.getAttribute('aria-label')).toBe(`Plan: ${formatDayWithWeekday(first.date, 'en-US')}`);
    await user.click(plans[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', {
      name: `Floor plan: ${formatDayWithWeekday(first.date, 'en-US')}`,
    });
    const list = await within(dialog).findByRole('list', { name: 'Slots of HQ Garage' });
    expect(within(list).queryByRole('button', { name: 'Slot A-2, taken' })).toBeNull();
    expect(within(list).queryByRole('button', { name: 'Slot A-3, not for you' })).toBeNull();
    expect(list.textContent).toContain('Slot A-2, taken');
    expect(list.textContent).toContain('Slot A-3, not for you');
    await user.click(within(list).getByRole('button', { name: 'Slot A-1, free' }));
    expect(onPlanChoice).toHaveBeenCalledWith({
      date: first.date,
      startTime: '08:00:00',
      endTime: '16:00:00',
      slot: expect.objectContaining({ name: 'A-1', __signedIdentifier: 'signed-A-1' }),
    });
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      `The reservation form is set to ${formatDayWithWeekday(first.date, 'en-US')}, 08:00–16:00, slot A-1.`,
    );
  });

  it("offers nothing on the last day's plan while the next day's is on its way", async () => {
    // A Tuesday, so that the week has days from today on to plan.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T09:00:00+01:00'));
    try {
      const week = thisWeek();
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      vi.mocked(api.get).mockImplementation(async (path: string) => {
        if (!path.startsWith('/availability/day?')) {
          return week;
        }
        const date = new URLSearchParams(path.split('?')[1]).get('date') ?? '';
        if (date === '2026-12-02') {
          await held;
        }
        return dayPlanOf(date);
      });
      const onPlanChoice = vi.fn();
      const user = renderOnScreen(
        <PreferencesProvider>
          <AvailabilityWeek onPick={vi.fn()} onPlanChoice={onPlanChoice} />
        </PreferencesProvider>,
      );
      const [tuesday] = await screen.findAllByRole('button', { name: /^Plan: / });
      await user.click(tuesday as HTMLElement);
      const dialog = await screen.findByRole('dialog');
      const free = () =>
        within(within(dialog).getByRole('list', { name: 'Slots of HQ Garage' })).getByRole('button', {
          name: 'Slot A-1, free',
        });
      await vi.waitFor(() => expect(free()).toHaveProperty('disabled', false));
      await user.click(within(dialog).getByRole('button', { name: 'Next day' }));
      // Tuesday's plan stays in view, busy, with its free slot no longer offered.
      await vi.waitFor(() => expect(free()).toHaveProperty('disabled', true));
      expect(within(dialog).getByTestId('day-plan').getAttribute('data-date')).toBe('2026-12-01');
      expect(within(dialog).getByTestId('day-plan').getAttribute('aria-busy')).toBe('true');
      release();
      await vi.waitFor(() =>
        expect(within(dialog).getByTestId('day-plan').getAttribute('data-date')).toBe('2026-12-02'),
      );
      await user.click(free());
      expect(onPlanChoice).toHaveBeenCalledTimes(1);
      expect(onPlanChoice).toHaveBeenCalledWith(expect.objectContaining({ date: '2026-12-02' }));
    } finally {
      vi.useRealTimers();
    }
  });

  it("offers no plan where none of the user's garages has one", async () => {
    answering(thisWeek(), false);
    renderOnScreen(<AvailabilityWeek onPick={vi.fn()} onPlanChoice={vi.fn()} />);
    await screen.findAllByTestId('availability-day');
    await vi.waitFor(() =>
      expect(
        vi.mocked(api.get).mock.calls.some(([path]) => String(path).startsWith('/availability/day?')),
      ).toBe(true),
    );
    expect(screen.queryByRole('button', { name: /^Plan: / })).toBeNull();
  });

  it('says so when the days cannot be read', async () => {
    vi.mocked(api.get).mockRejectedValue(new Error('offline'));
    renderOnScreen(<AvailabilityWeek onPick={vi.fn()} onPlanChoice={vi.fn()} />);
    expect(await screen.findByText('The free slots could not be read.')).toBeDefined();
  });
});
