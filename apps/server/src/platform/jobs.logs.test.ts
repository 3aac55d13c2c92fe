import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { registerUser, type RegisteredUser } from '../test/auth-helpers.js';
import { uploadFile } from '../test/files-helpers.js';
import { makeTestApp } from '../test/helpers.js';
import { ok } from '../test/qry-helpers.js';

/**
 * Structured logs across a job's life: every line a job writes carries the id of the request
 * that queued it — on PostgreSQL also when another server process runs the job.
 */
describe('request ids in the log lines of jobs', () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString('utf8').split('\n'))
        if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  const logger = { level: 'info', stream };
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  /** The process that runs the jobs: another one on PostgreSQL. */
  let runner: FastifyInstance;
  let user: RegisteredUser;

  beforeAll(async () => {
    t = await makeTestApp({}, { logger });
    runner = t.app;
    if (t.app.db.dialect === 'postgres') {
      await t.app.jobs.stop();
      runner = await buildApp({ config: t.config, logger });
      await runner.ready();
    }
    user = await registerUser(t.app);
  });
  afterAll(async () => {
    if (runner !== t.app) await runner.close();
    await t.cleanup();
  });

  it("a job's lines carry the request id of the request that queued it", async () => {
    const obj = await ok<{ id: string }>(t.app, user, 'objects.create', { name: 'Logged' });
    const up = await uploadFile(t.app, user.headers, 'rows.csv', 'Name\nFirst\nSecond\n');
    expect(up.statusCode).toBe(200);
    const imp = await ok<{ id: string }>(t.app, user, 'imports.create', {
      objectId: obj.id,
      fileId: (up.json() as { fileId: string }).fileId,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qry',
      headers: { ...user.headers, 'x-request-id': 'run-import-request-01' },
      payload: { op: 'imports.run', id: imp.id },
    });
    expect(res.statusCode).toBe(200);
    const end = Date.now() + 30_000;
    const ofJob = () => lines.filter((l) => l.kind === 'import' && typeof l.job === 'string');
    while (!ofJob().some((l) => l.msg === 'job succeeded')) {
      if (Date.now() > end) throw new Error('the import did not end');
      await new Promise((r) => setTimeout(r, 50));
    }
    const messages = ofJob().map((l) => [l.msg, l.reqId]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['job queued', 'run-import-request-01'],
        ['job started', 'run-import-request-01'],
        ['job succeeded', 'run-import-request-01'],
      ]),
    );
    // The request's own lines carry the same id.
    expect(lines.some((l) => l.reqId === 'run-import-request-01' && l.res)).toBe(true);
  });
});
