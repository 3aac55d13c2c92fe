import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp } from '../test/helpers.js';
import { isoNow } from '../lib/clock.js';
import { RetryLaterError } from '../lib/app-error.js';
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

  it('tells the end watchers of each run once, when it has ended, before idle() resolves', async () => {
    const { app } = await setup();
    app.jobs.register<{ fail: boolean }>('export', {
      async run(ctx) {
        ctx.progress(1, 2);
        if (ctx.params.fail) throw new Error('broken');
        return { result: null, processed: 2, fileId: null };
      },
    });
    const ended: { id: string; status: string; domainId: string; timed: boolean }[] = [];
    app.jobs.onEnded((job, domainId) =>
      ended.push({
        id: job.id,
        status: job.status,
        domainId,
        timed: !!job.startedAt && !!job.finishedAt,
      }),
    );
    const ok = await app.jobs.enqueue({
      kind: 'export',
      domainId: 'd1',
      userId: 'u1',
      lang: 'en',
      params: { fail: false },
    });
    const bad = await app.jobs.enqueue({
      kind: 'export',
      domainId: 'd2',
      userId: 'u1',
      lang: 'en',
      params: { fail: true },
    });
    await app.jobs.idle();
    // The two domains' jobs may run side by side (PostgreSQL): they end in either order.
    ended.sort((a, b) => a.domainId.localeCompare(b.domainId));
    expect(ended).toEqual([
      { id: ok.id, status: 'succeeded', domainId: 'd1', timed: true },
      { id: bad.id, status: 'failed', domainId: 'd2', timed: true },
    ]);
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

describe('fair job runner', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  /** A runner whose jobs wait for their gate; `ran` lists the jobs in the order they started. */
  async function gated(limits: ConstructorParameters<typeof Jobs>[2]) {
    const t = await makeTestApp();
    cleanups.push(t.cleanup);
    const jobs = new Jobs(t.app.db, t.app.log, limits);
    const ran: string[] = [];
    const gates = new Map<string, () => void>();
    const started = new Map<string, () => void>();
    const startedP = new Map<string, Promise<void>>();
    const name = (p: { name: string }) => p.name;
    for (const kind of ['export', 'import'] as const)
      jobs.register<{ name: string; quick?: boolean }>(kind, {
        quick: (p) => p.quick === true,
        run: async (ctx) => {
          ran.push(name(ctx.params));
          started.get(name(ctx.params))?.();
          await new Promise<void>((r) => gates.set(name(ctx.params), r));
          return {};
        },
      });
    await jobs.start();
    cleanups.push(async () => {
      for (const open of gates.values()) open();
      await jobs.stop();
    });
    const add = async (
      domainId: string,
      jobName: string,
      kind: 'export' | 'import' = 'import',
      quick = false,
    ) => {
      startedP.set(jobName, new Promise<void>((r) => started.set(jobName, r)));
      return jobs.enqueue({
        kind,
        domainId,
        userId: 'u',
        lang: 'en',
        params: { name: jobName, ...(quick ? { quick } : {}) },
      });
    };
    const release = async (jobName: string) => {
      while (!gates.has(jobName)) await new Promise((r) => setTimeout(r, 5));
      gates.get(jobName)?.();
    };
    return { t, jobs, ran, add, release, started: (n: string) => startedP.get(n) };
  }

  it('takes queued jobs round robin across domains', async () => {
    const { jobs, ran, add, release } = await gated({ concurrency: 1 });
    await add('A', 'a1');
    await add('A', 'a2');
    await add('A', 'a3');
    await add('B', 'b1');
    for (const n of ['a1', 'b1', 'a2', 'a3']) await release(n);
    await jobs.idle();
    // B's one job runs right after A's first, not behind all of A's.
    expect(ran).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('leaves one of its slots to other domains', async () => {
    const { jobs, ran, add, release, started } = await gated({ concurrency: 2 });
    await add('A', 'a1');
    await add('A', 'a2');
    await started('a1');
    await add('B', 'b1');
    await started('b1');
    // A's second job still waits: a1 and b1 hold the two slots.
    expect(ran).toEqual(['a1', 'b1']);
    for (const n of ['b1', 'a1', 'a2']) await release(n);
    await jobs.idle();
    expect(ran).toEqual(['a1', 'b1', 'a2']);
  });

  it('runs a short job in its quick slot beside a long one, one at a time, without passing over long ones', async () => {
    const { jobs, ran, add, release, started } = await gated({ concurrency: 2, quickSlot: true });
    await add('A', 'long1');
    await started('long1');
    await add('A', 'long2');
    await add('A', 'quick1', 'import', true);
    // A runs all the slots it may (one of two): its short job still starts, in the quick slot.
    await started('quick1');
    await add('A', 'quick2', 'import', true);
    await add('B', 'b1');
    await started('b1');
    expect(ran).toEqual(['long1', 'quick1', 'b1']);
    // The quick slot runs one job at a time; A's second long one waits for A's slot.
    await release('quick1');
    await started('quick2');
    expect(ran).toEqual(['long1', 'quick1', 'b1', 'quick2']);
    await release('long1');
    await started('long2');
    for (const n of ['quick2', 'b1', 'long2']) await release(n);
    await jobs.idle();
    expect(ran).toEqual(['long1', 'quick1', 'b1', 'quick2', 'long2']);
  });

  it('without a quick slot, a short job waits its turn like any other', async () => {
    const { jobs, ran, add, release } = await gated({ concurrency: 1 });
    await add('A', 'long1');
    await add('A', 'long2');
    await add('A', 'quick1', 'import', true);
    for (const n of ['long1', 'long2', 'quick1']) await release(n);
    await jobs.idle();
    expect(ran).toEqual(['long1', 'long2', 'quick1']);
  });

  it('refuses more jobs of a domain than it may have open, with Retry-After', async () => {
    const { jobs, add, release } = await gated({ concurrency: 1, queuedPerDomain: 2 });
    await add('A', 'a1');
    await add('A', 'a2');
    const refused = add('A', 'a3');
    await expect(refused).rejects.toBeInstanceOf(RetryLaterError);
    await expect(refused).rejects.toMatchObject({ status: 429, retryAfter: 30 });
    // Another domain is not held back by it.
    await add('B', 'b1');
    for (const n of ['a1', 'b1', 'a2']) await release(n);
    await jobs.idle();
    // Once A's jobs ended, A may start again.
    await add('A', 'a4');
    await release('a4');
    await jobs.idle();
  });

  it('counts a domain’s exports of the last hour', async () => {
    const { jobs, add, release } = await gated({ concurrency: 1, exportsPerHour: 2 });
    await add('A', 'e1', 'export');
    await add('A', 'e2', 'export');
    await release('e1');
    await release('e2');
    await jobs.idle();
    const refused = add('A', 'e3', 'export');
    await expect(refused).rejects.toMatchObject({ status: 429, code: 'too_many_requests' });
    const wait = ((await refused.catch((e: unknown) => e)) as RetryLaterError).retryAfter;
    expect(wait).toBeGreaterThan(3000);
    expect(wait).toBeLessThanOrEqual(3600);
    // Other kinds and other domains are not counted.
    await add('A', 'i1', 'import');
    await add('B', 'e4', 'export');
    await release('i1');
    await release('e4');
    await jobs.idle();
  });
});
