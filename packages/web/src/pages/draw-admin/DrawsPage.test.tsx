import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { operation, type QueryCustomizer, type Row } from '../../api/model.ts';
import { renderOnScreen } from '../../components/testing/renderOnScreen.tsx';
import { resetAfterEach } from '../../components/testing/resetAfterEach.ts';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { PreferencesProvider } from '../../preferences/preferences.tsx';
import { PREFERENCES_KEY } from '../../preferences/storage.ts';
import { PageTitleKeyContext } from '../usePageTitleKey.ts';
import DrawsPage from './DrawsPage.tsx';

/*
 * Issue 26, transparency: the administrators' Draws screen lists the draws that ran, by garage, opens one with
 * its requests in draw order and replays it, saying whether the replay gives the recorded outcome.
 */

/** What the server holds in a test: the garages, the draws, and each draw's requests by its identifier. */
const server = vi.hoisted(() => ({
  garages: [] as Row[],
  draws: [] as Row[],
  entries: {} as Record<string, Row[]>,
}));

/** The draws a `~list` query's garage and date filters leave, as the server filters them. */
function drawsFiltered(query: QueryCustomizer): Row[] {
  const filters = (field: string) => (query[field] ?? []) as { operator: string; value: string }[];
  return server.draws.filter(
    (draw) =>
      filters('parkingGarageName').every((filter) => draw.parkingGarageName === filter.value) &&
      filters('date').every((filter) =>
        filter.operator === 'greaterOrEqual'
          ? String(draw.date) >= filter.value
          : String(draw.date) <= filter.value,
      ),
  );
}

vi.mock('../../api/model.ts', async (original) => ({
  ...(await original<typeof import('../../api/model.ts')>()),
  getAccessPoint: vi.fn(async () => ({ __signedIdentifier: 'signed-reservations-panel' })),
  list: vi.fn(async (source: { kind: string; relation?: string; owner?: string }, query: QueryCustomizer) => {
    const items =
      source.kind === 'accessPoint'
        ? server.garages
        : source.relation === 'draws'
          ? drawsFiltered(query)
          : (server.entries[String(source.owner)] ?? []);
    return { items, total: items.length };
  }),
  operation: vi.fn(),
}));

beforeAll(initEnglishTranslations);
resetAfterEach(vi.mocked(operation));

const draw = (id: number, garage: string, date: string, figures: Partial<Row> = {}): Row => ({
  __identifier: String(id),
  __signedIdentifier: `signed-draw-${id}`,
  date,
  parkingGarageName: garage,
  seed: 1000 + id,
  requestCount: 3,
  slotCount: 2,
  winnerCount: 2,
  waitingCount: 1,
  ranAt: `${date}T12:00:00Z`,
  ...figures,
});

const entry = (place: number, name: string, result: string, slotName: string | null): Row => ({
  __identifier: `entry-${place}`,
  __signedIdentifier: `signed-entry-${place}`,
  place,
  userName: name,
  userEmail: `${name.split(' ')[0]?.toLowerCase()}@parkhere.example`,
  startTime: '08:00:00',
  endTime: '17:00:00',
  priority: null,
  weight: 1,
  preferredSlotName: null,
  mayReserve: true,
  result,
  slotName,
  waitlisted: result === 'LOST',
});

type Outcome = [result: string, slot: string | null, place: number];

/** A request as a replay answers it: what the replay gave beside what the draw recorded. */
const replayEntry = (name: string, [result, slotName, place]: Outcome, recorded: Outcome) => ({
  userName: name,
  userEmail: `${name.split(' ')[0]?.toLowerCase()}@parkhere.example`,
  same: result === recorded[0] && slotName === recorded[1] && place === recorded[2],
  result,
  slotName,
  place,
  recordedResult: recorded[0],
  recordedSlotName: recorded[1],
  recordedPlace: recorded[2],
});

beforeEach(() => {
  server.garages = [
    { __identifier: 'g1', __signedIdentifier: 'signed-g1', name: 'Annex' },
    { __identifier: 'g2', __signedIdentifier: 'signed-g2', name: 'HQ Garage' },
  ];
  server.draws = [
    draw(1, 'HQ Garage', '2026-03-04'),
    draw(2, 'Annex', '2026-03-05', { requestCount: 7, slotCount: 1, winnerCount: 1, waitingCount: 6 }),
  ];
  server.entries = {
    'signed-draw-1': [
      entry(1, 'Ulrich User', 'WON', 'A-103'),
      entry(2, 'Dora Driver', 'WON', 'A-104'),
      entry(3, 'Lena Late', 'LOST', null),
    ],
  };
});

function openPage() {
  window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ i18n: 'en-US' }));
  return renderOnScreen(
    <PreferencesProvider>
      <PageTitleKeyContext value="page.draws">
        <DrawsPage />
      </PageTitleKeyContext>
    </PreferencesProvider>,
  );
}

const listed = () => screen.findByTestId('data-table-ReservationsPanel.draws');

