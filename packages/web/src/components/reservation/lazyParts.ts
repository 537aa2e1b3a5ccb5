import { type ComponentType, lazy } from 'react';

/**
 * A module loaded on demand that remembers its arrival: a component of it made with `lazy` renders at once when
 * the module is already there, instead of suspending first. A suspended part commits when its boundary is
 * retried, together with any other part that suspended meanwhile: two of the dashboard's staged parts (the
 * dates, the times) then came in one commit, the dashboard's longest task (34 ms of CPU here, 135 ms at Lighthouse's
 * 4×: issue 31 §1).
 */
export function part<Module>(load: () => Promise<Module>): Part<Module> {
  let arrived: Module | undefined;
  const start = () =>
    load().then((module) => {
      arrived = module;
      return module;
    });
  return {
    load: start,
    arrived: () => arrived !== undefined,
    lazy<Props extends object>(pick: (module: Module) => ComponentType<Props>, ...after: Part<unknown>[]) {
      type Loaded = { default: ComponentType<Props> };
      return lazy(
        (): Promise<Loaded> =>
          arrived !== undefined && after.every((other) => other.arrived())
            ? // React.lazy's type asks for a Promise; React only ever calls its `then`.
              (settled<Loaded>({ default: pick(arrived) }) as unknown as Promise<Loaded>)
            : Promise.all([start(), ...after.map((other) => other.load())]).then(([module]) => ({
                default: pick(module),
              })),
      );
    },
  };
}

type Part<Module> = {
  load(): Promise<Module>;
  arrived(): boolean;
  /** A component of the module, shown once the module and the `after` parts have arrived. */
  lazy<Props extends object>(
    pick: (module: Module) => ComponentType<Props>,
    ...after: Part<unknown>[]
  ): ReturnType<typeof lazy<ComponentType<Props>>>;
};

/**
 * A thenable that answers its callback at once: React.lazy calls `then` and finds the component resolved before
 * it would suspend, which a resolved Promise, answered in a later microtask, never allows. (React reads nothing
 * of what `then` returns.)
 */
function settled<Value>(value: Value): PromiseLike<Value> {
  const thenable: PromiseLike<Value> = {
    // biome-ignore lint/suspicious/noThenProperty: a thenable that answers at once is the point of it
    then(onFulfilled) {
      onFulfilled?.(value);
      return thenable as never;
    },
  };
  return thenable;
}

/**
 * The reservation screens' large parts, each a module graph of its own: the dashboard starts them together with
 * its content, and the browser evaluates each in a task of its own (TBT, issue 15).
 */
export const whenFields = part(() => import('./ReservationWhenFields.tsx'));
export const repeatFields = part(() => import('./RepeatFields.tsx'));
export const panel = part(() => import('./ReservationPanel.tsx'));
