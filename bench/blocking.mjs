// The blocking a page's own work would cause at Lighthouse's CPU slowdown (4× unless told), read from a Chromium
// trace by each task's CPU time rather than its wall time: on a machine whose cores the browser's other processes,
// the server and Lighthouse share, a task's wall time also counts the time its thread waited for a core, and
// Lighthouse's simulation multiplies that wait as well.

/** The renderer's busiest main thread in a trace: its tasks after the first contentful paint, as Lighthouse
 * would simulate them at `slowdown` (CPU time × slowdown), and their blocking beyond 50 ms. */
export function blockingOf(trace, slowdown = 4) {
  const events = trace.traceEvents ?? trace;
  const mains = events.filter(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  const tasksOf = (main) =>
    events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.name === 'RunTask');
  const busiest = mains
    .map((main) => ({ main, tasks: tasksOf(main) }))
    .sort(
      (a, b) =>
        b.tasks.reduce((sum, e) => sum + (e.tdur ?? 0), 0) -
        a.tasks.reduce((sum, e) => sum + (e.tdur ?? 0), 0),
    )[0];
  const paint = events.find(
    (event) => event.name === 'firstContentfulPaint' && event.pid === busiest.main.pid,
  );
  const from = paint?.ts ?? 0;
  const after = busiest.tasks.filter((event) => event.ts >= from);
  // All the main thread's work after the first paint, long tasks or not: steadier than the blocking estimate.
  const cpu = after.reduce((sum, event) => sum + (event.tdur ?? event.dur ?? 0), 0) / 1000;
  const tasks = after
    .map((event) => (slowdown * (event.tdur ?? event.dur ?? 0)) / 1000)
    .filter((ms) => ms > 50);
  return { blocking: tasks.reduce((sum, ms) => sum + ms - 50, 0), tasks, cpu };
}
