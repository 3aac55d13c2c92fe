/// <reference lib="dom" />
/**
 * Pivot benchmark (the cube issue's "a 10,000 × 200 pivot scrolls smoothly", measured like
 * QUALITY.md P7): seeds an object whose cube has 10,000 row members × 200 column members, opens
 * the cube's pivot in Chromium and scrolls it top to bottom, then left to right, then diagonally
 * back to the top left corner. Prints JSON with the long tasks seen (PerformanceObserver
 * "longtask"), frame intervals (requestAnimationFrame), the largest number of cells and row
 * headers in the DOM against what fits on screen, the main thread's time by kind, and whether the
 * last row and the last column were reached with their values.
 *
 * Needs a production build of the console: `npm run build -w @fiscus/web` (or set
 * BENCH_WEB_DIST to a build directory).
 * Run: node --conditions=source --import tsx bench/pivot-scroll.ts
 * Env: BENCH_ROW_MEMBERS (default 10000), BENCH_COL_MEMBERS (default 200), BENCH_FILL (share of
 * the row × column cells that have a record, default 0.1: a layout may aggregate at most
 * 500,000 member combinations, so a full 10,000 × 200 cannot be asked for), BENCH_STEPS (scroll steps of the
 * vertical pass, default 200; the other passes take half), CHROMIUM_PATH (default
 * /usr/bin/chromium), BENCH_PROFILE (a file: writes a JavaScript CPU profile of the scroll),
 * BENCH_SCREENSHOT (a PNG file: the pivot after the scroll), BENCH_TRACE (a file: writes a Chromium trace
 * of the scroll and prints the long tasks' wall and CPU time and what they spent it on).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { chromium, type Page } from 'playwright-core';
import { benchApp } from './lib/app.js';
import { rng } from './lib/seed.js';

const ROW_MEMBERS = Number(process.env.BENCH_ROW_MEMBERS ?? 10_000);
const COL_MEMBERS = Number(process.env.BENCH_COL_MEMBERS ?? 200);
const FILL = Number(process.env.BENCH_FILL ?? 0.1);
const STEPS = Number(process.env.BENCH_STEPS ?? 200);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = process.env.BENCH_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error(
    `No console build in ${webDist}: run "npm run build -w @fiscus/web" first or set BENCH_WEB_DIST.`,
  );
  process.exit(1);
}
const load = [loadavg()];

const { app, qry, signed, token, close } = await benchApp({ webDist, username: 'pivotbench' });
const user = signed.session.user.id;

// An object of plan lines: a line, a period and an amount.
const plan = await qry<{ id: string }>(token, 'objects.create', { name: 'Plan lines' });
for (const f of [
  { name: 'Line', code: 'line', type: 'text' },
  { name: 'Period', code: 'period', type: 'text' },
  { name: 'Amount', code: 'amount', type: 'money' },
])
  await qry(token, 'fields.create', { objectId: plan.id, ...f });

/**
 * Records for a share of the line × period cells, every line and every period at least once,
 * in multi-row INSERTs inside transactions.
 */
