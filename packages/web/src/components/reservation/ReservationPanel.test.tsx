import { useQueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListSource, Row } from '../../api/model.ts';
import { operation } from '../../api/model.ts';
import { ofType } from '../../api/queryKeys.ts';
import { toast } from '../../feedback/toast.ts';
import { saveEditDialog } from '../testing/editDialog.ts';
import { expectOperationOn } from '../testing/operationCalls.ts';
import { renderOnScreen } from '../testing/renderOnScreen.tsx';
import { checkInReservation } from '../testing/reservationRows.ts';
import { resetAfterEach } from '../testing/resetAfterEach.ts';
import { initEnglishTranslations } from '../testing/translationsForTests.ts';
import { ReservationPanel } from './ReservationPanel.tsx';

/** What the user's panel relations hold in a test, by relation name. */
const server = vi.hoisted(() => ({ relations: {} as Record<string, Row[]> }));

vi.mock('../../api/model.ts', async (original) => ({
  ...(await original<typeof import('../../api/model.ts')>()),
  getAccessPoint: vi.fn(async () => ({ __signedIdentifier: 'signed-panel', holidayImage: null })),
  list: vi.fn(async (source: ListSource) => ({
    items: source.kind === 'relation' ? (server.relations[source.relation] ?? []) : [],
    total: null,
  })),
  operation: vi.fn(async () => undefined),
  // The form's setup, whose template carries the working calendar the cut-offs are counted in.
  range: vi.fn(async () => []),
  template: vi.fn(async () => null),
}));
vi.mock('../../feedback/toast.ts', () => ({ toast: { success: vi.fn(), warning: vi.fn(), error: vi.fn() } }));

beforeAll(initEnglishTranslations);

resetAfterEach(vi.mocked(operation), vi.mocked(toast.success));

/** The operations the panel called, each with the signed identifier of the row it was bound to. */
const operationsCalled = () =>
  vi.mocked(operation).mock.calls.map((call) => [call[1], (call[3] as Row).__signedIdentifier]);

const openWindow: Row = {
  __signedIdentifier: 'signed-reservation',
  ...checkInReservation,
  isNotCancelable: false,
  isNotDeletable: true,
  currentTime: '08:50:00',
  isCheckInOpen: true,
};

const waiting: Row = {
  __signedIdentifier: 'signed-entry',
  date: '2026-11-25',
  startTime: '08:00:00',
  endTime: '16:00:00',
  reservationType: 'NORMAL',
  waitlistStatus: 'WAITING',
  position: 2,
  parkingGarageName: null,
};

/** A draw request of 09:00–17:00 in HQ Garage, as the panel's drawRequests relation lists it. */
const drawRequest = (signed: string, date: string, drawStatus: string, extra: Row = {}): Row => ({
  __signedIdentifier: signed,
  date,
  startTime: '09:00:00',
  endTime: '17:00:00',
  reservationType: 'NORMAL',
  parkingGarageName: 'HQ Garage',
  preferredSlotName: null,
  drawStatus,
  drawCutoffTime: '14:00:00',
  drawCutoffWorkingDaysBefore: 2,
  ...extra,
});

function renderPanel() {
  return renderOnScreen(<ReservationPanel />);
}

