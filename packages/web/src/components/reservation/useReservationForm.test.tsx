import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Row } from '../../api/model.ts';
import { reservationKeys, reservationPanelQuery } from '../../api/reservationQueries.ts';
import { initEnglishTranslations } from '../testing/translationsForTests.ts';
import { loadFirstDraft } from './firstDraft.ts';
import { type ReservationDraft, withDate, withType } from './reservationDraft.ts';
import { useReservationForm } from './useReservationForm.ts';

/** The free-slot answers a test holds back, by the date they were asked for. */
const server = vi.hoisted(() => ({
  slotAnswers: new Map<string, (slots: Row[]) => void>(),
  slotDates: [] as string[],
  active: [] as Row[],
  cars: [] as Row[],
  carReads: 0,
  preferredSlot: null as Row | null,
}));

const user: Row = {
  __signedIdentifier: 'signed-user',
  name: 'User',
  email: 'user@parkhere.example',
  isNormalReservation: true,
  isQuickReservation: true,
  isGuestReservation: false,
  isLongReservation: false,
  startOfWorkingTime: '08:00:00',
  endOfWorkingTime: '16:00:00',
};

vi.mock('../../api/model.ts', async (original) => ({
  ...(await original<typeof import('../../api/model.ts')>()),
  template: vi.fn(async () => ({ date: '2026-11-24' })),
  range: vi.fn(async (_type: string, relation: string, owner: Row | null): Promise<Row[]> => {
    switch (relation) {
      case 'user':
        return [{ ...user, preferredParkingSlot: server.preferredSlot }];
      case 'car':
        server.carReads += 1;
        return server.cars;
      case 'parkingSlot': {
        const date = String(owner?.date);
        server.slotDates.push(date);
        return new Promise((resolve) => server.slotAnswers.set(date, resolve));
      }
      default:
        return [];
    }
  }),
  getAccessPoint: vi.fn(async () => ({ __signedIdentifier: 'signed-panel', holidayImage: null })),
  list: vi.fn(async (source: { relation: string }) => ({
    items: source.relation === 'activeReservations' ? server.active : [],
    total: null,
  })),
  operation: vi.fn(async () => {
    const created: Row = { __signedIdentifier: 'signed-created', date: '2026-11-25' };
    server.active = [created];
    return [created];
  }),
}));

// Tuesday 2026-11-24 in Budapest, 09:00.
const now = { date: '2026-11-24', time: '09:00:00' };
vi.mock('./useWallClock.ts', () => ({ useWallClock: () => ({ date: '2026-11-24', time: '09:00:00' }) }));

const slot = (name: string): Row => ({ __signedIdentifier: `signed-${name}`, aggregaredName: name });

function renderForm(
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  firstDraft?: ReservationDraft,
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => ({
      form: useReservationForm({ isAdmin: false, principalEmail: 'user@parkhere.example', firstDraft }),
      panel: useQuery(reservationPanelQuery()),
    }),
    { wrapper },
  );
}

beforeAll(initEnglishTranslations);

beforeEach(() => {
  server.slotAnswers.clear();
  server.slotDates = [];
  server.active = [];
  server.cars = [];
  server.carReads = 0;
  server.preferredSlot = null;
});

afterEach(() => cleanup());

describe('the free slots of the reservation form', () => {
  it('are read again for a new date, and a late answer for the old date never replaces the new one', async () => {
    const { result } = renderForm();
    await waitFor(() => expect(server.slotDates).toEqual(['2026-11-24']));

    act(() => result.current.form.change('date', (draft) => withDate(draft, '2026-11-25', now)));
    await waitFor(() => expect(server.slotDates).toEqual(['2026-11-24', '2026-11-25']));

    act(() => server.slotAnswers.get('2026-11-25')?.([slot('B-2')]));
    await waitFor(() => expect(result.current.form.slots?.map((s) => s.aggregaredName)).toEqual(['B-2']));
    act(() => server.slotAnswers.get('2026-11-24')?.([slot('A-1')]));

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.form.slots?.map((s) => s.aggregaredName)).toEqual(['B-2']);
  });

  it('are read again when the end time changes', async () => {
    const { result } = renderForm();
    await waitFor(() => expect(server.slotDates).toHaveLength(1));
    act(() => result.current.form.change('endTime', (draft) => ({ ...draft, endTime: '17:00:00' })));
    await waitFor(() => expect(server.slotDates).toHaveLength(2));
  });

  it('are read again when the type changes', async () => {
    const { result } = renderForm();
    await waitFor(() => expect(server.slotDates).toHaveLength(1));
    expect(result.current.form.draft.reservationType).toBe('NORMAL');
    act(() => result.current.form.change('reservationType', (draft) => withType(draft, 'QUICK')));
    await waitFor(() => expect(server.slotDates).toHaveLength(2));
  });
});