async function seed(): Promise<number> {
  const db = app.db.kysely;
  const object = await db
    .selectFrom('pf_objects')
    .select(['table_name'])
    .where('id', '=', plan.id)
    .executeTakeFirstOrThrow();
  const fields = await db
    .selectFrom('pf_fields')
    .select(['code', 'column_name'])
    .where('object_id', '=', plan.id)
    .execute();
  const col = (code: string) => fields.find((f) => f.code === code)?.column_name as string;
  const columns = [
    'created_at',
    'created_by',
    'updated_at',
    'updated_by',
    col('name'),
    col('line'),
    col('period'),
    col('amount'),
  ];
  const perStatement = Math.floor(32_766 / columns.length);
  const random = rng(7);
  const now = new Date().toISOString();
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  let pending: unknown[][] = [];
  let count = 0;
  const flush = async (trx: typeof db) => {
    if (!pending.length) return;
    const tuples = pending.map((r) => sql`(${sql.join(r)})`);
    await sql`insert into ${sql.id(object.table_name)} (${sql.join(columns.map((c) => sql.id(c)))}) values ${sql.join(tuples)}`.execute(
      trx,
    );
    pending = [];
  };
  const linesPerTransaction = 1000;
  for (let from = 0; from < ROW_MEMBERS; from += linesPerTransaction) {
    await db.transaction().execute(async (trx) => {
      for (let i = from; i < Math.min(ROW_MEMBERS, from + linesPerTransaction); i++) {
        for (let p = 0; p < COL_MEMBERS; p++) {
          if (p !== i % COL_MEMBERS && random() >= FILL) continue;
          count++;
          pending.push([
            now,
            user,
            now,
            user,
            `Plan ${count}`,
            `Line ${pad(i + 1, 5)}`,
            `P${pad(p + 1, 3)}`,
            // Money is exact: integer cents on SQLite (platform/values.ts columnType).
            Math.round(random() * 10_000_000),
          ]);
          if (pending.length === perStatement) await flush(trx as unknown as typeof db);
        }
      }
      await flush(trx as unknown as typeof db);
    });
  }
  return count;
}

const seedStart = performance.now();
const records = await seed();
const seedMs = performance.now() - seedStart;

