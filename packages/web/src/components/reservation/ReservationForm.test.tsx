import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { reportError } from '../../api/client.ts';
import { operation, type Row } from '../../api/model.ts';
import { ApiError } from '../../errors/apiError.ts';
import { renderOnScreen } from '../testing/renderOnScreen.tsx';
import { initEnglishTranslations } from '../testing/translationsForTests.ts';
import { ReservationForm } from './ReservationForm.tsx';

/** What the server answers in a test: the `ReservationInput ~template`, the free slots and the user's garages. */
const server = vi.hoisted(() => ({
  template: { date: '2026-11-24' } as Record<string, unknown>,
  slots: [] as Record<string, unknown>[],
  /** Until it settles, the free slots are not answered (a slow server). */
  slotsHeld: null as Promise<void> | null,
  garages: [] as Record<string, unknown>[],
  /** The user's own reservations per day, as `GET /api/availability` answers them in `mine`. */
  mine: {} as Record<
    string,
    { slotName: string; startTime: string; endTime: string; guestName: string | null }[]
  >,
}));

vi.mock('../../api/client.ts', async (original) => ({
  ...(await original<typeof import('../../api/client.ts')>()),
  reportError: vi.fn(),
  api: {
    get: vi.fn(async (path: string) => {
      const query = new URLSearchParams(path.split('?')[1]);
      const date = query.get('from') ?? '';
      const nothing = { onHoliday: false, waitlistPosition: null, drawRequest: false, assignedSlot: null };
      const reservations = (server.mine[date] ?? []).map((one) => ({ ...one, reservationType: 'NORMAL' }));
      return {
        from: date,
        to: query.get('to'),
        startTime: '08:00:00',
        endTime: '16:00:00',
        timeZone: 'Europe/Budapest',
        days: [{ date, isWorkingDay: true, freeSlots: 1, totalSlots: 1, mine: { ...nothing, reservations } }],
      };
    }),
    post: vi.fn(),
    send: vi.fn(),
  },
}));

vi.mock('../../api/model.ts', async (original) => ({
  ...(await original<typeof import('../../api/model.ts')>()),
  template: vi.fn(async () => server.template),
  range: vi.fn(async (_type: string, relation: string): Promise<Row[]> => {
    if (relation === 'parkingSlot') {
      await server.slotsHeld;
      return server.slots;
    }
    if (relation === 'parkingGarage') {
      return server.garages;
    }
    if (relation !== 'user') {
      return [];
    }
    return [
      {
        __signedIdentifier: 'signed-user',
        __entityType: 'UserForInput',
        name: 'User',
        email: 'user@parkhere.example',
        isNormalReservation: true,
        isQuickReservation: false,
        isGuestReservation: false,
        isLongReservation: false,
        startOfWorkingTime: '08:00:00',
        endOfWorkingTime: '16:00:00',
      },
    ];
  }),
  operation: vi.fn(),
}));

// Tuesday 2026-11-24 in Budapest: the form's "today" is pinned, whatever the machine's date.
vi.mock('./useWallClock.ts', () => ({ useWallClock: () => ({ date: '2026-11-24', time: '09:00:00' }) }));

beforeAll(initEnglishTranslations);

afterEach(() => {
  cleanup();
  server.template = { date: '2026-11-24' };
  server.slots = [];
  server.slotsHeld = null;
  server.garages = [];
  server.mine = {};
  vi.mocked(operation).mockReset();
  vi.mocked(reportError).mockReset();
});

// The date picker's first opening and its month slide take seconds on a loaded machine (see AppShell.test.tsx).
const SLOW = { timeout: 30_000 };

/** The user's form, as they open it; the user's events on it. */
function renderForm() {
  return renderOnScreen(<ReservationForm isAdmin={false} principalEmail="user@parkhere.example" />);
}

