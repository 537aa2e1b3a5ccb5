// Who had the processor while a page was measured: Linux's /proc read every 250 ms for this process and its
// descendants, each by its part (this process runs Lighthouse; the app's server; Chromium's renderers, browser,
// GPU and utility processes by their --type). What counts is each part's processor time between the page's time
// origin and the end of Lighthouse's trace, in the intervals a renderer worked, so neither Lighthouse's speed test
// before the load nor its analysis after it blurs the figure: on a machine of two cores, what the other parts took
// of those intervals is what the page's renderer had to wait for. Elsewhere than Linux there is no /proc and the
// parts come back empty.
import { readdirSync, readFileSync } from 'node:fs';

/** Linux counts processor time in ticks of 1/100 s (USER_HZ) on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;
const INTERVAL_MS = 250;

/** A process's parent and processor ticks (user + system), from /proc/<pid>/stat. */
function statOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command's name sits in parentheses and may hold spaces: the fields start after its last one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** The processor time (user + system) a process has used so far, in milliseconds. */
export const processorMsOf = (pid) => (statOf(pid).ticks * 1000) / TICKS_PER_SECOND;

/** Each live process's parent, processor ticks (user + system) and command line. */
function readProcesses() {
  const processes = new Map();
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return processes;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      processes.set(Number(entry), {
        ...statOf(entry),
        command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' '),
      });
    } catch {
      // It ended between the listing and the read.
    }
  }
  return processes;
}

/**
 * A process's main thread (its thread id is the process's): nanoseconds it ran and nanoseconds it was ready but
 * waited for a core, from the scheduler's own count (/proc/…/schedstat).
 */
function mainThreadOf(pid) {
  try {
    const [ran, waited] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { ran, waited };
  } catch {
    return null;
  }
}

function partOf(pid, { command }, serverPid) {
  if (pid === process.pid) {
    return 'Lighthouse';
  }
  if (pid === serverPid) {
    return 'server';
  }
  const type = /--type=([a-z-]+)/.exec(command)?.[1];
  if (type === undefined) {
    return /chrom/.test(command) ? 'browser' : 'other';
  }
  return { renderer: 'renderer', 'gpu-process': 'GPU', utility: 'utility' }[type] ?? 'other';
}

/** Ticks per part of this process and its descendants. */
function snapshot(serverPid) {
  const processes = readProcesses();
  const ours = (pid) => {
    for (let at = pid, hops = 0; at > 1 && hops < 20; hops += 1) {
      if (at === process.pid) {
        return true;
      }
      at = processes.get(at)?.parent ?? 0;
    }
    return false;
  };
  const ticks = new Map();
  for (const [pid, entry] of processes) {
    if (ours(pid)) {
      const part = partOf(pid, entry, serverPid);
      ticks.set(pid, { part, ticks: entry.ticks, main: part === 'renderer' ? mainThreadOf(pid) : null });
    }
  }
  return ticks;
}

/** Now on the clock Chromium's trace uses (CLOCK_MONOTONIC on Linux, as `process.hrtime`), in microseconds. */
const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

/** Starts sampling; `stop()` gives the samples: each the end of its interval and the ticks each part used in it. */
export function sampleProcessorTime(serverPid) {
  let previous = snapshot(serverPid);
  const samples = [];
  const sample = () => {
    const current = snapshot(serverPid);
    const spent = {};
    const main = { ran: 0, waited: 0 };
    for (const [pid, { part, ticks, main: thread }] of current) {
      const before = previous.get(pid);
      const used = ticks - (before?.ticks ?? 0);
      if (used > 0) {
        spent[part] = (spent[part] ?? 0) + used;
      }
      if (thread !== null) {
        main.ran += thread.ran - (before?.main?.ran ?? 0);
        main.waited += thread.waited - (before?.main?.waited ?? 0);
      }
    }
    samples.push({ at: nowMicros(), spent, main });
    previous = current;
  };
  const startedAt = nowMicros();
  const timer = setInterval(sample, INTERVAL_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { startedAt, samples };
    },
  };
}

/**
 * The seconds of processor time each part used in the sampling intervals that overlap `from` to `to` plus one more
 * interval (trace microseconds: the page's time origin and the trace's end) and in which a renderer worked, their
 * wall time, and
 * how long the renderers' main threads ran and waited for a core in them.
 */
export function processorTimeWithin({ startedAt, samples }, from, to) {
  const busy = { wall: 0, parts: {}, mainRan: 0, mainWaited: 0 };
  let previousAt = startedAt;
  for (const { at, spent, main } of samples) {
    if (at > from && previousAt < to + INTERVAL_MS * 1000 && (spent.renderer ?? 0) > 0) {
      busy.wall += (at - previousAt) / 1e6;
      busy.mainRan += main.ran / 1e9;
      busy.mainWaited += main.waited / 1e9;
      for (const [part, used] of Object.entries(spent)) {
        busy.parts[part] = (busy.parts[part] ?? 0) + used / TICKS_PER_SECOND;
      }
    }
    previousAt = at;
  }
  return busy;
}
