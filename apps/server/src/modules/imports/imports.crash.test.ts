import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import SQLite from '../../db/sqlite.js';

/**
 * A crash mid-import: the server process is killed (SIGKILL) while the import job runs, then
 * started again on the same data. The object must hold exactly its old records and the import
 * must be failed.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'fiscus-crash-'));
let server: ChildProcess | undefined;

async function freePort(): Promise<number> {
  const srv = createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const port = (srv.address() as { port: number }).port;
  srv.close();
  await once(srv, 'close');
  return port;
}

async function start(port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(root, 'apps/server/src/server.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'web'),
        LOG_LEVEL: 'silent',
        DATABASE_URL: '',
      },
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 400; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server did not start');
}

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGKILL');
    await once(server, 'exit');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Kills the server in a phase of a replace import of 400,000 rows: while rows are read and
 * staged, or while the apply writes its slices (SQLite commits those one by one, with what
 * undoes them; the next start undoes them).
 */
async function crashIn(phase: 'staging' | 'apply', user: string): Promise<void> {
  if (server && server.exitCode === null) {
    server.kill('SIGKILL');
    await once(server, 'exit');
  }
  {
    let port = await freePort();
    server = await start(port);
    let base = `http://127.0.0.1:${port}`;
    const reg = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: user,
        email: `${user}@example.com`,
        password: 'Secret123',
      }),
    });
    const token = ((await reg.json()) as { accessToken: string }).accessToken;
    const qry = async <T>(op: string, input: Record<string, unknown>): Promise<T> => {
      const res = await fetch(`${base}/api/qry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ op, ...input }),
      });
      const body = (await res.json()) as { data: T; error?: unknown };
      if (!res.ok) throw new Error(`${op}: ${res.status} ${JSON.stringify(body.error)}`);
      return body.data;
    };
    const obj = await qry<{ id: string }>('objects.create', { name: 'Crash' });
    await qry('fields.create', { objectId: obj.id, name: 'Code', code: 'code', type: 'text' });
    await qry('records.create', { objectId: obj.id, values: { name: 'Old one', code: 'O1' } });
    await qry('records.create', { objectId: obj.id, values: { name: 'Old two', code: 'O2' } });

    const lines = ['Code,Name'];
    for (let i = 1; i <= 400_000; i++) lines.push(`C${i},Row number ${i}`);
    const form = new FormData();
    form.set('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'big.csv');
    const up = await fetch(`${base}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(up.status).toBe(200);
    const { fileId } = (await up.json()) as { fileId: string };
    const imp = await qry<{ id: string }>('imports.create', { objectId: obj.id, fileId });
    await qry('imports.update', { id: imp.id, settings: { mode: 'replace' } });
    await qry('imports.run', { id: imp.id });
    if (phase === 'staging') {
      for (let i = 0; i < 2000; i++) {
        const s = await qry<{ status: string; processed: number }>('imports.get', { id: imp.id });
        if (s.status === 'running' && s.processed > 0) break;
        expect(['queued', 'running']).toContain(s.status);
        await new Promise((r) => setTimeout(r, 10));
      }
    } else {
      // The apply has written a slice once its undo journal has a row (read from the file).
      const file = new SQLite(path.join(dataDir, 'fiscus.sqlite'), { readonly: true });
      try {
        let written = 0;
        for (let i = 0; i < 100_000 && !written; i++) {
          const journal = file
            .prepare("select name from sqlite_master where type = 'table' and name like 'impu_%'")
            .get() as { name: string } | undefined;
          if (journal)
            written = (
              file.prepare(`select count(*) as n from "${journal.name}"`).get() as {
                n: number;
              }
            ).n;
          if (!written) await new Promise((r) => setTimeout(r, 2));
        }
        expect(written).toBeGreaterThan(0);
      } finally {
        file.close();
      }
    }
    server.kill('SIGKILL');
    await once(server, 'exit');

    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await start(port);
    let after: { status: string; error: string | null } | undefined;
    for (let i = 0; i < 100; i++) {
      after = await qry<{ status: string; error: string | null }>('imports.get', { id: imp.id });
      if (after.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(after?.status).toBe('failed');
    expect(after?.error).toMatch(/server stopped/);
    const list = await qry<{ rows: { values: Record<string, unknown> }[] }>('records.list', {
      objectId: obj.id,
      fields: ['name', 'code'],
    });
    expect(
      list.rows.map((r) => r.values).sort((a, b) => String(a.code).localeCompare(String(b.code))),
    ).toEqual([
      { name: 'Old one', code: 'O1' },
      { name: 'Old two', code: 'O2' },
    ]);
    const deleted = await qry<{ total: number }>('records.count', {
      objectId: obj.id,
      state: 'deleted',
    });
    expect(deleted.total).toBe(0);
    const history = await qry<{ items: { action: string }[] }>('records.history', {
      objectId: obj.id,
      id: 1,
    });
    expect(history.items.map((h) => h.action)).toEqual(['create']);
  }
}

describe('imports: crash mid-import', () => {
  it(
    'leaves the object as it was and the import failed',
    () => crashIn('staging', 'crash1'),
    90_000,
  );

  it(
    'undoes the slices an apply wrote before the crash',
    () => crashIn('apply', 'crash2'),
    120_000,
  );
});