/** The December days the user's date picker offers, opened from the form as a user opens it. */
async function decemberDays(): Promise<{ enabled: (day: number) => boolean }> {
  const user = renderForm();
  // The form fills in the user's date once the template and the user range have answered.
  await screen.findByRole('button', { name: /choose date, selected date is nov 24, 2026/i }, SLOW);
  await user.click(screen.getByRole('button', { name: /choose date/i }));
  const dialog = await screen.findByRole('dialog', {}, SLOW);
  await user.click(within(dialog).getByRole('button', { name: /next month/i }));
  // November slides out while December slides in: the days are read once only December is shown.
  await waitFor(() => expect(within(dialog).getAllByRole('gridcell', { name: '24' })).toHaveLength(1), SLOW);
  expect(within(dialog).getByText(/december 2026/i)).toBeTruthy();
  return {
    enabled: (day: number) => {
      const cell = within(dialog).getByRole('gridcell', { name: String(day) });
      return !cell.hasAttribute('disabled');
    },
  };
}

describe('reservation form date maximum', () => {
  it.each([
    { configured: 21, lastOffered: 15 },
    { configured: 7, lastOffered: 1 },
  ])(
    'a user is offered NORMAL days up to the configured $configured days ahead',
    async ({ configured, lastOffered }) => {
      server.template = { date: '2026-11-24', maxDaysInAdvance: configured };
      const days = await decemberDays();
      expect(days.enabled(lastOffered)).toBe(true);
      expect(days.enabled(lastOffered + 1)).toBe(false);
    },
  );

  it('keeps the default 14 days when the template says nothing', async () => {
    const days = await decemberDays();
    expect(days.enabled(8)).toBe(true);
    expect(days.enabled(9)).toBe(false);
  });
});

describe('reservation form horizon hint', () => {
  it('says under the date how many days ahead the user may book: their group’s horizon where it is longer', async () => {
    server.template = { date: '2026-11-24', maxDaysInAdvance: 30 };
    renderForm();
    await screen.findByRole('button', { name: /choose date, selected date is nov 24, 2026/i }, SLOW);
    expect(await screen.findByText('You may book up to 30 days ahead.', {}, SLOW)).toBeTruthy();
  });

  it('says nothing of a horizon to an administrator, who has none', async () => {
    server.template = { date: '2026-11-24', maxDaysInAdvance: 30 };
    renderOnScreen(<ReservationForm isAdmin principalEmail="user@parkhere.example" />);
    await screen.findByRole('button', { name: /choose date, selected date is nov 24, 2026/i }, SLOW);
    expect(screen.queryByText(/days ahead/)).toBeNull();
  });
});

describe('reservation form working days', () => {
  it('offers the additional working days administrators enter and withholds their days off', async () => {
    // 2026-12-05 is a Saturday made a working day, 2026-12-07 a Monday made a day off.
    server.template = { date: '2026-11-24', additionalDays: '2026-12-05 WORK,2026-12-07 HOLIDAY' };
    const days = await decemberDays();
    expect(days.enabled(5)).toBe(true);
    expect(days.enabled(6)).toBe(false);
    expect(days.enabled(7)).toBe(false);
    expect(days.enabled(8)).toBe(true);
  });
});

