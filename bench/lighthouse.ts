/**
 * Lighthouse benchmark (QUALITY.md P9): serves the production build of the console with the real
 * server (compression, caching headers), runs Lighthouse (the npm package) in the system
 * Chromium on the sign-in page (signed out) and the dashboard (signed in), and prints JSON with
 * the performance, accessibility and best-practices scores and, per page, the audits that cost
 * points.
 *
 * Needs a production build of the console: `npm run build -w @fiscus/web` (or set
 * BENCH_WEB_DIST to a build directory).
 * Run: node --conditions=source --import tsx bench/lighthouse.ts [--mobile] [--only=dashboard]
 *   --mobile: Lighthouse's default phone settings (slow 4G and a 4× slower CPU, simulated)
 *   instead of the desktop preset.
 *   --only=sign-in, --only=dashboard: audit that page only.
 * Env: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_DEBUG_PORT (Chromium's debugging port,
 * default 3139), BENCH_LHR_DIR (a folder to write each page's whole Lighthouse report to, as
 * JSON: the scripts' CPU time, long tasks, the LCP element, unused CSS by file).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { benchApp } from './lib/app.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = process.env.BENCH_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error(
    `No console build in ${webDist}: run "npm run build -w @fiscus/web" first or set BENCH_WEB_DIST.`,
  );
  process.exit(1);
}
const mobile = process.argv.includes('--mobile');
const only = /^--only=(sign-in|dashboard)$/.exec(
  process.argv.find((a) => a.startsWith('--only=')) ?? '',
)?.[1];
const debugPort = Number(process.env.BENCH_DEBUG_PORT ?? 3139);
const categories = ['performance', 'accessibility', 'best-practices'] as const;

const { app, signed, close } = await benchApp({ webDist, username: 'lighthousebench' });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const base = `http://127.0.0.1:${port}`;

// A persistent profile: Lighthouse opens its tab in the browser's default context, the one whose
// storage holds the session set below.
const profile = mkdtempSync(path.join(tmpdir(), 'fiscus-lighthouse-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    `--remote-debugging-port=${debugPort}`,
  ],
});

/** Signs the browser in (the tokens in localStorage) or out, as a user would be. */
async function session(signedIn: boolean) {
  const page = await context.newPage();
  await page.goto(`${base}/favicon.svg`);
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.clear();
      if (access && refresh) {
        localStorage.setItem('accessToken', access);
        localStorage.setItem('fiscusToken', access);
        localStorage.setItem('refreshToken', refresh);
      }
    },
    signedIn ? [signed.accessToken, signed.refreshToken] : [null, null],
  );
  await page.close();
}

/** The audits of a category that cost points, worst first. */
function findings(lhr: Result, category: string) {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0 || category === 'performance')
    .map((ref) => lhr.audits[ref.id])
    .filter((a): a is NonNullable<typeof a> => !!a && a.score !== null && a.score < 0.9)
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    .map((a) => {
      const text = `${a.id} (${Math.round((a.score ?? 0) * 100)}): ${a.displayValue ?? a.title}`;
      // Accessibility audits name the elements that fail.
      const items = a.details?.type === 'table' ? a.details.items : [];
      const nodes = items
        .map((item) => (item.node as { snippet?: string } | undefined)?.snippet)
        .filter((snippet): snippet is string => !!snippet)
        .slice(0, 5);
      return nodes.length > 0 ? `${text} — ${nodes.join(' | ')}` : text;
    });
}

async function audit(pathname: string, signedIn: boolean) {
  await session(signedIn);
  const result = await lighthouse(
    `${base}${pathname}`,
    {
      port: debugPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      // Keeps the session just stored (Lighthouse clears the origin's storage otherwise).
      disableStorageReset: true,
    },
    mobile ? undefined : desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${pathname}`);
  const { lhr } = result;
  const reports = process.env.BENCH_LHR_DIR;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name = pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '');
    writeFileSync(
      path.join(reports, `${name}${mobile ? '-mobile' : ''}.json`),
      JSON.stringify(lhr),
    );
  }
  const scores = Object.fromEntries(
    categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  );
  const metrics = Object.fromEntries(
    [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ].map((id) => [id, lhr.audits[id]?.displayValue ?? null]),
  );
  return {
    path: pathname,
    finalUrl: lhr.finalDisplayedUrl,
    scores,
    metrics,
    findings: Object.fromEntries(categories.map((c) => [c, findings(lhr, c)])),
    runWarnings: lhr.runWarnings,
  };
}

try {
  const signIn = only === 'dashboard' ? undefined : await audit('/login', false);
  const dashboard = only === 'sign-in' ? undefined : await audit('/dashboard/fiscus', true);
  console.log(
    JSON.stringify(
      {
        p9_sign_in: signIn,
        p9_dashboard: dashboard,
        settings: mobile ? 'mobile (Lighthouse default)' : 'desktop preset',
        bars: { performance: 95, accessibility: 95, 'best-practices': 95 },
      },
      null,
      2,
    ),
  );
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await close();
}
