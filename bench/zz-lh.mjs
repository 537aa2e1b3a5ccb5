import { readFileSync } from 'node:fs';
const t = JSON.parse(readFileSync(process.argv[2]));
const ev = t.traceEvents ?? t;
const mains = ev.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
let best = null, bs = 0;
for (const m of mains) { const ts = ev.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask'); const s = ts.reduce((a, e) => a + (e.dur || 0), 0); if (s > bs) { bs = s; best = { m, ts }; } }
const on = (e) => e.pid === best.m.pid && e.tid === best.m.tid;
const fcps = ev.filter((e) => e.name === 'firstContentfulPaint');
const fcp = fcps[fcps.length - 1];
console.log('fcp events', fcps.length, 'pid', fcp.pid, 'main pid', best.m.pid);
const t0 = ev.filter((e) => e.name === 'navigationStart' && e.pid === fcp.pid).pop()?.ts ?? 0;
let sumWall = 0, sumCpu = 0;
for (const task of best.ts.filter((e) => e.ts >= fcp.ts && e.dur > 12000)) {
  sumWall += 4 * task.dur / 1000 - 50; sumCpu += Math.max(0, 4 * (task.tdur ?? 0) / 1000 - 50);
  const inner = ev.filter((e) => on(e) && e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && (e.dur ?? 0) > 2000);
  console.log(`at ${Math.round((task.ts - t0) / 1000)} wall ${Math.round(task.dur / 1000)} cpu ${Math.round((task.tdur ?? 0) / 1000)}: ${inner.slice(0, 7).map((e) => `${e.name}(${Math.round(e.dur / 1000)}/${Math.round((e.tdur ?? 0) / 1000)}${e.args?.data?.url ? ' ' + e.args.data.url.slice(-28) : ''}${e.args?.data?.functionName ? ' ' + e.args.data.functionName : ''})`).join(' ')}`);
}
console.log('blocking by wall', Math.round(sumWall), 'by cpu', Math.round(sumCpu));