/** Opens the draw of `garage`'s row with its "Show the draw" action; answers the draw's region. */
async function show(user: ReturnType<typeof openPage>, garage: string) {
  const row = (await within(await listed()).findByText(garage)).closest('[role="row"]') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: 'Show the draw' }));
  return screen.findByRole('region', { name: new RegExp(`^The draw of ${garage} on `) });
}

/** Opens HQ Garage's draw and replays it, the server answering `answer`: the draw's region and what it says. */
async function replayAnswering(answer: { sameOutcome: boolean; entries: unknown[] }) {
  vi.mocked(operation).mockResolvedValue(answer as never);
  const user = openPage();
  const detail = await show(user, 'HQ Garage');
  await user.click(within(detail).getByRole('button', { name: 'Replay' }));
  return { detail, said: (await within(detail).findByRole('alert')).textContent };
}

// Rendering the grids in jsdom takes seconds on a shared machine.
const SLOW = { timeout: 30_000 };

describe('the administrators’ Draws screen', () => {
  it('lists every draw that ran with its figures, and narrows the list to a garage', SLOW, async () => {
    const user = openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Draws' })).toBeDefined();
    const table = await within(await listed()).findByRole('grid');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      // Row actions come first in every table (2e12453), so they stay in view on a narrow screen.
      'Actions',
      'Date',
      'Parking garage',
      'Seed',
      'Requests',
      'Slots',
      'Booked winners',
      'Put on the waitlist',
      'Drawn at',
    ]);
    expect(await within(table).findByText('HQ Garage')).toBeDefined();
    const annex = within(table).getByText('Annex').closest('[role="row"]') as HTMLElement;
    expect(within(annex).getByText('7')).toBeDefined();
    expect(within(annex).getByText('6')).toBeDefined();

    await user.click(screen.getByRole('combobox', { name: 'Parking garage' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Every garage', 'Annex', 'HQ Garage']);
    await user.click(screen.getByRole('option', { name: 'Annex' }));
    await waitFor(() => expect(within(table).queryByText('HQ Garage')).toBeNull());
    expect(within(table).getByText('Annex')).toBeDefined();

    await user.click(screen.getByRole('combobox', { name: 'Parking garage' }));
    await user.click(await screen.findByRole('option', { name: 'Every garage' }));
    expect(await within(table).findByText('HQ Garage')).toBeDefined();
  });

  it('opens a draw: its seed and figures, its requests in draw order, and closes it', SLOW, async () => {
    const user = openPage();
    const detail = await show(user, 'HQ Garage');
    expect(detail.getAttribute('aria-label') ?? detail.textContent).toContain('2026-03-04');
    expect(
      within(detail).getByText('Seed 1001 · 3 requests for 2 slots · 2 booked · 1 put on the waitlist'),
    ).toBeDefined();
    const requests = await within(detail).findByRole('grid');
    const rows = await within(requests).findAllByRole('row');
    const people = rows.flatMap((row) =>
      ['Ulrich User', 'Dora Driver', 'Lena Late'].filter((name) => within(row).queryByText(name) !== null),
    );
    expect(people).toEqual(['Ulrich User', 'Dora Driver', 'Lena Late']);
    const lost = rows.find((row) => within(row).queryByText('Lena Late') !== null) as HTMLElement;
    expect(within(lost).getByText('Lost')).toBeDefined();
    const won = rows.find((row) => within(row).queryByText('Ulrich User') !== null) as HTMLElement;
    expect(within(won).getByText('Won')).toBeDefined();
    expect(within(won).getByText('A-103')).toBeDefined();

    await user.click(within(detail).getByRole('button', { name: 'Close the draw' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^The draw of / })).toBeNull());
  });

  it('replays a draw and says it gives the recorded outcome', SLOW, async () => {
    const { detail, said } = await replayAnswering({ sameOutcome: true, entries: [] });
    expect(said).toBe('Same outcome: the replay gives exactly the recorded winners, slots and order.');
    expect(operation).toHaveBeenCalledWith(
      'Draw',
      'replay',
      undefined,
      expect.objectContaining({ __signedIdentifier: 'signed-draw-1' }),
    );
    expect(within(detail).queryByRole('table')).toBeNull();
  });

  it(
    'replays a draw that comes out differently: the differing requests, replayed beside recorded',
    SLOW,
    async () => {
      const { detail, said } = await replayAnswering({
        sameOutcome: false,
        entries: [
          replayEntry('Ulrich User', ['WON', 'A-103', 1], ['WON', 'A-103', 1]),
          replayEntry('Dora Driver', ['LOST', null, 3], ['WON', 'A-104', 2]),
        ],
      });
      expect(said).toBe('Different outcome: 1 request comes out differently from the record.');
      const differences = within(detail).getByRole('table', { name: 'Replay beside the record' });
      const [, only, ...more] = within(differences).getAllByRole('row');
      expect(more).toEqual([]);
      const cells = within(only as HTMLElement);
      expect(
        [cells.getByRole('rowheader'), ...cells.getAllByRole('cell')].map((cell) => cell.textContent),
      ).toEqual(['Dora Driver (dora@parkhere.example)', 'Lost · #3', 'Won · A-104 · #2']);
    },
  );
});
