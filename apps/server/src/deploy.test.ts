import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configVariables, repoRoot } from './config/index.js';

/**
 * The Dockerfile and the compose file are not built here (no container engine on test
 * machines): what can go stale in them is checked against the repository instead.
 */
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const rootScripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> })
  .scripts;

describe('Dockerfile', () => {
  const docker = read('Dockerfile');

  it('runs only npm scripts the repository has', () => {
    const runs = [...docker.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1] ?? '');
    expect(runs.length).toBeGreaterThan(0);
    for (const script of runs) expect(rootScripts, script).toHaveProperty(script);
    expect(docker).toMatch(/npm ci/);
    expect(existsSync(path.join(repoRoot, 'package-lock.json'))).toBe(true);
  });

  it('builds on the Node version the repository names, and runs as an unprivileged user', () => {
    const major = read('.nvmrc').trim().split('.')[0];
    const froms = [...docker.matchAll(/^FROM node:(\d+)/gm)].map((m) => m[1]);
    expect(froms).toEqual([major, major]);
    const lastFrom = docker.lastIndexOf('\nFROM ');
    expect(docker.slice(lastFrom)).toMatch(/^USER node$/m);
  });

  it('copies what the build makes and starts the built server', () => {
    const copied = [...docker.matchAll(/^COPY --from=build \/app\/(\S+)(?: \/app\/(\S+))? /gm)];
    for (const m of copied) {
      for (const p of [m[1], m[2]].filter((x): x is string => !!x)) {
        if (p === 'node_modules') continue;
        const out = p.match(/^(.*)\/dist$/);
        if (out) {
          // Output of the workspace's build, which `npm run build` runs.
          const pkg = JSON.parse(read(`${out[1]}/package.json`)) as {
            scripts?: Record<string, string>;
          };
          expect(pkg.scripts?.build, p).toBeDefined();
          expect(read('scripts/build.mjs'), p).toContain(`'${p}/`);
        } else expect(existsSync(path.join(repoRoot, p)), p).toBe(true);
      }
    }
    const cmd = docker.match(/^CMD \["node", "apps\/server\/dist\/([\w/-]+)\.js"\]$/m);
    expect(cmd?.[1]).toBe('server');
    expect(existsSync(path.join(repoRoot, 'apps/server/src/server.ts'))).toBe(true);
  });

  it('sets only variables the server reads', () => {
    const env = docker.slice(docker.lastIndexOf('\nFROM ')).match(/^ENV ([\s\S]*?)\nWORKDIR/m);
    const names = [...(env?.[1] ?? '').matchAll(/([A-Z_]+)=/g)].map((m) => m[1]);
    expect(names).toContain('DATA_DIR');
    for (const n of names) expect(configVariables, n).toContain(n);
  });
});

describe('compose.yaml', () => {
  const compose = read('compose.yaml');
  const servers = compose.slice(compose.indexOf('\n  fiscus1:'), compose.indexOf('\n  proxy:'));

  it('gives the Fiscus servers only variables the server reads', () => {
    const names = [...servers.matchAll(/^ {6}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1] ?? '');
    expect(names).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'DATA_DIR', 'JWT_SECRET', 'SECRETS_KEY', 'WORKERS']),
    );
    for (const n of names) expect(configVariables, n).toContain(n);
  });

  it('gives a stopping server its grace period and more before it is killed', () => {
    const grace = Number(servers.match(/SHUTDOWN_GRACE: '(\d+)'/)?.[1]);
    const stop = Number(servers.match(/stop_grace_period: (\d+)s/)?.[1]);
    expect(stop).toBeGreaterThanOrEqual(grace + 10);
  });

  it('sends traffic through the proxy only to servers that are ready', () => {
    const caddy = read('deploy/Caddyfile');
    expect(compose).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile');
    expect(caddy).toMatch(/reverse_proxy fiscus1:3000 fiscus2:3000/);
    expect(caddy).toMatch(/health_uri \/api\/ready/);
  });
});