describe('the user reservation panel', () => {
  it('checks in from the card, says so, and shows the check-in the server answers next', async () => {
    server.relations = { activeReservations: [openWindow] };
    vi.mocked(operation).mockImplementation(async () => {
      server.relations = {
        activeReservations: [
          {
            ...openWindow,
            isCheckInOpen: false,
            checkedInAt: new Date(2026, 10, 24, 8, 52).toISOString(),
            checkedInTime: '08:52:00',
          },
        ],
      };
      return undefined;
    });
    const user = renderPanel();
    await user.click(
      await screen.findByRole('button', { name: "I'm here: reservation of Tue, 24 Nov 2026" }),
    );
    expectOperationOn('UserReservation', 'checkIn', 'signed-reservation');
    expect(await screen.findByText('Checked in at 08:52')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('You are checked in. Welcome!');
    expect(screen.queryByRole('button', { name: /^I'm here/ })).toBeNull();
  });

  it('says in the previous reservations when a no-show was released and when one was checked in', async () => {
    const past = { ...openWindow, isCheckInOpen: false, currentTime: null, isNotDeletable: true };
    server.relations = {
      previousReservation: [
        { ...past, __signedIdentifier: 'signed-no-show', reservationStatus: 'NO_SHOW' },
        {
          ...past,
          __signedIdentifier: 'signed-checked-in',
          date: '2026-11-23',
          reservationStatus: 'EXPIRED',
          checkedInAt: new Date(2026, 10, 23, 8, 52).toISOString(),
          checkedInTime: '08:52:00',
        },
        { ...past, __signedIdentifier: 'signed-expired', date: '2026-11-20', reservationStatus: 'EXPIRED' },
      ],
    };
    renderPanel();
    const table = await screen.findByRole('region', { name: 'My Previous Reservations' });
    expect(await within(table).findByText('No-show · Released: no check-in by 09:30')).toBeTruthy();
    expect(within(table).getByText('Expired · Checked in at 08:52')).toBeTruthy();
    // An unchecked past reservation of a check-in garage was not asked to check in any more.
    expect(within(table).getByText('Expired')).toBeTruthy();
    expect(within(table).queryByText(/Check in between/)).toBeNull();
  });

  it('lists the waitlist with its position and leaves an entry after confirming', async () => {
    server.relations = { waitlist: [waiting] };
    vi.mocked(operation).mockImplementation(async () => {
      server.relations = { waitlist: [] };
      return undefined;
    });
    const user = renderPanel();
    const section = await screen.findByRole('region', { name: 'My waitlist' });
    expect(within(section).getByText('2nd in line')).toBeTruthy();
    expect(within(section).getByText('Any of your garages')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: /^Leave/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Do you really want to leave the waitlist for this time?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expectOperationOn('WaitlistEntry', 'leaveWaitlist', 'signed-entry'));
    expect(toast.success).toHaveBeenCalledWith('You have left the waitlist.');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'My waitlist' })).toBeNull());
  });

  it('lists the draw requests with what became of each, and withdraws a pending one until its cut-off', async () => {
    // Tuesday 1 December 2026, 09:00 in Budapest: the 9th's cut-off (14:00 two working days before) is the 7th,
    // the 2nd's was Monday the 30th.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T09:00:00+01:00'));
    server.relations = {
      drawRequests: [
        drawRequest('signed-pending', '2026-12-09', 'PENDING'),
        drawRequest('signed-deciding', '2026-12-02', 'PENDING'),
        drawRequest('signed-won', '2026-11-27', 'WON', { parkingSlotInformation: 'A-103 (HQ Garage)' }),
        drawRequest('signed-waiting', '2026-11-26', 'LOST', {
          waitlistStatus: 'WAITING',
          waitlistPosition: 2,
        }),
        drawRequest('signed-lost', '2026-11-25', 'LOST'),
      ],
    };
    try {
      const user = renderPanel();
      const section = await screen.findByRole('region', { name: 'My draw requests' });
      expect(within(section).getByRole('link', { name: 'How the draw works' }).getAttribute('href')).toBe(
        '/Services/Actor/DrawRequests/HowItWorks',
      );
      const items = within(section).getAllByTestId('draw-request');
      expect(items.map((item) => within(item).getByText(/^(Pending|Won|Not drawn)$/).textContent)).toEqual([
        'Pending',
        'Pending',
        'Won',
        'Not drawn',
        'Not drawn',
      ]);
      expect(items.map((item) => within(item).getByTestId('draw-outcome').textContent)).toEqual([
        'Withdraw until Mon, 7 Dec 2026 14:00',
        'The cut-off has passed: the draw is deciding, so it can no longer be withdrawn.',
        'Your slot: A-103 (HQ Garage). To give it back, cancel the reservation.',
        'On the waitlist in draw order: 2nd in line.',
        "This day could not go on the waitlist (a long reservation's day, or a time you already hold).",
      ]);
      // Only the pending request before its cut-off can be withdrawn.
      expect(items.slice(1).flatMap((item) => within(item).queryAllByRole('button'))).toEqual([]);
      await user.click(
        within(section).getByRole('button', { name: /^Withdraw the draw request of 2026-12-09/ }),
      );
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
      await waitFor(() => expectOperationOn('DrawRequest', 'withdraw', 'signed-pending'));
      expect(toast.success).toHaveBeenCalledWith('The request was withdrawn.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the entry when the user does not confirm', async () => {
    server.relations = { waitlist: [waiting] };
    const user = renderPanel();
    const section = await screen.findByRole('region', { name: 'My waitlist' });
    await user.click(within(section).getByRole('button', { name: /^Leave/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    expect(operation).not.toHaveBeenCalled();
    expect(screen.getByRole('region', { name: 'My waitlist' })).toBeTruthy();
  });
});

const future = (day: string, signed: string, extra: Row = {}): Row => ({
  __signedIdentifier: signed,
  date: day,
  startTime: '08:00:00',
  endTime: '16:00:00',
  reservationType: 'LONG',
  reservationStatus: 'ACTIVE',
  parkingSlotInformation: 'A-105 (HQ Garage / -1)',
  reserverCarId: 'ABC-123',
  isNotCancelable: true,
  isNotDeletable: false,
  seriesId: 'series-1',
  ...extra,
});
const week = [
  future('2026-11-23', 'signed-mon'),
  future('2026-11-24', 'signed-tue'),
  future('2026-11-25', 'signed-wed'),
];
/** `operation` called once on each day of the week's series, in order. */
const onEveryDay = (name: string) => [
  [name, 'signed-mon'],
  [name, 'signed-tue'],
  [name, 'signed-wed'],
];

describe('editing a reservation', () => {
  it('opens one dialog at once that says what can change, and saves on its Save alone', async () => {
    server.relations = {
      activeReservations: [future('2026-11-26', 'signed-one', { reservationType: 'NORMAL', seriesId: null })],
    };
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Edit reservation of Thu, 26 Nov 2026' }));
    const dialog = await screen.findByRole('dialog', { name: /Modify reservation: Thu, 26 Nov 2026/ });
    expect(within(dialog).getByText(/Only the start and end times can be changed/)).toBeTruthy();
    await saveEditDialog(
      user,
      dialog,
      {
        type: 'UserReservation',
        name: 'modificateReservation',
        body: { startTime: '08:00:00', endTime: '16:00:00' },
        signedIdentifier: 'signed-one',
      },
      'Reservation modified.',
    );
  });
});

describe('a LONG series', () => {
  it('is one card listing its days by weekday, each with its own actions', async () => {
    server.relations = { activeReservations: week };
    renderPanel();
    const card = await screen.findByRole('article', { name: 'Mon, 23 Nov 2026 – Wed, 25 Nov 2026' });
    expect(screen.getAllByTestId('reservation-series-card')).toHaveLength(1);
    expect(screen.queryByTestId('reservation-card')).toBeNull();
    const days = within(card).getByRole('list', { name: 'Days of this reservation' });
    expect(
      within(days)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Mon, 23 Nov 2026', 'Tue, 24 Nov 2026', 'Wed, 25 Nov 2026']);
    expect(within(card).getByText('ABC-123 · 08:00–16:00 · 3 days')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Delete Tue, 24 Nov 2026' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Edit Wed, 25 Nov 2026' })).toBeTruthy();
  });

  it('deletes one day after confirming', async () => {
    server.relations = { activeReservations: week };
    const user = renderPanel();
    const card = await screen.findByRole('article', { name: /Mon, 23 Nov 2026/ });
    await user.click(within(card).getByRole('button', { name: 'Delete Tue, 24 Nov 2026' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(operation).toHaveBeenCalledTimes(1));
    expectOperationOn('UserReservation', 'deleteReservation', 'signed-tue');
  });

  it('deletes every day of the series after one confirmation', async () => {
    server.relations = { activeReservations: week };
    const user = renderPanel();
    const card = await screen.findByRole('article', { name: /Mon, 23 Nov 2026/ });
    await user.click(
      within(card).getByRole('button', {
        name: 'Delete all 3 days: Mon, 23 Nov 2026 – Wed, 25 Nov 2026',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/delete all 3 remaining days/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('3 days deleted.'));
    expect(operationsCalled()).toEqual(onEveryDay('deleteReservation'));
  });

  it('gives every day the new times from one dialog', async () => {
    server.relations = { activeReservations: week };
    const user = renderPanel();
    const card = await screen.findByRole('article', { name: /Mon, 23 Nov 2026/ });
    await user.click(
      within(card).getByRole('button', { name: 'Edit all 3 days: Mon, 23 Nov 2026 – Wed, 25 Nov 2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: /Mon, 23 Nov 2026 – Wed, 25 Nov 2026/ });
    expect(within(dialog).getByText(/apply to all 3 days/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('3 days modified.'));
    expect(operationsCalled()).toEqual(onEveryDay('modificateReservation'));
  });
});

describe('where focus goes when the cards change (issue 31 §3)', () => {
  const single = (day: string, signed: string) =>
    future(day, signed, { reservationType: 'NORMAL', seriesId: null });
  const thursday = single('2026-11-26', 'signed-thu');
  const friday = single('2026-11-27', 'signed-fri');
  /** The server drops the reservation an operation is called on. */
  const deleting = () =>
    vi.mocked(operation).mockImplementation(async (_type, _name, _body, row) => {
      const gone = (row as Row | undefined)?.__signedIdentifier;
      server.relations = {
        activeReservations: (server.relations.activeReservations ?? []).filter(
          (reservation) => reservation.__signedIdentifier !== gone,
        ),
      };
      return undefined;
    });

  it('goes to the card in a deleted card’s place, and to the list’s heading once no card is left', async () => {
    server.relations = { activeReservations: [thursday, friday] };
    deleting();
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Delete reservation of Thu, 26 Nov 2026' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Fri, 27 Nov 2026' })),
    );
    await user.click(screen.getByRole('button', { name: 'Delete reservation of Fri, 27 Nov 2026' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Active Reservations' })),
    );
  });

  it('goes to the card before a deleted last one, and to a series that lost one of its days', async () => {
    server.relations = { activeReservations: [...week, thursday] };
    deleting();
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Delete reservation of Thu, 26 Nov 2026' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    const series = await screen.findByRole('article', { name: 'Mon, 23 Nov 2026 – Wed, 25 Nov 2026' });
    await waitFor(() => expect(document.activeElement).toBe(series));
    await user.click(within(series).getByRole('button', { name: 'Delete Wed, 25 Nov 2026' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('article', { name: 'Mon, 23 Nov 2026 – Tue, 24 Nov 2026' }),
      ),
    );
  });

  it('opens at the card a notification names (issue 32 item 4)', async () => {
    // A notification's address names the reservation by its identifier: /?reservation=<__identifier>.
    vi.mocked(toast.warning).mockClear();
    server.relations = { activeReservations: [thursday, { ...friday, __identifier: '41' }] };
    renderOnScreen(<ReservationPanel />, '/?reservation=41');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Fri, 27 Nov 2026' })),
    );
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it('says when the reservation a notification names is no longer active', async () => {
    server.relations = { activeReservations: [thursday] };
    renderOnScreen(<ReservationPanel />, '/?reservation=41');
    await screen.findByRole('article', { name: 'Thu, 26 Nov 2026' });
    await waitFor(() =>
      expect(toast.warning).toHaveBeenCalledWith(
        'The reservation the notification was about is no longer active.',
      ),
    );
    expect(document.activeElement).toBe(document.body);
  });

  it('goes to the card of what was just booked, once the panel shows it', async () => {
    server.relations = { activeReservations: [thursday] };
    /** The dashboard: a booking invalidates the panel and hands it what was booked. */
    function Dashboard() {
      const queryClient = useQueryClient();
      const [booked, setBooked] = useState<Row[] | null>(null);
      const book = () => {
        server.relations = { activeReservations: [thursday, friday] };
        void queryClient.invalidateQueries({ queryKey: ofType('UserReservationPanel') });
        setBooked([{ __signedIdentifier: 'signed-fri' }]);
      };
      return (
        <>
          <button type="button" onClick={book}>
            Reserve
          </button>
          <ReservationPanel booked={booked} />
        </>
      );
    }
    const user = renderOnScreen(<Dashboard />);
    await screen.findByRole('article', { name: 'Thu, 26 Nov 2026' });
    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Fri, 27 Nov 2026' })),
    );
  });

  it('goes to the line of a day just requested of a draw, once the panel lists it', async () => {
    const earlier = drawRequest('signed-earlier', '2026-12-08', 'PENDING', { __identifier: '7' });
    server.relations = { activeReservations: [thursday], drawRequests: [earlier] };
    /** The dashboard: a request invalidates the panel and hands it what was requested (its own answer's row). */
    function Dashboard() {
      const queryClient = useQueryClient();
      const [requested, setRequested] = useState<Row[] | null>(null);
      const requestDay = () => {
        server.relations = {
          activeReservations: [thursday],
          drawRequests: [
            drawRequest('signed-new-in-list', '2026-12-09', 'PENDING', { __identifier: '8' }),
            earlier,
          ],
        };
        void queryClient.invalidateQueries({ queryKey: ofType('UserReservationPanel') });
        setRequested([{ __identifier: '8', __signedIdentifier: 'signed-new-in-answer' }]);
      };
      return (
        <>
          <button type="button" onClick={requestDay}>
            Request in the draw
          </button>
          <ReservationPanel requested={requested} />
        </>
      );
    }
    const user = renderOnScreen(<Dashboard />);
    await screen.findByRole('region', { name: 'My draw requests' });
    await user.click(screen.getByRole('button', { name: 'Request in the draw' }));
    await waitFor(() => expect(screen.getAllByTestId('draw-request')).toHaveLength(2));
    const [line] = screen.getAllByTestId('draw-request');
    await waitFor(() => expect(document.activeElement).toBe(line));
    expect(line?.textContent).toMatch(/9 Dec 2026/);
  });
});
