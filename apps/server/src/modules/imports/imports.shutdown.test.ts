import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  registerThrough,
  startServer,
  until,
  type ChildServer,
} from '../../test/child-server.js';
import { multipart } from '../../test/files-helpers.js';
import { makeTestApp } from '../../test/helpers.js';

/**
 * SIGTERM to a real server process while an import runs: past the grace period (none here) the import is
 * stopped, rolled back and handed back (queued again), and the next server process runs it
 * from its start — the object ends with every row of the file, once.
 */
const ROWS = 250_000;

describe('imports: the server is told to stop mid-import', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  const servers: ChildServer[] = [];
  const env = (grace: number) => ({
    DATABASE_URL: t.config.databaseUrl ?? '',
    DATA_DIR: t.config.dataDir,
    JWT_SECRET: t.config.jwtSecret,
    SHUTDOWN_GRACE: String(grace),
  });

  beforeAll(async () => {
    t = await makeTestApp();
    await t.app.close();
  });
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.stop('SIGKILL');
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('hands the import back past the grace period; the next process runs it to the end', async () => {
    // No grace: however fast the machine imports, the import is still running when it ends.
    let server = await startServer(env(0));
    servers.push(server);
    const token = await registerThrough(server.base, 'stopper1');
    const qry = async <T>(op: string, input: Record<string, unknown>): Promise<T> => {
      const res = await call(server.base, '/api/qry', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: { op, ...input },
      });
      if (res.status !== 200) throw new Error(`${op}: ${res.status} ${JSON.stringify(res.body)}`);
      return (res.body as { data: T }).data;
    };
    const obj = await qry<{ id: string }>('objects.create', { name: 'Stopped' });
    await qry('fields.create', { objectId: obj.id, name: 'Code', code: 'code', type: 'text' });
    await qry('records.create', { objectId: obj.id, values: { name: 'Old one', code: 'O1' } });
    const lines = ['Code,Name'];
    for (let i = 1; i <= ROWS; i++) lines.push(`C${i},Row number ${i}`);
    const up = await call(server.base, '/api/upload', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      raw: await multipart({
        file: { data: Buffer.from(`${lines.join('\n')}\n`), filename: 'big.csv' },
      }),
    });
    expect(up.status).toBe(200);
    const { fileId } = up.body as { fileId: string };
    const imp = await qry<{ id: string }>('imports.create', { objectId: obj.id, fileId });
    await qry('imports.update', { id: imp.id, settings: { mode: 'replace' } });
    await qry('imports.run', { id: imp.id });
    await until(async () => {
      const s = await qry<{ status: string; processed: number }>('imports.get', { id: imp.id });
      return s.status === 'running' && s.processed > 0;
    }, 60_000);

    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.logs.some((l) => String(l.msg).startsWith('job handed back'))).toBe(true);

    server = await startServer(env(25));
    servers.push(server);
    let after: { status: string; error: string | null } | undefined;
    await until(async () => {
      after = await qry<{ status: string; error: string | null }>('imports.get', { id: imp.id });
      return after.status !== 'queued' && after.status !== 'running';
    }, 150_000);
    expect(after).toMatchObject({ status: 'succeeded', error: null });
    const count = await qry<{ total: number }>('records.count', { objectId: obj.id });
    expect(count.total).toBe(ROWS);
    expect(await server.stop('SIGTERM')).toBe(0);
  }, 300_000);
});
