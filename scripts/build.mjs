// Builds the contracts, the console and the server — each only when its inputs changed.
//
// Every part has a list of inputs (its folder without build output, the contracts' sources it
// compiles against, the root manifests and lockfile, and for the console the VITE_* variables
// baked into it). Their content hash is kept in node_modules/.cache/fiscus-build/<part>.json
// after a successful build; a part whose hash is unchanged and whose output is still there is
// skipped. TypeScript builds are incremental (tsbuildinfo in dist), so a change recompiles
// little. `--force` rebuilds everything. Names of parts (`node scripts/build.mjs contracts
// server`) build only those (the benchmarks that start the built server do).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const cacheDir = path.join(root, 'node_modules/.cache/fiscus-build');

/** Folders and files that are output, not input. */
const SKIP = new Set(['node_modules', 'dist', 'coverage', '.vite', '.turbo']);
const SKIP_SUFFIX = ['.tsbuildinfo', '.log'];

const common = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'scripts/build.mjs'];
const contractsSource = ['packages/contracts/src', 'packages/contracts/package.json'];

const parts = [
  {
    name: 'contracts',
    inputs: ['packages/contracts', ...common],
    output: 'packages/contracts/dist/index.js',
    command: ['npm', 'run', 'build', '-w', '@fiscus/contracts'],
  },
  {
    name: 'console',
    inputs: ['apps/web', ...contractsSource, ...common],
    env: (name) => name.startsWith('VITE_') || name === 'NODE_ENV',
    output: 'apps/web/dist/index.html',
    command: ['npm', 'run', 'build', '-w', '@fiscus/web'],
  },
  {
    name: 'server',
    inputs: ['apps/server', ...contractsSource, ...common],
    output: 'apps/server/dist/server.js',
    command: ['npm', 'run', 'build', '-w', '@fiscus/server'],
  },
];

/** Files under `rel` (a file or a folder), sorted, output folders left out. */
function files(rel) {
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [rel];
  const out = [];
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || SKIP_SUFFIX.some((s) => entry.name.endsWith(s))) continue;
    const child = path.posix.join(rel, entry.name);
    if (entry.isDirectory()) out.push(...files(child));
    else if (entry.isFile()) out.push(child);
  }
  return out.sort();
}

function inputHash(part) {
  const hash = createHash('sha256');
  for (const file of [...new Set(part.inputs.flatMap(files))].sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  if (part.env) {
    for (const name of Object.keys(process.env).filter(part.env).sort()) {
      hash.update(`env ${name}=${process.env[name]}\0`);
    }
  }
  return hash.digest('hex');
}

const stampFile = (part) => path.join(cacheDir, `${part.name}.json`);

function upToDate(part, hash) {
  if (force || !existsSync(path.join(root, part.output))) return false;
  try {
    return JSON.parse(readFileSync(stampFile(part), 'utf8')).hash === hash;
  } catch {
    return false;
  }
}

const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const unknown = only.filter((name) => !parts.some((p) => p.name === name));
if (unknown.length) {
  console.error(
    `build: no part named ${unknown.join(', ')} (parts: ${parts.map((p) => p.name).join(', ')})`,
  );
  process.exit(2);
}

const started = Date.now();
for (const part of parts.filter((p) => !only.length || only.includes(p.name))) {
  const t0 = Date.now();
  const hash = inputHash(part);
  if (upToDate(part, hash)) {
    console.log(`build: ${part.name} unchanged (${Date.now() - t0} ms)`);
    continue;
  }
  console.log(`build: ${part.name} …`);
  const [cmd, ...args] = part.command;
  const run = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (run.status !== 0) {
    console.error(`build: ${part.name} failed`);
    process.exit(run.status ?? 1);
  }
  mkdirSync(cacheDir, { recursive: true });
  // The hash of the inputs as they were before the build: a file edited meanwhile builds again.
  writeFileSync(
    stampFile(part),
    JSON.stringify({ hash, builtAt: new Date().toISOString() }) + '\n',
  );
  console.log(`build: ${part.name} built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
