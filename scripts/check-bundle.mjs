// Size budgets of the console's production build (QUALITY.md P8), checked in `npm test` right
// after the build — a size budget, not a timing. It reads the build's manifest
// (apps/web/dist/.vite/manifest.json) and measures:
//   - the sign-in page: the entry, the full layout and the sign-in route, with every chunk they
//     import statically, all the way down;
//   - the console shell after sign-in: the entry, the main layout, the console's layer (when the
//     build has one) and the dashboard, the same way;
//   - every chunk of the build, minified.
// Each chunk counts once, gzip-compressed on its own (as served). Chunks a page loads later on
// demand (texts, widgets, the toast container) are not in these figures; `bench/bundle.ts`
// measures the pages in a browser. Exits 1 when a budget is exceeded.
//
// The budgets are the figures the console has reached, kept from growing; QUALITY.md P8's bars
// (150 KB, 300 KB, 500 KB) are in README, "Footprint". Override with BUDGET_SIGN_IN_KB,
// BUDGET_SHELL_KB, BUDGET_CHUNK_KB; BUNDLE_DIST points at another build.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.BUNDLE_DIST ?? path.join(root, 'apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');

const budgets = {
  signInKb: Number(process.env.BUDGET_SIGN_IN_KB ?? 265),
  shellKb: Number(process.env.BUDGET_SHELL_KB ?? 475),
  chunkKb: Number(process.env.BUDGET_CHUNK_KB ?? 500),
};

if (!existsSync(manifestFile)) {
  console.error(`check-bundle: no build manifest in ${dist} (run "npm run build" first)`);
  process.exit(1);
}

/** @type {Record<string, {file: string, imports?: string[], isEntry?: boolean}>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

function entryOf(source, optional = false) {
  const entry = manifest[source];
  if (!entry && !optional) {
    console.error(`check-bundle: ${source} is not in the build (renamed? update this script)`);
    process.exit(1);
  }
  return entry ? source : undefined;
}

/** The manifest keys `from` imports statically, all the way down, `from` included. */
function closure(from, seen = new Set()) {
  if (seen.has(from)) return seen;
  seen.add(from);
  for (const next of manifest[from].imports ?? []) closure(next, seen);
  return seen;
}

const gzipOf = new Map();
function gzipKb(file) {
  let size = gzipOf.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
    gzipOf.set(file, size);
  }
  return size;
}

function pageKb(sources) {
  const files = new Set();
  for (const source of sources.filter(Boolean)) {
    for (const key of closure(source)) files.add(manifest[key].file);
  }
  return Math.round([...files].reduce((sum, file) => sum + gzipKb(file), 0));
}

const entry = entryOf('index.html');
const signIn = pageKb([
  entry,
  entryOf('src/app/layouts/full-layout.tsx'),
  entryOf('src/app/routes/auth/login.tsx'),
]);
const shell = pageKb([
  entry,
  entryOf('src/app/layouts/main-layout.tsx'),
  entryOf('src/app/shell/console-layer.ts', true),
  entryOf('src/app/routes/fiscus/dashboard.tsx'),
]);
const chunks = [...new Set(Object.values(manifest).map((m) => m.file))]
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, kb: Math.round(statSync(path.join(dist, file)).size / 1024) }))
  .sort((a, b) => b.kb - a.kb);
const largest = chunks[0];

const failures = [];
if (signIn > budgets.signInKb) {
  failures.push(`sign-in page ${signIn} KB gzip > ${budgets.signInKb} KB`);
}
if (shell > budgets.shellKb) {
  failures.push(`console shell after sign-in ${shell} KB gzip > ${budgets.shellKb} KB`);
}
for (const chunk of chunks.filter((c) => c.kb > budgets.chunkKb)) {
  failures.push(`chunk ${chunk.file} ${chunk.kb} KB minified > ${budgets.chunkKb} KB`);
}
console.log(
  `check-bundle: sign-in ${signIn} KB gzip (budget ${budgets.signInKb}), console shell ${shell} KB ` +
    `gzip (budget ${budgets.shellKb}), largest chunk ${largest.kb} KB minified ` +
    `(${path.basename(largest.file)}, budget ${budgets.chunkKb})`,
);
if (failures.length > 0) {
  for (const failure of failures) console.error(`check-bundle: over budget: ${failure}`);
  process.exit(1);
}
