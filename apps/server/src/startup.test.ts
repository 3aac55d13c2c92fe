import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, repoRoot, resolveDataDir } from './config/index.js';
import { describeDatabase, openAddress } from './startup.js';

const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
const tsx = import.meta.resolve('tsx');
const workDir = mkdtempSync(path.join(tmpdir(), 'fiscus-start-'));
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  }
  rmSync(workDir, { recursive: true, force: true });
});

interface LogLine {
  msg?: string;
  [key: string]: unknown;
}

/** Starts the real server from `cwd` and answers its log lines once it has said who can sign in. */
async function startServer(cwd: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', tsx, serverEntry], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      PUBLIC_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const lines: LogLine[] = [];
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${err}`)));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      let nl: number;
      while ((nl = out.indexOf('\n')) >= 0) {
        const line = JSON.parse(out.slice(0, nl)) as LogLine;
        out = out.slice(nl + 1);
        lines.push(line);
        if ('accounts' in line) resolve();
      }
    });
  });
  const stop = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  };
  return { lines, stop };
}

describe('where data lives', () => {
  it("defaults to the repository's data folder wherever the server is started from", () => {
    expect(
      JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).workspaces,
    ).toContain('apps/server');
    expect(resolveDataDir(undefined, '/somewhere/else')).toBe(path.join(repoRoot, 'data'));
    expect(resolveDataDir('', path.join(repoRoot, 'apps/server'))).toBe(
      path.join(repoRoot, 'data'),
    );
    const config = loadConfig({ NODE_ENV: 'test' }, { jwtSecret: 'x'.repeat(32) });
    expect(config.dataDir).toBe(path.join(repoRoot, 'data'));
  });

  it('takes an explicit relative DATA_DIR from the working directory', () => {
    expect(resolveDataDir('store', '/srv/fiscus')).toBe(path.resolve('/srv/fiscus/store'));
    expect(resolveDataDir('/var/lib/fiscus', '/srv/fiscus')).toBe(path.resolve('/var/lib/fiscus'));
  });
});

describe('what the server says when it starts', () => {
  it('names the database without its password', () => {
    const pg = describeDatabase(
      { dialect: 'postgres' },
      'postgres://fiscus:s3cret@db.example:5433/books?sslmode=require',
    );
    expect(pg.text).toBe('PostgreSQL fiscus@db.example:5433/books');
    expect(JSON.stringify(pg)).not.toContain('s3cret');
    expect(describeDatabase({ dialect: 'sqlite', sqliteFile: '/d/fiscus.sqlite' }).text).toMatch(
      /^SQLite \/d\/fiscus\.sqlite \(better-sqlite3 \d+\.\d+\.\d+\)$/,
    );
  });

  it('opens localhost for a wildcard address and PUBLIC_URL when set', () => {
    expect(openAddress({ host: '0.0.0.0', publicUrl: undefined }, 3000)).toBe(
      'http://localhost:3000',
    );
    expect(openAddress({ host: '::1', publicUrl: undefined }, 8080)).toBe('http://[::1]:8080');
    expect(openAddress({ host: '0.0.0.0', publicUrl: 'https://plan.example/' }, 3000)).toBe(
      'https://plan.example',
    );
  });

  // Two real server starts from source: slow on a busy machine, hence the long timeout.
  it('logs versions, database, data folder and listening address; asks for the first account until one exists', async () => {
    const first = await startServer(workDir, { DATA_DIR: 'store' });
    const dataDir = path.join(workDir, 'store');
    const facts = first.lines.find((l) => 'node' in l);
    expect(facts).toMatchObject({
      node: process.version,
      dataDir,
      database: { kind: 'sqlite', file: path.join(dataDir, 'fiscus.sqlite') },
    });
    expect(facts?.msg).toContain(`Node ${process.version}`);
    expect(facts?.msg).toContain(`SQLite ${path.join(dataDir, 'fiscus.sqlite')}`);
    // Node-API 10 (Node 22.14+, 24) runs better-sqlite3 13; older Node the 12.x line.
    const driverMajor = Number(process.versions.napi) >= 10 ? 13 : 12;
    expect(facts?.database).toMatchObject({
      driver: expect.stringMatching(new RegExp(`^better-sqlite3 ${driverMajor}\\.`)),
    });
    expect(existsSync(path.join(dataDir, 'fiscus.sqlite'))).toBe(true);
    const ready = first.lines.find((l) => 'accounts' in l);
    const url = String(ready?.url);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ready?.msg).toContain(`open ${url} and create the first account`);

    const reg = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'owner',
        email: 'owner@example.com',
        password: 'Secret123',
      }),
    });
    expect(reg.status).toBe(200);
    await first.stop();

    const second = await startServer(workDir, { DATA_DIR: 'store' });
    const again = second.lines.find((l) => 'accounts' in l);
    expect(again?.accounts).toBe(1);
    expect(again?.msg).toContain('to sign in (1 account)');
    expect(again?.msg).not.toContain('first account');
    await second.stop();
  }, 180_000);
});
