// Size budgets of the console's production build (QUALITY.md P8), checked in `npm test` right
// after the build — a size budget, not a timing. It reads the build's manifest
// (apps/web/dist/.vite/manifest.json) and measures:
//   - the sign-in page: the entry and the sign-in chunk (its layout and route,
//     apps/web/chunk-layers.ts), with every chunk they import statically, all the way down;
//   - the console shell after sign-in: the entry, the console chunk (the console's layer and the
//     main layout) and the dashboard's route, the same way, and every chunk they load lazily
//     (the navbar's slots, the widgets' parts), the same way again — all but the other screens and
//     the chunks named below as loaded on demand: what the browser loads for the dashboard;
//   - every chunk of the build, minified;
//   - that no chunks import each other statically in a cycle.
// Each chunk counts once, gzip-compressed on its own (as served). `bench/bundle.ts` measures the
// pages in a browser. Exits 1 when a budget is exceeded.
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
  signInKb: Number(process.env.BUDGET_SIGN_IN_KB ?? 149),
  shellKb: Number(process.env.BUDGET_SHELL_KB ?? 286),
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

/** The manifest key of a layer's chunk (apps/web/chunk-layers.ts), e.g. `_sign-in-<hash>.js`. */
function layerOf(name) {
  const key = Object.keys(manifest).find(
    (k) => manifest[k].name === name && manifest[k].file.endsWith('.js') && !manifest[k].src,
  );
  if (!key) {
    console.error(`check-bundle: the build has no "${name}" chunk (apps/web/chunk-layers.ts)`);
    process.exit(1);
  }
  return key;
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

/**
 * Modules the console shell and the dashboard import lazily that load only on a user's action or
 * when there is something to show, not with the first screen (docs/footprint.md). Any other
 * lazy import of the shell counts in its figure.
 */
const onDemand = [
  // The demo areas' mock backend: started by a demo screen or the cart.
  'src/mocks/browser.ts',
  // The cart's dropdown: when the cart is opened or the mock backend runs.
  'src/features/demo/ecommerce/cart-dropdown.tsx',
  // The toast package: with the first toast (lib/toast.ts).
  'node_modules/@mantine/notifications/esm/index.mjs',
  // The search palette and the bell's list: when opened.
  'src/features/search/components/search-palette.tsx',
  'src/features/ribbon/components/notifications-panel.tsx',
  // The chart library: when a chart has figures to draw.
  'src/components/echarts-core.ts',
];
for (const key of onDemand) entryOf(key);

/** A screen of the routes table or the sign-in page: a page of its own, not the shell's. */
const isScreen = (key) => key.startsWith('src/app/routes/') || manifest[key].name === 'sign-in';

/** The files `sources` load: their static imports and, with `lazy`, what they load lazily. */
function pageKb(sources, lazy = false) {
  const keys = new Set();
  const visit = (source) => {
    for (const key of closure(source)) {
      if (keys.has(key)) continue;
      keys.add(key);
      if (!lazy) continue;
      for (const next of manifest[key].dynamicImports ?? []) {
        if (!isScreen(next) && !onDemand.includes(next)) visit(next);
      }
    }
  };
  for (const source of sources.filter(Boolean)) visit(source);
  const files = new Set([...keys].map((key) => manifest[key].file));
  return Math.round([...files].reduce((sum, file) => sum + gzipKb(file), 0));
}

const entry = entryOf('index.html');
// The sign-in page's layout and route are in its layer's chunk; the console's layer and the
// main layout in the console's.
const signIn = pageKb([entry, layerOf('sign-in')]);
const shell = pageKb(
  [
    entry,
    layerOf('console'),
    entryOf('src/app/layouts/main-layout.tsx', true),
    entryOf('src/app/routes/fiscus/dashboard.tsx'),
  ],
  true,
);
const chunks = [...new Set(Object.values(manifest).map((m) => m.file))]
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, kb: Math.round(statSync(path.join(dist, file)).size / 1024) }))
  .sort((a, b) => b.kb - a.kb);
const largest = chunks[0];

/**
 * Chunks that import each other statically in a cycle (the manifest's keys): a cycle lets a
 * chunk's modules run before those they use (docs/footprint.md).
 */
function cycles() {
  const found = [];
  const state = new Map();
  const stack = [];
  const visit = (key) => {
    state.set(key, 'open');
    stack.push(key);
    for (const next of manifest[key]?.imports ?? []) {
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)).concat(next));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(key, 'done');
  };
  for (const key of Object.keys(manifest)) if (!state.has(key)) visit(key);
  return found;
}

const failures = [];
for (const cycle of cycles()) {
  failures.push(
    `chunks import each other in a cycle: ${cycle.map((k) => manifest[k].file).join(' → ')}`,
  );
}
if (signIn > budgets.signInKb) {
  failures.push(`over budget: sign-in page ${signIn} KB gzip > ${budgets.signInKb} KB`);
}
if (shell > budgets.shellKb) {
  failures.push(
    `over budget: console shell after sign-in ${shell} KB gzip > ${budgets.shellKb} KB`,
  );
}
for (const chunk of chunks.filter((c) => c.kb > budgets.chunkKb)) {
  failures.push(`over budget: chunk ${chunk.file} ${chunk.kb} KB minified > ${budgets.chunkKb} KB`);
}
console.log(
  `check-bundle: sign-in ${signIn} KB gzip (budget ${budgets.signInKb}), console shell ${shell} KB ` +
    `gzip (budget ${budgets.shellKb}), largest chunk ${largest.kb} KB minified ` +
    `(${path.basename(largest.file)}, budget ${budgets.chunkKb})`,
);
if (failures.length > 0) {
  for (const failure of failures) console.error(`check-bundle: ${failure}`);
  process.exit(1);
}
