import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { storedCsv } from '../../test/import-helpers.js';
import { ok } from '../../test/qry-helpers.js';

/**
 * Jobs started through an API token (an export, an import) keep the token's name beside the
 * user (like the changes a token makes itself keep it in the history), and the job list shows
 * it.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let owner: RegisteredUser;
let objectId: string;

beforeAll(async () => {
  t = await makeTestApp();
  owner = await registerUser(t.app);
  objectId = (await ok(t.app, owner, 'objects.create', { name: 'Actuals' })).id;
  await ok(t.app, owner, 'records.create', { objectId, values: { name: 'January' } });
});
afterAll(async () => {
  await t.cleanup();
});

interface JobRow {
  id: string;
  createdBy: string | null;
  viaToken?: string | null;
}

async function listed(id: string): Promise<JobRow | undefined> {
  const jobs = await ok<{ items: JobRow[] }>(t.app, owner, 'jobs.list', { limit: 100 });
  return jobs.items.find((j) => j.id === id);
}

/** An import into Actuals, made by `as`, of CSV `text` the owner uploaded. */
async function importDraft(as: { headers: { authorization: string } }, text: string) {
  const fileId = await storedCsv(t, owner, text);
  return ok<{ id: string }>(t.app, as, 'imports.create', { objectId, fileId });
}

describe('jobs started through an API token', () => {
  it('keep the token’s name beside the user, and the job list shows it', async () => {
    const { secret } = await ok<{ secret: string }>(t.app, owner, 'tokens.create', {
      name: 'Nightly ERP export',
      scope: 'write',
      expiresInDays: 30,
    });
    const viaToken = await ok<JobRow>(t.app, { headers: bearer(secret) }, 'records.export', {
      objectId,
      format: 'csv',
    });
    expect(viaToken.viaToken).toBe('Nightly ERP export');
    const byHand = await ok<JobRow>(t.app, owner, 'records.export', { objectId, format: 'csv' });
    await t.app.jobs.idle();

    expect(await listed(viaToken.id)).toMatchObject({
      createdBy: owner.session.user.id,
      viaToken: 'Nightly ERP export',
    });
    expect(await listed(byHand.id)).toMatchObject({
      createdBy: owner.session.user.id,
      viaToken: null,
    });
  });

  it('an import run through a token is listed with the token’s name', async () => {
    const { secret } = await ok<{ secret: string }>(t.app, owner, 'tokens.create', {
      name: 'Actuals loader',
      scope: 'write',
      expiresInDays: 30,
    });
    const as = { headers: bearer(secret) };
    const imp = await importDraft(as, 'Name\nFebruary\n');
    const run = await ok<{ jobId?: string | null; id: string }>(t.app, as, 'imports.run', {
      id: imp.id,
    });
    await t.app.jobs.idle();
    const done = await ok<{ status: string; result: { inserted: number } | null }>(
      t.app,
      owner,
      'imports.get',
      { id: imp.id },
    );
    expect(done.result?.inserted).toBe(1);
    const jobs = await ok<{ items: (JobRow & { kind: string })[] }>(t.app, owner, 'jobs.list', {
      limit: 100,
    });
    expect(jobs.items.find((j) => j.kind === 'import')).toMatchObject({
      createdBy: owner.session.user.id,
      viaToken: 'Actuals loader',
    });
    expect(run.id).toBe(imp.id);
  });

  it('the changes an import makes through a token keep the token’s name in the history', async () => {
    const { secret } = await ok<{ secret: string }>(t.app, owner, 'tokens.create', {
      name: 'Actuals replacer',
      scope: 'write',
      expiresInDays: 30,
    });
    const kept = await ok<{ id: number }>(t.app, owner, 'records.create', {
      objectId,
      values: { name: 'March' },
    });
    const as = { headers: bearer(secret) };
    const imp = await importDraft(as, 'Name\nApril\n');
    await ok(t.app, as, 'imports.update', { id: imp.id, settings: { mode: 'replace' } });
    // Run by the runner later, outside the token's request (as another process would).
    await t.app.jobs.stop();
    await ok(t.app, as, 'imports.run', { id: imp.id });
    await t.app.jobs.start();
    await t.app.jobs.idle();
    const history = await ok<{ items: { action: string; via: string | null }[] }>(
      t.app,
      owner,
      'records.history',
      { objectId, id: kept.id },
    );
    expect(history.items.map((h) => [h.action, h.via])).toEqual([
      ['delete', 'Actuals replacer'],
      ['create', null],
    ]);
  });
});
