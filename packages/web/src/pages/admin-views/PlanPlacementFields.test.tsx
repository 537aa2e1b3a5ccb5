import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Row } from '../../api/model.ts';
import { NO_FORM_ERRORS } from '../../components/forms/fieldErrors.ts';
import { renderOnScreen } from '../../components/testing/renderOnScreen.tsx';
import { resetAfterEach } from '../../components/testing/resetAfterEach.ts';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { PlanPlacementFields } from './PlanPlacementFields.tsx';
import type { EntityEditor } from './useEntityEditor.ts';

vi.mock('../../components/files/fileTransfer.ts', async (original) => ({
  ...(await original<typeof import('../../components/files/fileTransfer.ts')>()),
  downloadInline: vi.fn(async () => ({ url: 'blob:plan', name: 'plan.svg', type: 'image/svg+xml' })),
}));

beforeAll(initEnglishTranslations);
resetAfterEach();

/** The slot's page as far as the fields go: what they set is what the editor holds, shown again. */
function Placing({ slot, error }: { slot: Row; error?: string }) {
  const [edited, setEdited] = useState<Row>(slot);
  const editor: EntityEditor = {
    loaded: slot,
    edited,
    changed: [],
    saving: false,
    conflict: false,
    errors: NO_FORM_ERRORS,
    set: (field, value) => setEdited((current) => ({ ...current, [field]: value })),
    replace: setEdited,
    errorOf: (field) => (field === 'planX' ? error : undefined),
    save: async () => undefined,
    reset: () => undefined,
    reload: async () => undefined,
  };
  return <PlanPlacementFields editor={editor} />;
}

const slot = (place: { planX: number | null; planY: number | null }): Row => ({
  __signedIdentifier: 'signed-slot',
  name: 'A-112',
  floorPlan: 'plan-token',
  ...place,
});

const across = () => screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Across the plan (%)' });
const down = () => screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Down the plan (%)' });

describe("a slot's place on its floor plan", () => {
  it('moves with the arrow keys on the focused plan, ten at a time with Shift', async () => {
    const user = renderOnScreen(<Placing slot={slot({ planX: 40, planY: 30 })} />);
    const plan = await screen.findByRole('group', {
      name: 'Floor plan: place A-112 with a click or the arrow keys',
    });
    plan.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect(across().value).toBe('42');
    expect(down().value).toBe('40');
    expect(screen.getByRole('status').textContent).toBe('A-112 is at 42% across, 40% down the plan.');
  });

  it('is put where the plan is clicked', async () => {
    renderOnScreen(<Placing slot={slot({ planX: null, planY: null })} />);
    const plan = await screen.findByRole('group', { name: /Floor plan: place A-112/ });
    expect(screen.getByRole('status').textContent).toBe('A-112 is not on the plan yet.');
    const picture = screen.getByRole('img', { name: 'The floor plan of A-112' });
    vi.spyOn(picture, 'getBoundingClientRect').mockReturnValue({
      left: 100,
      top: 50,
      width: 400,
      height: 200,
    } as DOMRect);
    fireEvent.click(plan, { clientX: 200, clientY: 200 });
    expect(across().value).toBe('25');
    expect(down().value).toBe('75');
  });

  it('takes the place typed into the two fields, and Remove from plan clears both', async () => {
    const user = renderOnScreen(<Placing slot={slot({ planX: 10, planY: 20 })} />);
    await user.clear(across());
    await user.type(across(), '64');
    expect(screen.getByRole('status').textContent).toBe('A-112 is at 64% across, 20% down the plan.');
    await user.click(screen.getByRole('button', { name: 'Remove from plan' }));
    expect(across().value).toBe('');
    expect(down().value).toBe('');
    expect(screen.getByRole('button', { name: 'Remove from plan' })).toHaveProperty('disabled', true);
  });

  it("shows the server's refusal on its field", async () => {
    renderOnScreen(
      <Placing
        slot={slot({ planX: 120, planY: 20 })}
        error="Out of range: a place on the plan is a percent from 0 to 100."
      />,
    );
    expect(
      await screen.findByText('Out of range: a place on the plan is a percent from 0 to 100.'),
    ).toBeDefined();
  });

  it('asks for a floor plan first when the slot has none', () => {
    renderOnScreen(<Placing slot={{ ...slot({ planX: null, planY: null }), floorPlan: null }} />);
    expect(
      screen.getByText('The slot has no floor plan yet: upload one above, then place the slot on it.'),
    ).toBeDefined();
    expect(screen.queryByRole('group', { name: /Floor plan: place/ })).toBeNull();
  });
});