describe('reservation form waitlist offer', () => {
  const north = { __signedIdentifier: 'signed-north', __entityType: 'ParkingGarage', name: 'North' };

  it('offers the waitlist when no slot is free and joins it for exactly the request, in the chosen garage', async () => {
    server.garages = [
      north,
      { __signedIdentifier: 'signed-south', __entityType: 'ParkingGarage', name: 'South' },
    ];
    vi.mocked(operation).mockResolvedValue({ __signedIdentifier: 'signed-entry', position: 2 });
    const user = renderForm();
    const join = await screen.findByRole('button', { name: 'Join the waitlist' }, SLOW);
    expect(screen.getByText(/no parking slot is free for this date, time and type/i)).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Wait for a slot in' }));
    await user.click(await screen.findByRole('option', { name: 'North' }));
    await user.click(join);
    await waitFor(() => expect(operation).toHaveBeenCalledTimes(1));
    const [type, name, body, boundTo, options] = vi.mocked(operation).mock.calls[0] ?? [];
    expect([type, name, boundTo, options]).toEqual([
      'UserReservationPanel',
      'joinWaitlist',
      undefined,
      { handleErrors: false },
    ]);
    expect(body).toMatchObject({
      reservationType: 'NORMAL',
      date: '2026-11-24',
      startTime: '09:03:00',
      endTime: '16:00:00',
      parkingSlot: null,
      parkingGarage: { __signedIdentifier: 'signed-north' },
      user: { __signedIdentifier: 'signed-user' },
    });
  });

  it('waits in any of the user’s garages unless one is chosen', async () => {
    server.garages = [north];
    vi.mocked(operation).mockResolvedValue({ position: 1 });
    const user = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Join the waitlist' }, SLOW));
    await waitFor(() => expect(operation).toHaveBeenCalledTimes(1));
    expect(vi.mocked(operation).mock.calls[0]?.[2]).toMatchObject({
      parkingGarage: null,
      parkingSlot: null,
    });
  });

  it('offers the slot the server found free after all instead of the waitlist', async () => {
    const slot = {
      __signedIdentifier: 'signed-slot',
      __entityType: 'ParkingSlot',
      aggregaredName: 'North / -1 / 12',
    };
    server.garages = [north];
    // The slot was freed after the form asked: the join is refused, and the slots asked again include it.
    vi.mocked(operation).mockImplementation(async () => {
      server.slots = [slot];
      throw new ApiError(422, { code: 'SLOT_AVAILABLE', details: { nextFreeSlot: slot } });
    });
    const user = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Join the waitlist' }, SLOW));
    const take = await screen.findByRole('button', { name: 'Take North / -1 / 12' }, SLOW);
    expect(screen.getByText('A parking slot is free for this time after all.')).toBeTruthy();
    await user.click(take);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Take North / -1 / 12' })).toBeNull());
    expect((screen.getByRole('combobox', { name: /parking slot/i }) as HTMLInputElement).value).toBe(
      'North / -1 / 12',
    );
  });

  it('turns the offer into the user’s place in line once joined: "You are 1st in line"', async () => {
    server.garages = [north];
    vi.mocked(operation).mockResolvedValue({ __signedIdentifier: 'signed-entry', position: 1 });
    const user = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Join the waitlist' }, SLOW));
    const joined = await screen.findByTestId('waitlist-joined', {}, SLOW);
    expect(joined.textContent).toMatch(/^You are 1st in line\. /);
    expect(joined.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).toBeNull();
  });

  it('clears a slot lost to someone else and offers the waitlist at once when it was the last', async () => {
    server.slots = [slot('A-103', 'HQ Garage', -1)];
    server.garages = [north];
    // Another user took the slot between the form's answer and Reserve: the slots asked again are none.
    vi.mocked(operation).mockImplementation(async () => {
      server.slots = [];
      throw new ApiError(409, { code: 'SLOT_ALREADY_RESERVED', details: { nextFreeSlot: null } });
    });
    const user = renderForm();
    const field = await screen.findByRole('combobox', { name: /parking slot/i }, SLOW);
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: /A-103/ }));
    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    expect(await screen.findByRole('button', { name: 'Join the waitlist' }, SLOW)).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
    expect(operation).toHaveBeenCalledTimes(1);
  });

  it('offers no waitlist while a slot is free', async () => {
    server.slots = [
      { __signedIdentifier: 'signed-slot', __entityType: 'ParkingSlot', aggregaredName: 'A-1' },
    ];
    renderForm();
    await screen.findByRole('button', { name: /choose date, selected date is nov 24, 2026/i }, SLOW);
    const { range } = await import('../../api/model.ts');
    await waitFor(() =>
      expect(vi.mocked(range).mock.calls.some(([, relation]) => relation === 'parkingSlot')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText(/no free parking slot/i)).toBeNull());
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).toBeNull();
  });
});

describe('reservation form reminder', () => {
  it('offers the reminder as minutes before the start and sends the time-typed duration', async () => {
    server.slots = [
      { __signedIdentifier: 'signed-slot', __entityType: 'ParkingSlot', aggregaredName: 'A-1' },
    ];
    vi.mocked(operation).mockResolvedValue([]);
    const user = renderForm();
    const reminder = await screen.findByRole('combobox', { name: 'Reminder e-mail' }, SLOW);
    // The defaults come in once the template and the user range have answered.
    await waitFor(() => expect(reminder.textContent).toBe('15 minutes before'), SLOW);
    await user.click(reminder);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'When it starts',
      '5 minutes before',
      '10 minutes before',
      '15 minutes before',
      '30 minutes before',
      '60 minutes before',
    ]);
    await user.click(screen.getByRole('option', { name: '30 minutes before' }));
    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(operation).toHaveBeenCalledTimes(1));
    expect(vi.mocked(operation).mock.calls[0]?.[2]).toMatchObject({
      reminderBeforeReservation: '00:30:00',
    });
  });
});

