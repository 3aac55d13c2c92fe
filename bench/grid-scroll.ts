/// <reference lib="dom" />
/**
 * Grid benchmark (QUALITY.md P7): seeds an object with 1M records, opens its list screen in
 * Chromium, scrolls the grid from top to bottom and prints JSON with the long tasks seen
 * (PerformanceObserver "longtask"), the largest number of rows in the DOM and whether the last
 * row was reached.
 *
 * Needs a production build of the console: `npm run build -w @fiscus/web` (or set
 * BENCH_WEB_DIST to a build directory).
 * Run: node --conditions=source --import tsx bench/grid-scroll.ts
 * Env: BENCH_ROWS (default 1000000), BENCH_STEPS (scroll steps, default 200),
 * CHROMIUM_PATH (default /usr/bin/chromium), BENCH_TRACE (a file: writes a Chrome performance
 * trace of the scroll, to open in DevTools' Performance panel), BENCH_PROFILE (a file: writes a
 * JavaScript CPU profile of the scroll), BENCH_SCREENSHOT (a PNG file: the grid after the scroll).
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { benchApp } from './lib/app.js';
import { seedRows } from './lib/seed.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const STEPS = Number(process.env.BENCH_STEPS ?? 200);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = process.env.BENCH_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error(
    `No console build in ${webDist}: run "npm run build -w @fiscus/web" first or set BENCH_WEB_DIST.`,
  );
  process.exit(1);
}

const { app, signed, token, obj, close } = await benchApp({ webDist, username: 'gridbench' });
const seedStart = performance.now();
await seedRows(app, obj.id, ROWS, signed.session.user.id);
const seedMs = performance.now() - seedStart;

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
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.addInitScript(
  ([access, refresh]) => {
    localStorage.setItem('accessToken', access);
    localStorage.setItem('fiscusToken', access);
    localStorage.setItem('refreshToken', refresh);
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
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

await page.goto(`${base}/fiscus/object/${obj.id}`);
const scroller = page.getByTestId('data-grid-scroller');
await scroller.waitFor();
await page.locator('[data-testid=grid-row]:not([aria-busy])').first().waitFor({ timeout: 60_000 });
// The total arrives separately; wait until the grid knows it.
await page.waitForFunction(
  (rows) =>
    document.querySelector('[data-testid=data-grid-scroller]')?.getAttribute('aria-rowcount') ===
    String(rows + 1),
  ROWS,
  { timeout: 60_000 },
);
const traceFile = process.env.BENCH_TRACE;
const profileFile = process.env.BENCH_PROFILE;
if (traceFile) {
  await browser.startTracing(page, {
    path: traceFile,
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.frame',
      'disabled-by-default-v8.cpu_profiler',
      'v8.execute',
      'blink.user_timing',
    ],
  });
}
// Main-thread time spent during the scroll, by kind (Chromium's performance metrics).
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
const metrics = async () => {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return new Map(list.map((m) => [m.name, m.value]));
};
if (profileFile) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}

// Only long tasks from here on count: the scroll, not the first load nor the instruments.
await page.waitForTimeout(500);
await page.evaluate(() => {
  (window as unknown as { __longTasks: number[] }).__longTasks = [];
});
const before = await metrics();

let maxDomRows = 0;
const started = performance.now();
for (let i = 1; i <= STEPS; i++) {
  const domRows = await page.evaluate(
    ([step, steps]) => {
      const el = document.querySelector('[data-testid=data-grid-scroller]') as HTMLElement;
      el.scrollTop = ((el.scrollHeight - el.clientHeight) * step) / steps;
      return new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve(document.querySelectorAll('[data-testid=grid-row]').length),
          ),
        ),
      );
    },
    [i, STEPS] as const,
  );
  maxDomRows = Math.max(maxDomRows, domRows);
}
const scrollMs = performance.now() - started;
const after = await metrics();
const spent = (name: string) =>
  Math.round(((after.get(name) ?? 0) - (before.get(name) ?? 0)) * 1000);
if (profileFile) {
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(profileFile, JSON.stringify(profile));
}
if (traceFile) await browser.stopTracing();
const lastRow = page.locator(
  `[data-testid=grid-row][aria-rowindex="${ROWS + 1}"]:not([aria-busy])`,
);
const lastRowReached = await lastRow
  .waitFor({ timeout: 30_000 })
  .then(() => true)
  .catch(() => false);
if (process.env.BENCH_SCREENSHOT) await page.screenshot({ path: process.env.BENCH_SCREENSHOT });
const visible = await page.evaluate(() => {
  const el = document.querySelector('[data-testid=data-grid-scroller]') as HTMLElement;
  const row = document.querySelector('[data-testid=grid-row]') as HTMLElement | null;
  return Math.ceil(el.clientHeight / (row?.offsetHeight || 36));
});
const longTasks = await page.evaluate(
  () => (window as unknown as { __longTasks: number[] }).__longTasks,
);

process.stdout.write(
  `${JSON.stringify(
    {
      rows: ROWS,
      seedMs: Math.round(seedMs),
      scrollSteps: STEPS,
      scrollMs: Math.round(scrollMs),
      visibleRows: visible,
      maxDomRows,
      domRowsOverVisible: maxDomRows - visible,
      longTasks: longTasks.length,
      longTasksOver50ms: longTasks.filter((d) => d > 50).length,
      longestTaskMs: Math.round(Math.max(0, ...longTasks)),
      longTasksTotalMs: Math.round(longTasks.reduce((a, b) => a + b, 0)),
      // Main-thread busy time over the whole scroll: all tasks, script, layout, style.
      mainThreadMs: {
        tasks: spent('TaskDuration'),
        script: spent('ScriptDuration'),
        layout: spent('LayoutDuration'),
        style: spent('RecalcStyleDuration'),
        // CPU time of the main thread (unlike the above, not inflated by a busy machine).
        cpu: spent('ThreadTime'),
      },
      lastRowReached,
    },
    null,
    2,
  )}\n`,
);

await browser.close();
await close();
