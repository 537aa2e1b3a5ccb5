/**
 * Resolves in a new task, at once: work after it is not added to the task that awaited it, which is what splits
 * a long task. A message, not a timer: a hidden tab's timers wait a second.
 */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
