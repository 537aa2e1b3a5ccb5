import { readFileSync } from 'node:fs';
const t = JSON.parse(readFileSync(process.argv[2]));
const ev = t.traceEvents ?? t;
const mains = ev.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
let best = null, bs = 0;
for (const m of mains) { const ts = ev.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask'); const s = ts.reduce((a, e) => a + (e.dur || 0), 0); if (s > bs) { bs = s; best = { m, ts }; } }
const fcps = ev.filter((e) => e.name === 'firstContentfulPaint'); const fcp = fcps[fcps.length - 1];
const on = ev.filter((e) => e.pid === best.m.pid && e.tid === best.m.tid);
const agg = new Map(); const cnt = new Map();
const long = best.ts.filter((e) => e.ts >= fcp.ts && e.dur > 12500);
for (const task of long) {
  const inside = on.filter((e) => e.ts >= task.ts && e.ts <= task.ts + task.dur && e !== task);
  for (const e of inside) { cnt.set(e.name, (cnt.get(e.name) ?? 0) + 1); if (e.ph === 'X') agg.set(e.name, (agg.get(e.name) ?? 0) + (e.dur ?? 0)); }
}
console.log('long tasks', long.length, 'total wall', Math.round(long.reduce((a, e) => a + e.dur, 0) / 1000));
console.log([...cnt].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${k}:${v} (${Math.round((agg.get(k) ?? 0) / 1000)}ms)`).join('\n'));
