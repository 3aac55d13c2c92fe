import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  registerThrough,
  startServer,
  until,
  type ChildServer,
} from './test/child-server.js';
import { makeTestApp } from './test/helpers.js';

describe('WORKERS=N', () => {
  const servers: ChildServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
  });

  it('is refused on SQLite with a message naming the setting', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fiscus-workers-'));
    try {
      const s = await startServer(
        { WORKERS: '2', DATABASE_URL: '', DATA_DIR: dataDir },
        { wait: false },
      );
      servers.push(s);
      expect(await s.exited).toBe(1);
      expect(s.stderr()).toMatch(
        /WORKERS: 2 server processes need PostgreSQL \(DATABASE_URL=postgres:\/\/…\)/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: two server processes share the port, both serve, and SIGTERM ends them all',
    async () => {
      const t = await makeTestApp();
      try {
        await t.app.jobs.stop();
        const s = await startServer({
          WORKERS: '2',
          DATABASE_URL: t.config.databaseUrl ?? '',
          DATA_DIR: t.config.dataDir,
          JWT_SECRET: t.config.jwtSecret,
        });
        servers.push(s);
        // Each process says where it listens.
        await until(() => {
          const listening = s.logs.filter((l) => typeof l.listen === 'string');
          return new Set(listening.map((l) => l.worker)).size === 2;
        });
        const token = await registerThrough(s.base, 'clustered');
        const qry = async (op: string, input: Record<string, unknown>, id: string) => {
          const res = await call(s.base, '/api/qry', {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'x-request-id': id },
            body: { op, ...input },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          return (res.body as { data: Record<string, unknown> }).data;
        };
        const obj = await qry('objects.create', { name: 'Shared' }, 'create-object-0001');
        const ids: string[] = [];
        for (let i = 0; i < 12; i++) {
          const id = `cluster-req-${String(i).padStart(4, '0')}`;
          ids.push(id);
          await qry('records.create', { objectId: obj.id, values: { name: `Row ${i}` } }, id);
        }
        const list = await qry('records.count', { objectId: obj.id }, 'count-request-01');
        expect(list.total).toBe(12);
        // Every request was answered by one of the two processes, and both answered some.
        const servedBy = new Map<string, unknown>();
        await until(() => {
          for (const l of s.logs)
            if (typeof l.reqId === 'string' && l.res && ids.includes(l.reqId))
              servedBy.set(l.reqId, l.worker);
          return servedBy.size === ids.length;
        });
        expect(new Set(servedBy.values())).toEqual(new Set([1, 2]));

        expect(await s.stop('SIGTERM')).toBe(0);
        expect(s.logs.filter((l) => l.msg === 'shut down').map((l) => l.worker)).toEqual(
          expect.arrayContaining([1, 2]),
        );
        expect(s.logs.some((l) => l.msg === 'every server process has shut down')).toBe(true);
      } finally {
        await t.cleanup();
      }
    },
    120_000,
  );
});