const slot = (name: string, garageName: string, floor: number, extra: Record<string, unknown> = {}) => ({
  __signedIdentifier: `signed-${name}`,
  __entityType: 'ParkingSlot',
  name,
  floor,
  garageName,
  aggregaredName: `${name} / ${floor} (${garageName})`,
  ...extra,
});

describe('reservation form parking-slot picker', () => {
  it('groups the free slots by garage and floor, says next-to-wall and exclusive before choosing, and searches', async () => {
    server.slots = [
      slot('B-003', 'Riverside Garage', 0),
      slot('A-104', 'HQ Garage', -1, { nextToWall: true }),
      slot('A-102', 'HQ Garage', -1, { isExclusive: true }),
      slot('A-201', 'HQ Garage', -2),
    ];
    const user = renderForm();
    const field = await screen.findByRole('combobox', { name: /parking slot/i }, SLOW);
    await user.click(field);
    const list = await screen.findByRole('listbox');
    expect(within(list).getByText('HQ Garage, floor -1')).toBeTruthy();
    expect(within(list).getByText('HQ Garage, floor -2')).toBeTruthy();
    expect(within(list).getByText('Riverside Garage, floor 0')).toBeTruthy();
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'A-102 / -1 (HQ Garage)Exclusive',
      'A-104 / -1 (HQ Garage)Next to a wall',
      'A-201 / -2 (HQ Garage)',
      'B-003 / 0 (Riverside Garage)',
    ]);
    await user.clear(field);
    await user.type(field, 'Riverside');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await user.click(screen.getByRole('option', { name: /B-003/ }));
    expect((field as HTMLInputElement).value).toBe('B-003 / 0 (Riverside Garage)');
  });

  it('offers the chosen slot’s floor plan only where one is stored', async () => {
    server.slots = [
      slot('A-103', 'HQ Garage', -1, { floorPlan: 'plan-token' }),
      slot('A-105', 'HQ Garage', -1),
    ];
    const user = renderForm();
    const field = await screen.findByRole('combobox', { name: /parking slot/i }, SLOW);
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: /A-105/ }));
    expect(screen.queryByRole('button', { name: 'Show the floor plan' })).toBeNull();
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: /A-103/ }));
    expect(await screen.findByRole('button', { name: 'Show the floor plan' })).toBeTruthy();
  });
});

