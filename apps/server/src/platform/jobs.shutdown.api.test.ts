import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../db/dialect.js';
import { registerUser, type RegisteredUser } from '../test/auth-helpers.js';
import { uploadFile } from '../test/files-helpers.js';
import { makePeerApp, makeTestApp } from '../test/helpers.js';
import { ok } from '../test/qry-helpers.js';
import { sqliteFile } from '../test/source-helpers.js';

/**
 * A server told to stop while an export, a report, a procedure run and a mount's sync run
 * (none ends within the grace period: each is held until the shutdown stops it, then its own
 * code runs with the stop signal): every one is handed back — queued again, nothing of it
 * kept, no failure recorded — and the next server on the same database runs each once, to
 * the end. Both databases.
 */
describe('jobs of every kind when the server stops mid-run', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let next: FastifyInstance | undefined;
  let owner: RegisteredUser;
  const dir = mkdtempSync(path.join(tmpdir(), 'fiscus-handback-'));

  beforeAll(async () => {
    t = await makeTestApp({
      // Every job of the test at once (one domain may run all but one of them).
      jobs: { concurrency: 8, queuedPerDomain: 20, exportsPerHour: 60, quickSlot: false },
    });
    owner = await registerUser(t.app);
  });
  afterAll(async () => {
    await next?.close();
    await t.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hands back each kind; the next server runs each once', async () => {
    const app = t.app;
    // The work: an object of 30 lines (export, report, procedure) and a SQLite file to sync.
    const lines = (await ok(app, owner, 'objects.create', { name: 'Lines' })).id as string;
    await ok(app, owner, 'fields.create', {
      objectId: lines,
      name: 'Amount',
      code: 'amount',
      type: 'integer',
    });
    await ok(app, owner, 'records.createMany', {
      objectId: lines,
      rows: Array.from({ length: 30 }, (_, i) => ({ name: `Line ${i + 1}`, amount: i + 1 })),
    });
    const report = (
      await ok(app, owner, 'reports.create', {
        name: 'Lines report',
        source: 'view',
        objectId: lines,
        format: 'csv',
      })
    ).id as string;
    const procedure = (
      await ok(app, owner, 'procedures.create', {
        name: 'Add one',
        steps: [
          { type: 'update', object: lines, assignments: [{ field: 'amount', expr: 'amount + 1' }] },
        ],
      })
    ).id as string;
    const bytes = sqliteFile(path.join(dir, 'shop.sqlite'), [
      'create table orders (id integer primary key, name text)',
      "insert into orders values (1, 'First'), (2, 'Second'), (3, 'Third')",
    ]);
    const up = await uploadFile(app, owner.headers, 'shop.sqlite', bytes);
    const sourceId = (
      await ok(app, owner, 'datasources.create', {
        name: 'Shop',
        kind: 'sqlite',
        fileId: (up.json() as { fileId: string }).fileId,
      })
    ).id as string;
    const mounted = (
      await ok(app, owner, 'mounts.create', {
        sourceId,
        table: 'orders',
        name: 'Orders',
        columns: [{ column: 'name', name: 'Name', type: 'text' }],
        mode: 'live',
      })
    ).objectId as string;
    await app.jobs.idle();

    // Each kind's run waits until the shutdown stops it, then runs with the stop signal given.
    const held = new Set<string>();
    for (const kind of ['export', 'report', 'procedure', 'sync'] as const) {
      const h = app.jobs.handler(kind);
      if (!h) throw new Error(`no ${kind} jobs`);
      app.jobs.register(kind, {
        ...h,
        run: async (ctx) => {
          held.add(ctx.id);
          if (!ctx.signal.aborted)
            await new Promise((r) => ctx.signal.addEventListener('abort', r, { once: true }));
          return h.run(ctx);
        },
      });
    }
    const jobs = {
      export: (await ok(app, owner, 'records.export', { objectId: lines, format: 'csv' }))
        .id as string,
      report: (await ok(app, owner, 'reports.generate', { id: report, format: 'csv' }))
        .id as string,
      procedure: (await ok(app, owner, 'procedures.run', { id: procedure, params: {} }))
        .id as string,
      sync: (await ok(app, owner, 'mounts.update', { objectId: mounted, mode: 'synced' }))
        .objectId as string,
    };
    await new Promise<void>((resolve, reject) => {
      const end = Date.now() + 30_000;
      const check = () =>
        held.size >= 4
          ? resolve()
          : Date.now() > end
            ? reject(new Error(`held ${held.size} of 4`))
            : setTimeout(check, 20);
      check();
    });
    const syncJob = [...held].find((id) => !Object.values(jobs).includes(id)) as string;

    // The shutdown: no grace period left, every held job is stopped.
    app.graceJobs(0);
    await app.close();

    const db = createDb({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    const ids = [jobs.export, jobs.report, jobs.procedure, syncJob];
    const rows = async () =>
      db.kysely
        .selectFrom('pf_jobs')
        .select(['id', 'kind', 'status', 'error', 'started_at', 'owner'])
        .where('id', 'in', ids)
        .orderBy('kind')
        .execute();
    try {
      expect(await rows()).toEqual(
        ['export', 'procedure', 'report', 'sync'].map((kind) => ({
          id: expect.any(String) as string,
          kind,
          status: 'queued',
          error: null,
          started_at: null,
          owner: null,
        })),
      );
      // Nothing of a stopped run is kept: no stored export or report, no failure on the ribbon.
      const files = await db.kysely
        .selectFrom('pf_jobs')
        .select('file_id')
        .where('id', 'in', ids)
        .where('file_id', 'is not', null)
        .execute();
      expect(files).toEqual([]);
      const failures = await db.kysely
        .selectFrom('pf_events')
        .select('kind')
        .where('kind', 'in', ['export.failed', 'report.failed', 'procedure.failed', 'sync.failed'])
        .execute();
      expect(failures).toEqual([]);
    } finally {
      await db.close();
    }

    // The next server on the same database runs each of them once, to the end.
    next = await makePeerApp(t.config);
    await next.jobs.idle();
    const after = await (async () => {
      const d = createDb({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
      try {
        return await d.kysely
          .selectFrom('pf_jobs')
          .select(['kind', 'status', 'error', 'file_id'])
          .where('id', 'in', ids)
          .orderBy('kind')
          .execute();
      } finally {
        await d.close();
      }
    })();
    expect(after.map(({ kind, status, error }) => ({ kind, status, error }))).toEqual(
      ['export', 'procedure', 'report', 'sync'].map((kind) => ({
        kind,
        status: 'succeeded',
        error: null,
      })),
    );
    // The procedure's update was applied once.
    const page = await ok(next, owner, 'records.list', { objectId: lines, limit: 100 });
    const amounts = (page.rows as { values: { amount: number } }[])
      .map((r) => Number(r.values.amount))
      .sort((a, b) => a - b);
    expect(amounts).toEqual(Array.from({ length: 30 }, (_, i) => i + 2));
    // The export holds every line (written after the procedure or before it: one or the other).
    const file = await next.inject({
      method: 'POST',
      url: '/api/download',
      headers: owner.headers,
      payload: { fileId: after.find((j) => j.kind === 'export')?.file_id },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body.trim().split('\n')).toHaveLength(31);
    const run = await ok(next, owner, 'reports.getRun', { id: jobs.report });
    expect(run.status).toBe('succeeded');
    expect(
      (run.log as { message: string }[]).some((l) =>
        /generated again from the start/.test(l.message),
      ),
    ).toBe(true);
    const synced = await ok(next, owner, 'mounts.get', { objectId: mounted });
    expect(synced.lastSyncRows).toBe(3);
    expect((await ok(next, owner, 'records.count', { objectId: mounted })).total).toBe(3);
  }, 120_000);
});
