// Checks that package-lock.json lets `npm ci` install on every platform we support
// (Linux, macOS, Windows), offline and in a second:
//  1. every workspace's package.json agrees with the lockfile (no dependency added by hand);
//  2. every dependency of every locked package resolves to a locked package — above all the
//     platform-specific optional ones (esbuild, rolldown, lightningcss, argon2 bindings, …):
//     npm leaves out an optional package it cannot fetch, and `npm ci` then refuses the
//     lockfile on every machine, this one included;
//  3. for each supported platform, every package that ships its native code as per-platform
//     optional packages has at least one locked package for that platform.
// How to add a dependency without breaking this: README "Dependencies and the lockfile".
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const packages = lock.packages ?? {};
const problems = [];

if (lock.lockfileVersion !== 3) {
  problems.push(`lockfileVersion is ${lock.lockfileVersion}; npm 9+ writes 3`);
}

// 1. package.json files and their lockfile entries agree.
const depFields = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
const workspacePaths = ['', ...(packages['']?.workspaces ?? [])];
for (const ws of workspacePaths) {
  const manifest = JSON.parse(readFileSync(join(root, ws, 'package.json'), 'utf8'));
  const entry = packages[ws];
  const where = ws || 'the root';
  if (!entry) {
    problems.push(`${where}: workspace missing from the lockfile`);
    continue;
  }
  for (const field of depFields) {
    const want = manifest[field] ?? {};
    const have = entry[field] ?? {};
    for (const name of new Set([...Object.keys(want), ...Object.keys(have)])) {
      if (want[name] !== have[name]) {
        problems.push(
          `${where}: ${field}.${name} is ${JSON.stringify(want[name])} in package.json but ` +
            `${JSON.stringify(have[name])} in the lockfile`,
        );
      }
    }
  }
}

// 2. Every dependency of every locked package is locked where Node would look for it.
const resolve = (from, name) => {
  for (let dir = from; ; dir = posix.dirname(dir)) {
    if (dir === '.') dir = '';
    if (posix.basename(dir) !== 'node_modules') {
      const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
      if (packages[candidate]) return candidate;
    }
    if (dir === '') return undefined;
  }
};
for (const [path, entry] of Object.entries(packages)) {
  if (entry.link) continue;
  const optional = entry.peerDependenciesMeta ?? {};
  const wanted = [
    ...Object.keys(entry.dependencies ?? {}).map((n) => [n, 'dependency']),
    ...Object.keys(entry.optionalDependencies ?? {}).map((n) => [n, 'optional dependency']),
    ...Object.keys(entry.peerDependencies ?? {})
      .filter((n) => !optional[n]?.optional)
      .map((n) => [n, 'peer dependency']),
  ];
  for (const [name, kind] of wanted) {
    if (!resolve(path, name)) {
      problems.push(`missing from the lockfile: ${name} (${kind} of ${path || 'the root'})`);
    }
  }
}

// 3. Packages with per-platform native builds have one for each platform we support.
const platforms = [
  { os: 'linux', cpu: 'x64' },
  { os: 'darwin', cpu: 'arm64' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'win32', cpu: 'x64' },
];
const fits = (list, value) =>
  !list ||
  (list.some((v) => !v.startsWith('!')) ? list.includes(value) : !list.includes(`!${value}`));
for (const [path, entry] of Object.entries(packages)) {
  const optionalNames = Object.keys(entry.optionalDependencies ?? {});
  const natives = optionalNames
    .map((name) => packages[resolve(path, name) ?? ''])
    .filter((dep) => dep && (dep.os || dep.cpu));
  // A package counts as "native per platform" when two or more of its optional dependencies
  // are bound to an os or cpu.
  if (natives.length < 2) continue;
  for (const platform of platforms) {
    if (!natives.some((dep) => fits(dep.os, platform.os) && fits(dep.cpu, platform.cpu))) {
      problems.push(
        `${path}@${entry.version}: no locked native package for ${platform.os}-${platform.cpu}`,
      );
    }
  }
}

if (problems.length > 0) {
  console.error(`package-lock.json is incomplete — \`npm ci\` would refuse it:`);
  for (const problem of problems) console.error(`  - ${problem}`);
  console.error(
    'Regenerate it as README "Dependencies and the lockfile" says ' +
      '(npm install --package-lock-only; pin a package whose platform builds are not all published).',
  );
  process.exit(1);
}
console.log(
  `package-lock.json: ${Object.keys(packages).length} entries, complete for every platform`,
);