describe('reservation form without garage access', () => {
  it('says the user has no garage and whom to ask, not that every slot is taken, and offers no waitlist', async () => {
    server.template = { date: '2026-11-24', contactEmail: 'facilities@parkhere.example' };
    renderForm();
    expect(
      await screen.findByText(
        'You have no access to any garage, so there is no slot to choose. Ask an administrator (facilities@parkhere.example) to grant you access.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/no free parking slot/i)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).toBeNull();
  });
});

describe('reservation form on a holiday the server knows of', () => {
  it('asks "Book it anyway" when the server refuses the day, and sends the confirmation with the next Reserve', async () => {
    server.slots = [slot('A-103', 'HQ Garage', -1)];
    vi.mocked(operation)
      .mockRejectedValueOnce(
        new ApiError(422, {
          code: 'ON_HOLIDAY',
          details: { startDate: '2026-11-24', endDate: '2026-11-25' },
        }),
      )
      .mockResolvedValueOnce([]);
    const user = renderForm();
    const field = await screen.findByRole('combobox', { name: /parking slot/i }, SLOW);
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: /A-103/ }));
    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    const confirm = await screen.findByRole('checkbox', { name: 'Book it anyway' }, SLOW);
    expect(screen.getByText(/You are on holiday from 24 Nov 2026 to 25 Nov 2026\./)).toBeTruthy();
    expect(vi.mocked(operation).mock.calls[0]?.[2]).toMatchObject({ confirmHoliday: false });
    expect((screen.getByRole('button', { name: 'Reserve' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(operation).toHaveBeenCalledTimes(2));
    expect(vi.mocked(operation).mock.calls[1]?.[2]).toMatchObject({ confirmHoliday: true });
  });
});

describe('reservation form on a day in the fair draw', () => {
  // Friday 2026-11-27: its draw's cut-off is Wednesday 14:00, after the form's Tuesday 09:00.
  const drawing = { drawEnabled: true, drawCutoffTime: '14:00:00', drawCutoffWorkingDaysBefore: 2 };

  it('says the day is in the draw and requests a slot in it instead of booking', async () => {
    server.template = { date: '2026-11-27' };
    server.slots = [slot('A-103', 'HQ Garage', -1, drawing)];
    vi.mocked(operation).mockResolvedValue([{ __signedIdentifier: 'signed-request' }]);
    // The dashboard hands what was requested to the panel, whose line of it takes focus.
    const requested = vi.fn();
    const user = renderOnScreen(
      <ReservationForm isAdmin={false} principalEmail="user@parkhere.example" onRequested={requested} />,
    );
    const field = await screen.findByRole('combobox', { name: /parking slot/i }, SLOW);
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: /A-103/ }));
    const note = await screen.findByRole('status');
    expect(note.textContent).toMatch(/This day is in the fair draw of HQ Garage/);
    // The note says where the draw is explained.
    expect(within(note).getByRole('link', { name: 'How the draw works' }).getAttribute('href')).toBe(
      '/Services/Actor/DrawRequests/HowItWorks',
    );
    expect(screen.queryByRole('button', { name: 'Reserve' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Request in the draw' }));
    await waitFor(() => expect(operation).toHaveBeenCalledTimes(1));
    const [type, name, body] = vi.mocked(operation).mock.calls[0] ?? [];
    expect([type, name]).toEqual(['UserReservationPanel', 'requestDraw']);
    expect(body).toMatchObject({ date: '2026-11-27', parkingSlot: { __signedIdentifier: 'signed-A-103' } });
    await waitFor(() => expect(requested).toHaveBeenCalledWith([{ __signedIdentifier: 'signed-request' }]));
  });

  it('books as before once the cut-off passed or where the garage does not draw', async () => {
    server.template = { date: '2026-11-25' };
    server.slots = [slot('A-103', 'HQ Garage', -1, drawing), slot('B-003', 'Riverside Garage', 0)];
    vi.mocked(operation).mockResolvedValue([]);
    const user = renderForm();
    const field = await screen.findByRole('combobox', { name: /parking slot/i }, SLOW);
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: /A-103/ }));
    expect(screen.queryByTestId('draw-day')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(operation).toHaveBeenCalledTimes(1));
    expect(vi.mocked(operation).mock.calls[0]?.[1]).toBe('reservation');
  });
});

