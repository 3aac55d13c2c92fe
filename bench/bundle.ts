/**
 * Bundle benchmark (QUALITY.md P8): serves the production build of the console, opens the
 * sign-in page (signed out) and the dashboard (signed in) in Chromium, and prints JSON with the
 * JavaScript each page loads (gzip, as sent over the wire with compression) and every chunk of
 * the build over 500 KB minified.
 *
 * Needs a production build of the console: `npm run build -w @fiscus/web` (or set
 * BENCH_WEB_DIST to a build directory).
 * Run: node --conditions=source --import tsx bench/bundle.ts [--files]
 * Env: CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { benchApp } from './lib/app.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = process.env.BENCH_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error(
    `No console build in ${webDist}: run "npm run build -w @fiscus/web" first or set BENCH_WEB_DIST.`,
  );
  process.exit(1);
}

const { app, signed, close } = await benchApp({ webDist, username: 'bundlebench' });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const base = `http://127.0.0.1:${port}`;

/** `--files`: list every file a page loads, not only the five largest. */
const detail = process.argv.includes('--files');

const gzipOf = new Map<string, number>();
function gzipKb(file: string): number {
  let size = gzipOf.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    gzipOf.set(file, size);
  }
  return size / 1024;
}

/** The JavaScript files of the build a page loads until the network is idle. */
async function pageJs(browser: Browser, pathname: string, tokens: boolean) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  if (tokens) {
    await page.addInitScript(
      ([access, refresh]) => {
        localStorage.setItem('accessToken', access);
        localStorage.setItem('fiscusToken', access);
        localStorage.setItem('refreshToken', refresh);
      },
      [signed.accessToken, signed.refreshToken] as const,
    );
  }
  const files = new Set<string>();
  // Translation files are JSON fetched as data (apps/web/src/lib/i18n.ts): not JavaScript, but
  // shown beside it so the whole download of a page is in view.
  const texts = new Set<string>();
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (!existsSync(path.join(webDist, p))) return;
    if (p.endsWith('.js')) files.add(p);
    else if (p.startsWith('/assets/') && p.endsWith('.json')) texts.add(p);
  });
  await page.goto(`${base}${pathname}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  await page.close();
  const sizes = [...files].map((p) => ({ file: p, kb: gzipKb(path.join(webDist, p)) }));
  sizes.sort((a, b) => b.kb - a.kb);
  return {
    path: pathname,
    files: sizes.length,
    gzipKb: Math.round(sizes.reduce((s, x) => s + x.kb, 0)),
    largest: sizes.slice(0, 5).map((x) => `${Math.round(x.kb)} KB ${path.basename(x.file)}`),
    ...(detail ? { all: sizes.map((x) => `${x.kb.toFixed(1)} KB ${path.basename(x.file)}`) } : {}),
    translations: {
      files: texts.size,
      gzipKb: Number([...texts].reduce((s, p) => s + gzipKb(path.join(webDist, p)), 0).toFixed(1)),
    },
  };
}

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
const login = await pageJs(browser, '/login', false);
const shell = await pageJs(browser, '/dashboard/fiscus', true);
await browser.close();
await close();

const assets = path.join(webDist, 'assets');
const over500 = readdirSync(assets)
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ file: f, kb: Math.round(statSync(path.join(assets, f)).size / 1024) }))
  .filter((x) => x.kb > 500);

console.log(
  JSON.stringify(
    {
      p8_login: login,
      p8_shell_after_login: shell,
      chunksOver500KbMinified: over500,
      bars: { loginKb: 150, shellKb: 300, chunkKb: 500 },
    },
    null,
    2,
  ),
);
