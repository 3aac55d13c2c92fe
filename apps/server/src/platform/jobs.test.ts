import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp } from '../test/helpers.js';
import { isoNow } from '../lib/clock.js';
import { Jobs } from './jobs.js';

describe('job runner', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  async function setup() {
    const t = await makeTestApp();
    cleanups.push(t.cleanup);
    return t;
  }

  it('runs a job off the request path and records progress, result and file', async () => {
    const { app } = await setup();
    const seen: unknown[] = [];
    app.jobs.register<{ n: number }>('export', {
      async run(ctx) {
        seen.push(ctx.params);
        ctx.progress(5, 10);
        return { result: { rows: ctx.params.n }, processed: ctx.params.n, fileId: null };
      },
    });
    const queued = await app.jobs.enqueue({
      kind: 'export',
      domainId: 'd1',
      userId: 'u1',
      lang: 'en',
      params: { n: 10 },
    });
    expect(queued.status).toBe('queued');
    await app.jobs.idle();
    const done = await app.jobs.get('d1', queued.id, 'en');
    expect(seen).toEqual([{ n: 10 }]);
    expect(done).toMatchObject({ status: 'succeeded', progress: 1, processed: 10 });
    expect(done.finishedAt).not.toBeNull();
    // Another domain does not see it.
    await expect(app.jobs.get('d2', queued.id, 'en')).rejects.toMatchObject({ status: 404 });
  });

  it('marks a failing job failed with its message in the starter language', async () => {
    const { app } = await setup();
    app.jobs.register('export', {
      run: () => Promise.reject(new Error('disk on fire')),
    });
    const job = await app.jobs.enqueue({
      kind: 'export',
      domainId: 'd1',
      userId: 'u1',
      lang: 'de',
      params: {},
    });
    await app.jobs.idle();
    const failed = await app.jobs.get('d1', job.id, 'de');
    expect(failed.status).toBe('failed');
    // Internals never leak into the stored message.
    expect(failed.error).not.toContain('disk on fire');
    expect(failed.error).toMatch(/[A-Za-zäöü]/);
  });

  it('cancels a running job through its signal and calls the finish hook', async () => {
    const { app } = await setup();
    const finished: string[] = [];
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    app.jobs.register('import', {
      run: (ctx) =>
        new Promise((_, reject) => {
          started();
          ctx.signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
      finished: async (_db, job) => {
        finished.push(job.status);
      },
    });
    const job = await app.jobs.enqueue({
      kind: 'import',
      domainId: 'd1',
      userId: 'u1',
      lang: 'en',
      params: {},
    });
    await running;
    const cancelled = await app.jobs.cancel('d1', job.id, 'en');
    expect(cancelled.status).toBe('cancelled');
    expect(finished).toEqual(['cancelled']);
  });

  it('cancels a queued job behind a running one; it never runs', async () => {
    const { app } = await setup();
    const ran: unknown[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    app.jobs.register<{ n: number }>('export', {
      run: async (ctx) => {
        ran.push(ctx.params.n);
        if (ctx.params.n === 1) await gate;
        return {};
      },
    });
    const input = { kind: 'export' as const, domainId: 'd1', userId: 'u1', lang: 'en' as const };
    const first = await app.jobs.enqueue({ ...input, params: { n: 1 } });
    const second = await app.jobs.enqueue({ ...input, params: { n: 2 } });
    const cancelled = await app.jobs.cancel('d1', second.id, 'en');
    release();
    await app.jobs.idle();
    expect(cancelled.status).toBe('cancelled');
    expect((await app.jobs.get('d1', first.id, 'en')).status).toBe('succeeded');
    expect(ran).toEqual([1]);
  });

  it('after a restart, recovers interrupted jobs as failed and runs queued ones', async () => {
    const { app } = await setup();
    const q = app.db.kysely;
    const base = {
      domain_id: 'd1',
      kind: 'import',
      progress: 0.5,
      processed: 5,
      total: 10,
      params: JSON.stringify({ importId: 'x' }),
      result: null,
      error: null,
      file_id: null,
      lang: 'en',
      created_by: 'u1',
      created_at: isoNow(),
      started_at: null,
      finished_at: null,
    };
    await q
      .insertInto('pf_jobs')
      .values([
        { ...base, id: 'interruptedjob000001', status: 'running' },
        { ...base, id: 'queuedjob00000000001', status: 'queued' },
      ])
      .execute();
    const recovered: string[] = [];
    const ran: string[] = [];
    const jobs = new Jobs(app.db, app.log);
    jobs.register<{ importId: string }>('import', {
      recover: async (_db, job) => {
        recovered.push(job.id);
      },
      run: async (ctx) => {
        ran.push(ctx.id);
        return {};
      },
    });
    await jobs.start();
    await jobs.idle();
    expect(recovered).toEqual(['interruptedjob000001']);
    expect(ran).toEqual(['queuedjob00000000001']);
    const interrupted = await jobs.get('d1', 'interruptedjob000001', 'en');
    expect(interrupted.status).toBe('failed');
    expect(interrupted.error).toMatch(/stopped/);
    expect((await jobs.get('d1', 'queuedjob00000000001', 'en')).status).toBe('succeeded');
    await jobs.stop();
  });
});
