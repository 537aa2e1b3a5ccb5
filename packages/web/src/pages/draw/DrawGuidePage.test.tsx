import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Row } from '../../api/model.ts';
import { renderOnScreen } from '../../components/testing/renderOnScreen.tsx';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { PageTitleKeyContext } from '../usePageTitleKey.ts';
import DrawGuidePage from './DrawGuidePage.tsx';

/** The user's garages as the profile's accessedParkingGarages answers them in a test. */
const server = vi.hoisted(() => ({ garages: [] as Row[] }));

vi.mock('../../api/model.ts', async (original) => ({
  ...(await original<typeof import('../../api/model.ts')>()),
  getAccessPoint: vi.fn(async () => ({ __signedIdentifier: 'signed-profile' })),
  list: vi.fn(async () => ({ items: server.garages, total: null })),
}));

beforeAll(initEnglishTranslations);

const garage = (name: string, settings: Row): Row => ({
  __signedIdentifier: `signed-${name}`,
  name,
  ...settings,
});

function renderPage() {
  return renderOnScreen(
    <PageTitleKeyContext value="page.drawGuide">
      <DrawGuidePage />
    </PageTitleKeyContext>,
  );
}

describe('How the draw works', () => {
  it('names the cut-off and fairness weeks of each of the user’s garages that draw, from their settings', async () => {
    server.garages = [
      garage('HQ Garage', {
        drawEnabled: true,
        drawCutoffTime: '14:00:00',
        drawCutoffWorkingDaysBefore: 2,
        drawFairnessWeeks: 8,
      }),
      garage('Riverside Garage', { drawEnabled: false }),
      garage('Annex', {
        drawEnabled: true,
        drawCutoffTime: '09:30:00',
        drawCutoffWorkingDaysBefore: 0,
        drawFairnessWeeks: 1,
      }),
    ];
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('How the draw works');
    const section = screen.getByRole('region', { name: "Your garages' draw" });
    const items = await within(section).findAllByTestId('draw-garage');
    expect(items.map((item) => item.textContent)).toEqual([
      'HQ GarageA day is in the draw until 14:00, 2 working days before it. The wins, losses and no-shows of the last 8 weeks weigh in its draw.',
      'AnnexA day is in the draw until 09:30 on the day itself. The wins, losses and no-shows of the last week weigh in its draw.',
    ]);
    // Every part of the explanation is a titled section.
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "Your garages' draw",
      'A day in the draw',
      'The cut-off',
      'Your chances',
      'Need-based priority',
      'After the draw',
      'Giving a slot back',
    ]);
  });

  it('says so when none of the user’s garages draws', async () => {
    server.garages = [garage('Riverside Garage', { drawEnabled: false })];
    renderPage();
    expect(await screen.findByText(/None of your garages holds a draw at present/)).toBeTruthy();
  });
});
