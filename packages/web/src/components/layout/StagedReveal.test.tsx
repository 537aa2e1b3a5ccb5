import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BeforeStage, Stage, StagedReveal } from './StagedReveal.tsx';

afterEach(cleanup);

/** Waits one macrotask and lets React finish what it scheduled, as a browser would between two tasks. */
const nextTask = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const shownParts = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

function Part({ name, renders }: { name: string; renders: string[] }) {
  renders.push(name);
  return <li>{name}</li>;
}

function Parts({ renders }: { renders: string[] }) {
  return (
    <ul>
      <Part name="head" renders={renders} />
      <Stage at={2}>
        <Part name="dates" renders={renders} />
      </Stage>
      <Stage at={3}>
        <Part name="submit" renders={renders} />
      </Stage>
      <BeforeStage at={3}>
        <div role="progressbar" />
      </BeforeStage>
    </ul>
  );
}

describe('a staged reveal', () => {
  it('shows the first part at once and one more part per task, in order, holding a place until the last', async () => {
    render(
      <StagedReveal stages={3}>
        <Parts renders={[]} />
      </StagedReveal>,
    );
    expect(shownParts()).toEqual(['head']);
    expect(screen.queryByRole('progressbar')).not.toBeNull();
    await nextTask();
    expect(shownParts()).toEqual(['head', 'dates']);
    await nextTask();
    expect(shownParts()).toEqual(['head', 'dates', 'submit']);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('renders the parts already shown only once while the later ones arrive', async () => {
    const renders: string[] = [];
    render(
      <StagedReveal stages={3}>
        <Parts renders={renders} />
      </StagedReveal>,
    );
    await nextTask();
    await nextTask();
    expect(shownParts()).toEqual(['head', 'dates', 'submit']);
    expect(renders).toEqual(['head', 'dates', 'submit']);
  });

  it('counts the parts inside a part from that part, so a component paces its own parts wherever it is placed', async () => {
    render(
      <StagedReveal stages={4}>
        <Stage at={2}>
          <Parts renders={[]} />
        </Stage>
      </StagedReveal>,
    );
    expect(shownParts()).toEqual([]);
    await nextTask();
    expect(shownParts()).toEqual(['head']);
    await nextTask();
    expect(shownParts()).toEqual(['head', 'dates']);
    await nextTask();
    expect(shownParts()).toEqual(['head', 'dates', 'submit']);
  });

  it('shows every part at once, without a placeholder, where no staged reveal is above', () => {
    render(<Parts renders={[]} />);
    expect(shownParts()).toEqual(['head', 'dates', 'submit']);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
