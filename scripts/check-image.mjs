// Rehearses the Dockerfile without a container engine (docs/deploy.md#docker): what its stages
// do is done here in a clean directory, so a Dockerfile that no longer fits the repository
// fails here rather than in an operator's `docker build`.
//
// 1. The build stage: `npm run build` (contracts, console, server) in the repository, and
//    `npm ci --omit=dev` from the lockfile in a clean directory (the production dependencies
//    the image keeps).
// 2. The run stage: a second clean directory holds exactly what the final stage's `COPY` lines
//    copy (node_modules from step 1, the rest from the repository), with the stage's `ENV`.
// 3. The image's `CMD` starts the server from that directory as an unprivileged user (the
//    stage's `USER`; `nobody` here when the script runs as root), on SQLite in an empty data
//    directory: it must get ready, serve the console and the API, pass the `HEALTHCHECK`
//    command, and end with code 0 on SIGTERM. No development dependency may be in the tree.
//
// What it cannot do: pull the base image (node:24-bookworm-slim), run `apt-get`, or check the
// image's file system, user and volume as Docker makes them.
//
// Run: node scripts/check-image.mjs [--port 3188] [--keep] [--dockerfile Dockerfile]
import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  chmodSync,
} from 'node:fs';
import { chown } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argOf = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const port = Number(argOf('port') ?? 3188);
const keep = process.argv.includes('--keep');
const say = (msg) => console.log(`check-image: ${msg}`);
const fail = (msg) => {
  console.error(`check-image: FAILED: ${msg}`);
  process.exitCode = 1;
  throw new Error(msg);
};

/** The final stage of the Dockerfile: its COPY lines, ENV, USER, CMD and HEALTHCHECK. */
function finalStage() {
  const file = path.resolve(root, argOf('dockerfile') ?? 'Dockerfile');
  const docker = readFileSync(file, 'utf8').replace(/\\\n\s*/g, ' ');
  const stage = docker.slice(docker.lastIndexOf('\nFROM '));
  const copies = [...stage.matchAll(/^COPY --from=build (.+)$/gm)].flatMap((m) => {
    const parts = m[1].trim().split(/\s+/);
    const to = parts.pop();
    return parts.map((from) => ({ from, to, many: parts.length > 1 }));
  });
  const workdir = stage.match(/^WORKDIR (\S+)$/m)?.[1] ?? '/';
  const env = {};
  for (const line of stage.matchAll(/^ENV (.*)$/gm))
    for (const m of line[1].matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)) env[m[1]] = m[2];
  const user = stage.match(/^USER (\S+)$/m)?.[1];
  const cmd = JSON.parse(stage.match(/^CMD (\[.*\])$/m)?.[1] ?? 'null');
  const health = JSON.parse(stage.match(/^HEALTHCHECK .*? CMD (\[.*\])$/m)?.[1] ?? 'null');
  if (!copies.length || !cmd) fail('no COPY --from=build or CMD in the Dockerfile’s last stage');
  return { copies, workdir, env, user, cmd, health };
}

