import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/dialect.js';
import { makeTestApp } from '../test/helpers.js';
import { Jobs } from './jobs.js';

/**
 * Several server processes on one PostgreSQL: each job runner stands for a process (its own
 * connection pool); the database is the only thing they share.
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)('job runners of several processes', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  const dbs: Db[] = [];
  const runners: Jobs[] = [];
  // Silent for 5 s counts as dead: far beyond a heartbeat's gap on a busy test machine.
  const fast = { heartbeatMs: 200, staleMs: 5000, pollMs: 150 };

  beforeAll(async () => {
    t = await makeTestApp();
    // The test app is a process on the same database too: its runner would take these jobs.
    await t.app.jobs.stop();
  });
  // Each test's processes end with it: a runner left polling would take the next test's jobs.
  afterEach(async () => {
    for (const r of runners.splice(0)) await r.stop().catch(() => undefined);
    for (const db of dbs.splice(0)) await db.close().catch(() => undefined);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  /** A process; `staleMs` short only where a death is to be noticed (a busy machine stalls). */
  function process_(staleMs = 60_000): { jobs: Jobs; db: Db } {
    const db = createDb({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    dbs.push(db);
    const jobs = new Jobs(db, t.app.log, { concurrency: 2 }, { ...fast, staleMs });
    runners.push(jobs);
    return { jobs, db };
  }

  async function statusOf(id: string): Promise<{ status: string; error: string | null }> {
    return t.app.db.kysely
      .selectFrom('pf_jobs')
      .select(['status', 'error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  async function until(what: () => Promise<boolean>, ms = 20_000): Promise<void> {
    const end = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('jobs queued through one process are run by both, each exactly once', async () => {
    const a = process_();
    const b = process_();
    const ran: { by: string; n: number }[] = [];
    for (const [name, p] of [
      ['a', a],
      ['b', b],
    ] as const) {
      p.jobs.register<{ n: number }>('export', {
        async run(ctx) {
          ran.push({ by: name, n: ctx.params.n });
          await new Promise((r) => setTimeout(r, 300));
          return { result: null, processed: 1, fileId: null };
        },
      });
    }
    await a.jobs.start();
    await b.jobs.start();
    const ids: string[] = [];
    for (let n = 0; n < 10; n++) {
      const job = await a.jobs.enqueue({
        kind: 'export',
        domainId: `d${n}`,
        userId: null,
        lang: 'en',
        params: { n },
      });
      ids.push(job.id);
    }
    await until(async () => {
      const rows = await t.app.db.kysely
        .selectFrom('pf_jobs')
        .select('status')
        .where('id', 'in', ids)
        .execute();
      return rows.every((r) => r.status === 'succeeded');
    });
    expect(ran.map((r) => r.n).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(ran.map((r) => r.by))).toEqual(new Set(['a', 'b']));
  });

  it('a process that cannot run a kind of job leaves it to one that can', async () => {
    const older = process_();
    const newer = process_();
    let ran = 0;
    newer.jobs.register('report', {
      async run() {
        ran++;
        return { result: null, processed: 1, fileId: null };
      },
    });
    await older.jobs.start();
    const job = await older.jobs.enqueue({
      kind: 'report',
      domainId: 'dr',
      userId: null,
      lang: 'en',
      params: {},
    });
    await new Promise((r) => setTimeout(r, 400));
    expect((await statusOf(job.id)).status).toBe('queued');
    await newer.jobs.start();
    await until(async () => (await statusOf(job.id)).status === 'succeeded');
    expect(ran).toBe(1);
  });

  it('a process that dies mid-job is noticed by another, which marks the job failed and cleans up', async () => {
    const dying = process_(fast.staleMs);
    const other = process_(fast.staleMs);
    let started = false;
    dying.jobs.register('import', {
      run: (ctx) =>
        new Promise((_, reject) => {
          started = true;
          ctx.signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    });
    const recovered: string[] = [];
    other.jobs.register('import', {
      run: () => Promise.reject(new Error('not here')),
      recover: async (_db, job) => {
        recovered.push(job.id);
      },
    });
    await dying.jobs.start();
    const job = await dying.jobs.enqueue({
      kind: 'import',
      domainId: 'dx',
      userId: null,
      lang: 'de',
      params: {},
    });
    await until(async () => started && (await statusOf(job.id)).status === 'running');
    // The other process starts while the job runs: a live process's job is not taken.
    await other.jobs.start();
    await new Promise((r) => setTimeout(r, 600));
    expect((await statusOf(job.id)).status).toBe('running');
    // The process dies: its connection is gone and it says nothing more.
    await dying.db.close();
    await until(async () => (await statusOf(job.id)).status === 'failed');
    expect((await statusOf(job.id)).error).toMatch(/^Der Server wurde während dieses Auftr/);
    expect(recovered).toEqual([job.id]);
  });

  it('a job cancelled through one process stops in the process running it', async () => {
    const runner = process_();
    const asker = process_();
    const ended: string[] = [];
    let started = false;
    runner.jobs.register('export', {
      run: (ctx) =>
        new Promise((_, reject) => {
          started = true;
          ctx.signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
      finished: async (_db, job) => {
        ended.push(job.status);
      },
    });
    await runner.jobs.start();
    await asker.jobs.start();
    const job = await runner.jobs.enqueue({
      kind: 'export',
      domainId: 'dc',
      userId: null,
      lang: 'en',
      params: {},
    });
    await until(async () => started && (await statusOf(job.id)).status === 'running');
    const answer = await asker.jobs.cancel('dc', job.id, 'en');
    expect(answer.status).toBe('cancelled');
    await until(async () => ended.length > 0);
    expect(runner.jobs.isRunning(job.id)).toBe(false);
    expect((await statusOf(job.id)).status).toBe('cancelled');
    expect(ended).toEqual(['cancelled']);
  });
});
