import { act, cleanup, render, screen } from '@testing-library/react';
import { type ComponentType, Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { part } from './lazyParts.ts';

afterEach(cleanup);

const module = { Dates: () => <p>the dates</p>, Times: () => <p>the times</p> };

/** A part whose module arrives when `arrive` is called, as a chunk still on its way would. */
function slowPart<Module>(value: Module) {
  let arrive = () => {};
  const loaded = part(() => new Promise<Module>((resolve) => (arrive = () => resolve(value))));
  return { loaded, arrive: () => arrive() };
}

const renderIn = (Component: ComponentType) =>
  render(
    <Suspense fallback={<p>loading</p>}>
      <Component />
    </Suspense>,
  );

describe('a lazy part of a screen', () => {
  it('renders in the same commit as its parent once its module has arrived, never showing the fallback', async () => {
    const { loaded, arrive } = slowPart(module);
    const started = loaded.load();
    arrive();
    await started;
    const Dates = loaded.lazy((arrived) => arrived.Dates);
    // Synchronously, in the first commit: a suspended first render would show 'loading' here.
    renderIn(Dates);
    expect(screen.getByText('the dates')).toBeDefined();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('shows the fallback until its module, and the parts it comes after, have arrived', async () => {
    const dates = slowPart(module);
    const repeat = slowPart({ Repeat: () => null });
    const Times = dates.loaded.lazy((arrived) => arrived.Times, repeat.loaded);
    renderIn(Times);
    expect(screen.getByText('loading')).toBeDefined();
    await act(async () => dates.arrive());
    expect(screen.getByText('loading')).toBeDefined();
    await act(async () => repeat.arrive());
    expect(await screen.findByText('the times')).toBeDefined();
  });
});