describe('reservation form weekly pattern', () => {
  /** The user's form with slot A-103 chosen. */
  const formOnA103 = async () => {
    const user = renderForm();
    await user.click(await screen.findByRole('combobox', { name: /parking slot/i }, SLOW));
    await user.click(await screen.findByRole('option', { name: /A-103/ }));
    return user;
  };

  it('repeats on the chosen weekdays until the horizon and shows the days booked and skipped with why', async () => {
    server.slots = [slot('A-103', 'HQ Garage', -1)];
    vi.mocked(operation).mockResolvedValue({
      reservations: [{ date: '2026-11-24' }, { date: '2026-12-03' }],
      drawRequests: [],
      skippedDays: [{ date: '2026-11-26', code: 'SLOT_ALREADY_RESERVED' }],
    });
    const user = await formOnA103();
    await user.click(await screen.findByRole('checkbox', { name: 'Repeat weekly' }, SLOW));
    const days = await screen.findByRole('group', { name: 'On these days' }, SLOW);
    await user.click(within(days).getByRole('checkbox', { name: 'Thu' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Tue' }));
    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(operation).toHaveBeenCalledTimes(1));
    const [type, name, body] = vi.mocked(operation).mock.calls[0] ?? [];
    expect([type, name]).toEqual(['UserReservationPanel', 'repeatReservation']);
    // The weekdays in the week's order; the end is the horizon (14 days from the form's Tuesday 24 November).
    expect(body).toMatchObject({
      reservationType: 'NORMAL',
      date: '2026-11-24',
      repeatWeekdays: 'TU,TH',
      repeatUntil: '2026-12-08',
    });
    const answer = await screen.findByTestId('pattern-answer', {}, SLOW);
    expect(answer.textContent).toMatch(/Booked: Tue, 24 Nov 2026, Thu, 3 Dec 2026\./);
    const skipped = within(answer).getByRole('list', { name: 'Skipped days' });
    expect(skipped.textContent).toMatch(/Thu, 26 Nov 2026: /);
    expect(skipped.textContent).not.toMatch(/SLOT_ALREADY_RESERVED/);
  });

  it('books a single reservation once the repeat is turned off again', async () => {
    server.slots = [slot('A-103', 'HQ Garage', -1)];
    vi.mocked(operation).mockResolvedValue([]);
    const user = await formOnA103();
    const repeat = await screen.findByRole('checkbox', { name: 'Repeat weekly' }, SLOW);
    await user.click(repeat);
    await user.click(
      within(screen.getByRole('group', { name: 'On these days' })).getByRole('checkbox', { name: 'Wed' }),
    );
    await user.click(repeat);
    expect(screen.queryByRole('group', { name: 'On these days' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(operation).toHaveBeenCalledTimes(1));
    const [, name, body] = vi.mocked(operation).mock.calls[0] ?? [];
    expect(name).toBe('reservation');
    expect(body).not.toHaveProperty('repeatWeekdays');
  });
});

/** One of the user's reservations of a day as `mine` lists it: a Riverside slot, its times, a guest's name. */
const mine = (name: string, startTime: string, endTime: string, guestName: string | null = null) => ({
  slotName: `${name} / 0 (Riverside Garage)`,
  startTime,
  endTime,
  guestName,
});

describe('reservation form over the user’s own reservation', () => {
  it('says so as soon as the date is picked, before Reserve, from the days’ own reservations', async () => {
    server.slots = [slot('A-103', 'HQ Garage', -1)];
    server.mine = { '2026-11-24': [mine('B-003', '08:00:00', '12:00:00')] };
    renderForm();
    const note = await screen.findByTestId('own-overlap', {}, SLOW);
    expect(note.textContent).toBe(
      'You already have a reservation at B-003 / 0 (Riverside Garage) on Tue, 24 Nov 2026, 08:00–12:00. Change or cancel that one, or choose another time.',
    );
    expect(operation).not.toHaveBeenCalled();
  });

  it('says nothing where the user’s reservation that day does not overlap, nor for a guest’s', async () => {
    server.slots = [slot('A-103', 'HQ Garage', -1)];
    server.mine = {
      '2026-11-24': [mine('B-003', '07:00:00', '09:00:00'), mine('B-004', '09:00:00', '12:00:00', 'Guest')],
    };
    renderForm();
    await screen.findByRole('combobox', { name: /parking slot/i }, SLOW);
    const { api } = await import('../../api/client.ts');
    await waitFor(() => expect(api.get).toHaveBeenCalled(), SLOW);
    expect(screen.queryByTestId('own-overlap')).toBeNull();
  });
});

describe('reservation form at the user’s quota', () => {
  it('says the limit as a sentence beside Reserve, not as an error dialog or toast', async () => {
    server.slots = [slot('A-103', 'HQ Garage', -1)];
    vi.mocked(operation).mockRejectedValue(
      new ApiError(422, {
        'ParkHere::BusinessError': {
          errorCode: 'TOO_MANY_RESERVATION',
          message: 'At most 5 upcoming NORMAL',
        },
        code: 'TOO_MANY_RESERVATION',
        details: { max: 5, reservationType: 'NORMAL' },
      }),
    );
    const user = renderForm();
    await user.click(await screen.findByRole('combobox', { name: /parking slot/i }, SLOW));
    await user.click(await screen.findByRole('option', { name: /A-103/ }));
    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    const note = await screen.findByTestId('quota', {}, SLOW);
    expect(note.textContent).toBe('You can hold at most 5 upcoming normal reservations.');
    expect(vi.mocked(reportError)).not.toHaveBeenCalled();
  });
});

describe('reservation form validation messages', () => {
  it('name the last day one may book from the server’s details, in the reader’s format', async () => {
    server.slots = [slot('A-103', 'HQ Garage', -1)];
    vi.mocked(operation).mockRejectedValue(
      new ApiError(400, [
        { code: 'DATE_TOO_FAR_AHEAD', level: 'ERROR', location: 'date', details: { max: '2026-12-12' } },
      ]),
    );
    const user = renderForm();
    await user.click(await screen.findByRole('combobox', { name: /parking slot/i }, SLOW));
    await user.click(await screen.findByRole('option', { name: /A-103/ }));
    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    expect(
      await screen.findByText('This date is too far ahead: you may book up to 12 Dec 2026.', {}, SLOW),
    ).toBeTruthy();
  });
});

describe('reservation form time typed by hand', () => {
  it('refuses 24:00 instead of taking it as 04:00', async () => {
    server.slots = [slot('A-103', 'HQ Garage', -1)];
    vi.mocked(operation).mockResolvedValue([]);
    const user = renderForm();
    const start = await screen.findByRole('group', { name: 'Start time' }, SLOW);
    const hours = () => within(start).getByRole('spinbutton', { name: 'Hours' });
    await waitFor(() => expect(hours().textContent).toBe('09'), SLOW);
    await user.click(hours());
    await user.keyboard('2400');
    expect(
      await screen.findByText(
        'The hours go from 00 to 23: 24:00 is not a time. Type the time again.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(hours().textContent).not.toBe('04');
    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    expect(
      vi.mocked(operation).mock.calls.map((call) => (call[2] as { startTime?: string })?.startTime),
    ).not.toContain('04:00:00');
  });
});

describe('reservation form defaults arriving late', () => {
  it('keeps what the user chose before the defaults came and fills in the rest', async () => {
    const { template } = await import('../../api/model.ts');
    let answer: (value: Record<string, unknown>) => void = () => {};
    vi.mocked(template).mockImplementationOnce(
      () => new Promise<Record<string, unknown>>((resolve) => (answer = resolve)),
    );
    const user = renderForm();
    const reminder = await screen.findByRole('combobox', { name: 'Reminder e-mail' }, SLOW);
    await user.click(reminder);
    await user.click(await screen.findByRole('option', { name: '30 minutes before' }));
    answer(server.template);
    // The defaults are in (the user's date), and the reminder chosen before them stays.
    await screen.findByRole('button', { name: /choose date, selected date is nov 24, 2026/i }, SLOW);
    expect(reminder.textContent).toBe('30 minutes before');
  });
});

describe('reservation form slots of a changed time', () => {
  /**
   * The form at 09:00 with A-103 free and its slot list open; `changeHour` types the hours anew (10:00), for which
   * only B-201 is free.
   */
  const openAtNine = async () => {
    server.slots = [slot('A-103', 'HQ Garage', -1)];
    const user = renderForm();
    const start = await screen.findByRole('group', { name: 'Start time' }, SLOW);
    const hours = () => within(start).getByRole('spinbutton', { name: 'Hours' });
    await waitFor(() => expect(hours().textContent).toBe('09'), SLOW);
    const field = screen.getByRole('combobox', { name: 'Parking slot' });
    await user.click(field);
    const changeHour = async () => {
      server.slots = [slot('B-201', 'HQ Garage', 2)];
      await user.click(hours());
      await user.keyboard('10');
      await waitFor(() => expect(hours().textContent).toBe('10'));
    };
    return { user, field: field as HTMLInputElement, changeHour };
  };

  it('offers no slot of the last time while the new time’s free slots are on their way', async () => {
    const { user, field, changeHour } = await openAtNine();
    expect(await screen.findByRole('option', { name: /A-103/ }, SLOW)).toBeTruthy();
    await user.keyboard('{Escape}');

    let answer = () => {};
    server.slotsHeld = new Promise<void>((resolve) => (answer = resolve));
    await changeHour();
    await user.click(field);
    expect(await screen.findByText('Finding the slots free at this time…')).toBeTruthy();
    expect(screen.queryByRole('option')).toBeNull();
    answer();
    expect(await screen.findByRole('option', { name: /B-201/ }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('option', { name: /A-103/ })).toBeNull();
  });

  it('says so when the slot chosen is not free at the new time, until another is chosen', async () => {
    const { user, field, changeHour } = await openAtNine();
    await user.click(await screen.findByRole('option', { name: /A-103/ }, SLOW));
    expect(field.value).toContain('A-103');

    await changeHour();
    const note = 'A-103 / -1 (HQ Garage) is not free at this time; choose another.';
    expect(await screen.findByText(note, {}, SLOW)).toBeTruthy();
    expect(field.value).toBe('');
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: /B-201/ }, SLOW));
    await waitFor(() => expect(screen.queryByText(note)).toBeNull());
  });
});