async function waitReady(base, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) fail(`the server ended at start (code ${child.exitCode})`);
    try {
      const r = await fetch(`${base}/api/ready`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  fail('the server did not get ready in 60 s');
}

const stage = finalStage();
const work = mkdtempSync(path.join(tmpdir(), 'fiscus-image-'));
chmodSync(work, 0o755);
let child;
try {
  // 1. The build stage.
  say('building (npm run build)');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const deps = path.join(work, 'deps');
  mkdirSync(deps);
  const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const f of ['package.json', 'package-lock.json', '.npmrc'])
    if (existsSync(path.join(root, f))) cpSync(path.join(root, f), path.join(deps, f));
  for (const ws of rootPkg.workspaces ?? []) {
    mkdirSync(path.join(deps, ws), { recursive: true });
    cpSync(path.join(root, ws, 'package.json'), path.join(deps, ws, 'package.json'));
  }
  // Install scripts are not run: those that build a native module (better-sqlite3, under its
  // own name and as better-sqlite3-node20) would compile SQLite for many minutes when no
  // prebuilt binary can be downloaded; the binaries of the repository's own install (the same
  // version, this platform) are taken instead.
  say('npm ci --omit=dev in a clean directory');
  execFileSync(
    'npm',
    ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'],
    { cwd: deps, stdio: 'inherit' },
  );
  const modules = path.join(deps, 'node_modules');
  const version = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  for (const name of readdirSync(modules)) {
    const installed = path.join(modules, name);
    if (!existsSync(path.join(installed, 'binding.gyp'))) continue;
    const mine = path.join(root, 'node_modules', name);
    if (!existsSync(path.join(mine, 'build')) || version(mine) !== version(installed))
      fail(`${name} needs its install script; the repository has no build of the same version`);
    cpSync(path.join(mine, 'build'), path.join(installed, 'build'), { recursive: true });
  }
  // What the lockfile marks as needed for development only must not be there.
  const lock = JSON.parse(readFileSync(path.join(deps, 'package-lock.json'), 'utf8'));
  for (const [where, entry] of Object.entries(lock.packages ?? {}))
    if (entry.dev && where.startsWith('node_modules/') && existsSync(path.join(deps, where)))
      fail(`${where.slice(13)} is a development dependency, yet installed`);

  // 2. The run stage: exactly what its COPY lines copy.
  const app = path.join(work, 'image');
  for (const { from, to, many } of stage.copies) {
    const rel = path.posix.relative('/app', from);
    const src = rel === 'node_modules' ? path.join(deps, 'node_modules') : path.join(root, rel);
    if (!existsSync(src)) fail(`COPY ${from}: not in the build (${src})`);
    const dest = path.join(
      app,
      path.posix.relative(stage.workdir, path.posix.resolve(stage.workdir, to)),
    );
    const target = many || to.endsWith('/') ? path.join(dest, path.basename(src)) : dest;
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(src, target, { recursive: true, verbatimSymlinks: true });
  }
  execFileSync('chmod', ['-R', 'a+rX', app]);

  // 3. The image's command, as an unprivileged user, on an empty data directory.
  const data = path.join(work, 'data');
  mkdirSync(data);
  const asRoot = process.getuid?.() === 0;
  if (!stage.user || stage.user === 'root' || stage.user === '0')
    fail('the image runs as root (no USER, or USER root)');
  const uid = asRoot ? 65534 : undefined;
  if (asRoot) await chown(data, 65534, 65534);
  const env = {
    PATH: process.env.PATH,
    ...stage.env,
    DATA_DIR: data,
    HOST: '127.0.0.1',
    PORT: String(port),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  const [bin, ...args] = stage.cmd;
  say(
    `starting ${stage.cmd.join(' ')} as ${asRoot ? 'nobody' : 'the current user'} (image: USER ${stage.user})`,
  );
  child = spawn(bin === 'node' ? process.execPath : bin, args, {
    cwd: app,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    ...(uid !== undefined ? { uid, gid: uid } : {}),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(base, child);
  const health = await fetch(`${base}/api/health`);
  if (!health.ok) fail(`/api/health answered ${health.status}`);
  const page = await fetch(`${base}/`);
  const html = await page.text();
  if (!page.ok || !html.includes('<div id="root"'))
    fail(`the console is not served (/: ${page.status})`);
  const reg = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'image', email: 'image@example.com', password: 'Secret123' }),
  });
  if (!reg.ok) fail(`/api/register answered ${reg.status}`);
  if (stage.health) {
    const [hb, ...hargs] = stage.health;
    execFileSync(hb === 'node' ? process.execPath : hb, hargs, {
      cwd: app,
      env,
      ...(uid !== undefined ? { uid, gid: uid } : {}),
    });
  }
  child.kill('SIGTERM');
  const code = await new Promise((r) => child.once('exit', (c) => r(c)));
  child = undefined;
  if (code !== 0) fail(`the server ended with code ${code} on SIGTERM`);
  say(
    'ok: production dependencies only, the built server started from the image’s files as an unprivileged user, answered, passed the health check and stopped on SIGTERM',
  );
} finally {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (!keep) rmSync(work, { recursive: true, force: true });
  else say(`kept ${work}`);
}