const cube = await qry<{ id: string }>(token, 'cubes.create', {
  objectId: plan.id,
  name: 'Plan by line and period',
  dimensions: [
    { key: 'line', field: 'line' },
    { key: 'period', field: 'period' },
  ],
  measures: [{ key: 'amount', fn: 'sum', field: 'amount' }],
  defaultLayout: { rows: ['line'], cols: ['period'], measures: ['amount'] },
});
// The aggregation once, so the browser's first window does not wait on it.
const warmStart = performance.now();
await qry(token, 'cubes.query', {
  cubeId: cube.id,
  rows: ['line'],
  cols: ['period'],
  measures: ['amount'],
  rowLimit: 100,
  colLimit: 40,
});
const firstQueryMs = performance.now() - warmStart;

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const base = `http://127.0.0.1:${port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page: Page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.addInitScript(
  ([access, refresh]) => {
    localStorage.setItem('accessToken', access);
    localStorage.setItem('fiscusToken', access);
    localStorage.setItem('refreshToken', refresh);
    const w = window as unknown as { __longTasks: number[]; __frames: number[] };
    w.__longTasks = [];
    w.__frames = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      /* no long task API */
    }
  },
  [token, signed.refreshToken] as const,
);

const rowTotal = ROW_MEMBERS + 1;
const colTotal = COL_MEMBERS + 1;
await page.goto(`${base}/fiscus/cubes/${cube.id}`);
const scroller = page.getByTestId('pivot-scroller');
await scroller.waitFor({ timeout: 60_000 });
await page.waitForFunction(
  ([rows, cols]) => {
    const el = document.querySelector('[data-testid=pivot-scroller]');
    return (
      el?.getAttribute('aria-rowcount') === String(rows + 1) &&
      el.getAttribute('aria-colcount') === String(cols + 1) &&
      !!document.querySelector('[data-testid=pivot-cell]:not([aria-busy])')
    );
  },
  [rowTotal, colTotal] as const,
  { timeout: 120_000 },
);

// Main-thread time spent during the scroll, by kind (Chromium's performance metrics).
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
const metrics = async () => {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return new Map(list.map((m) => [m.name, m.value]));
};
const profileFile = process.env.BENCH_PROFILE;
const traceFile = process.env.BENCH_TRACE;
const traceEvents: TraceEvent[] = [];
if (traceFile) {
  cdp.on('Tracing.dataCollected', (e) => {
    traceEvents.push(...(e.value as unknown as TraceEvent[]));
  });
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
}
if (profileFile) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}

// Only what happens from here on counts: the scroll, not the first load nor the instruments.
await page.waitForTimeout(500);
// Frame intervals from here on (a string: the bundler would name the loop's function).
await page.evaluate(`(() => {
  window.__longTasks = [];
  window.__frames = [];
  window.__rafOn = true;
  let last = performance.now();
  requestAnimationFrame(function tick(now) {
    window.__frames.push(now - last);
    last = now;
    if (window.__rafOn) requestAnimationFrame(tick);
  });
})()`);
const before = await metrics();

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * The renderer main thread's tasks in a trace (BENCH_TRACE). A task's wall time on a busy
 * machine includes the time its thread waited for a core; its CPU time (`tdur`) is what it
 * needs on an idle one. Prints the tasks over 50 ms of wall time with their CPU time and the
 * wall time inside them by kind of work, and the CPU time of every task (p99, max, over 50 ms).
 */
function summariseTasks(events: TraceEvent[]) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const on = events.filter(
    (e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined,
  );
  const all = on.filter((e) => e.name === 'RunTask');
  const tasks = all.filter((e) => (e.dur ?? 0) > 50_000);
  const inside: Record<string, number> = {};
  for (const t of tasks) {
    const end = t.ts + (t.dur ?? 0);
    for (const e of on)
      if (e !== t && e.ts >= t.ts && e.ts < end && e.name !== 'RunTask')
        inside[e.name] = (inside[e.name] ?? 0) + (e.dur ?? 0) / 1000;
  }
  const ms = (us: number | undefined) => +((us ?? 0) / 1000).toFixed(1);
  const cpu = all.map((t) => ms(t.tdur)).sort((a, b) => a - b);
  const longCpu = tasks.map((t) => ms(t.tdur)).sort((a, b) => a - b);
  const at = (xs: number[], p: number) =>
    xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
  return {
    over50msWall: {
      count: tasks.length,
      wallMsMax: Math.max(0, ...tasks.map((t) => ms(t.dur))),
      cpuMsMedian: at(longCpu, 0.5),
      cpuMsMax: at(longCpu, 1),
      insideWallMs: Object.fromEntries(
        Object.entries(inside)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 10)
          .map(([k, v]) => [k, Math.round(v)]),
      ),
    },
    everyTaskCpu: {
      tasks: cpu.length,
      totalMs: Math.round(cpu.reduce((a, b) => a + b, 0)),
      p99Ms: at(cpu, 0.99),
      maxMs: at(cpu, 1),
      over16ms: cpu.filter((x) => x > 16).length,
      over50ms: cpu.filter((x) => x > 50).length,
    },
  };
}

interface Sample {
  cells: number;
  rowHeaders: number;
}
/** Scrolls to a fraction of the way down and across, and counts the DOM two frames later. */
const scrollTo = (y: number, x: number) =>
  page.evaluate(
    ([fy, fx]) => {
      const el = document.querySelector('[data-testid=pivot-scroller]') as HTMLElement;
      el.scrollTop = (el.scrollHeight - el.clientHeight) * fy;
      el.scrollLeft = (el.scrollWidth - el.clientWidth) * fx;
      return new Promise<{ cells: number; rowHeaders: number }>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve({
              cells: document.querySelectorAll('[data-testid=pivot-cell]').length,
              rowHeaders: document.querySelectorAll('[data-testid=pivot-row-header]').length,
            }),
          ),
        ),
      );
    },
    [y, x] as const,
  );

const samples: Sample[] = [];
const passes: Record<string, number> = {};
const pass = async (name: string, steps: number, at: (s: number) => [number, number]) => {
  const t0 = performance.now();
  for (let s = 1; s <= steps; s++) samples.push(await scrollTo(...at(s / steps)));
  passes[name] = Math.round(performance.now() - t0);
};
const half = Math.max(1, Math.round(STEPS / 2));
await pass('down', STEPS, (f) => [f, 0]);
await pass('across', half, (f) => [1, f]);
await pass('diagonalBack', half, (f) => [1 - f, 1 - f]);
const after = await metrics();
const spent = (name: string) =>
  Math.round(((after.get(name) ?? 0) - (before.get(name) ?? 0)) * 1000);
let taskSummary: ReturnType<typeof summariseTasks> | undefined;
if (traceFile) {
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  writeFileSync(traceFile, JSON.stringify({ traceEvents }));
  taskSummary = summariseTasks(traceEvents);
}
if (profileFile) {
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(profileFile, JSON.stringify(profile));
}
const { longTasks, frames } = await page.evaluate(() => {
  const w = window as unknown as { __longTasks: number[]; __frames: number[]; __rafOn: boolean };
  w.__rafOn = false;
  return { longTasks: w.__longTasks, frames: w.__frames.slice(1) };
});

// The far corner: the last row (the grand total) and the last column, with their values.
await scrollTo(1, 1);
const corner = page.locator(
  `[data-testid=pivot-cell][data-row="${rowTotal - 1}"][data-col="${colTotal - 1}"]:not([aria-busy])`,
);
const lastCellReached = await corner
  .waitFor({ timeout: 60_000 })
  .then(() => true)
  .catch(() => false);
const grandTotal = lastCellReached ? await corner.textContent() : null;
if (process.env.BENCH_SCREENSHOT) await page.screenshot({ path: process.env.BENCH_SCREENSHOT });
const fits = await page.evaluate(() => {
  const el = document.querySelector('[data-testid=pivot-scroller]') as HTMLElement;
  const cell = document.querySelector('[data-testid=pivot-cell]') as HTMLElement | null;
  const head = document.querySelector('[data-testid=pivot-row-header]') as HTMLElement | null;
  const rows = Math.ceil(el.clientHeight / (cell?.offsetHeight || 32));
  const cols = Math.ceil(
    (el.clientWidth - (head?.offsetWidth ?? 260)) / (cell?.offsetWidth || 128),
  );
  return { rows, cols, cells: rows * cols };
});
load.push(loadavg());

const sorted = [...frames].sort((a, b) => a - b);
const pct = (p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
const maxCells = Math.max(...samples.map((s) => s.cells));
const maxRowHeaders = Math.max(...samples.map((s) => s.rowHeaders));

process.stdout.write(
  `${JSON.stringify(
    {
      pivot: `${ROW_MEMBERS} × ${COL_MEMBERS}`,
      records,
      seedMs: Math.round(seedMs),
      firstQueryMs: Math.round(firstQueryMs),
      scrollSteps: samples.length,
      passesMs: passes,
      visible: fits,
      maxDomCells: maxCells,
      maxDomRowHeaders: maxRowHeaders,
      domCellsOverVisible: maxCells - fits.cells,
      longTasks: longTasks.length,
      longTasksOver50ms: longTasks.filter((d) => d > 50).length,
      longestTaskMs: Math.round(Math.max(0, ...longTasks)),
      longTasksTotalMs: Math.round(longTasks.reduce((a, b) => a + b, 0)),
      frameMs: { count: frames.length, p50: pct(0.5), p95: pct(0.95), max: pct(1) },
      // Main-thread busy time over the whole scroll: all tasks, script, layout, style.
      mainThreadMs: {
        tasks: spent('TaskDuration'),
        script: spent('ScriptDuration'),
        layout: spent('LayoutDuration'),
        style: spent('RecalcStyleDuration'),
        // CPU time of the main thread (unlike the above, not inflated by a busy machine).
        cpu: spent('ThreadTime'),
      },
      lastCellReached,
      grandTotal,
      ...(taskSummary ? { trace: taskSummary } : {}),
      loadavg: load.map((l) => l.map((x) => +x.toFixed(2))),
    },
    null,
    2,
  )}\n`,
);

await browser.close();
await close();