describe('the car of the reservation form', () => {
  it('stays as the user chose it when the cars are read again, and falls back to the favourite once it is gone', async () => {
    const other = { __signedIdentifier: 'signed-car-1', licensePlate: 'AAA-111', isFavorite: false };
    const favourite = { __signedIdentifier: 'signed-car-2', licensePlate: 'BBB-222', isFavorite: true };
    server.cars = [other, favourite];
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderForm(client);
    await waitFor(() => expect(result.current.form.draft.car?.licensePlate).toBe('BBB-222'));
    act(() => result.current.form.change('car', (draft) => ({ ...draft, car: other })));

    server.cars = [other, favourite, { __signedIdentifier: 'signed-car-3', licensePlate: 'CCC-333' }];
    await act(async () => client.invalidateQueries({ queryKey: reservationKeys.cars('signed-user') }));
    await waitFor(() => expect(result.current.form.cars).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.form.draft.car?.licensePlate).toBe('AAA-111');

    server.cars = [favourite];
    await act(async () => client.invalidateQueries({ queryKey: reservationKeys.cars('signed-user') }));
    await waitFor(() => expect(result.current.form.draft.car?.licensePlate).toBe('BBB-222'));
  });
});

describe('a reservation made in the form', () => {
  it('shows in the panel, whose list is read again', async () => {
    const { result } = renderForm();
    await waitFor(() => expect(result.current.panel.data?.active).toEqual([]));
    await waitFor(() => expect(result.current.form.draft.user).not.toBeNull());

    await act(async () => result.current.form.submit());

    await waitFor(() =>
      expect(result.current.panel.data?.active.map((row) => row.__signedIdentifier)).toEqual([
        'signed-created',
      ]),
    );
  });
});

describe('the first draft the dashboard loads', () => {
  it('carries the favourite car and the free preferred slot, and the form starts from it without asking again', async () => {
    server.cars = [
      { __signedIdentifier: 'signed-car-1', licensePlate: 'AAA-111', isFavorite: false },
      { __signedIdentifier: 'signed-car-2', licensePlate: 'BBB-222', isFavorite: true },
    ];
    server.preferredSlot = { aggregaredName: 'B-2' };
    // Fresh for a few seconds, as the app's cache keeps answers (api/QueryRoot.tsx).
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5_000 } } });
    const loading = loadFirstDraft(client, { isAdmin: false, principalEmail: 'user@parkhere.example', now });
    await waitFor(() => expect(server.slotDates).toEqual(['2026-11-24']));
    server.slotAnswers.get('2026-11-24')?.([slot('A-1'), slot('B-2')]);
    const first = await loading;
    expect([
      first.user?.email,
      first.date,
      first.car?.licensePlate,
      first.parkingSlot?.aggregaredName,
    ]).toEqual(['user@parkhere.example', '2026-11-24', 'BBB-222', 'B-2']);

    const { result } = renderForm(client, first);
    // The first render already holds the whole draft and the answers it was made from.
    expect(result.current.form.draft.car?.licensePlate).toBe('BBB-222');
    expect(result.current.form.draft.parkingSlot?.aggregaredName).toBe('B-2');
    expect(result.current.form.slots?.map((s) => s.aggregaredName)).toEqual(['A-1', 'B-2']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([server.carReads, server.slotDates.length]).toEqual([1, 1]);
    expect(result.current.form.draft.parkingSlot?.aggregaredName).toBe('B-2');
  });

  it('leaves the slot empty when the preferred one is taken, and the car when the user has none', async () => {
    server.preferredSlot = { aggregaredName: 'B-2' };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const loading = loadFirstDraft(client, { isAdmin: false, principalEmail: 'user@parkhere.example', now });
    await waitFor(() => expect(server.slotDates).toHaveLength(1));
    server.slotAnswers.get('2026-11-24')?.([slot('A-1')]);
    const first = await loading;
    expect([first.car, first.parkingSlot]).toEqual([null, null]);
  });
});
