import { existsSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok } from '../../test/qry-helpers.js';
import { storeFile, tempPath } from '../files/index.js';
import { APPLY_SLICE, appliedSlices } from './imports.job.js';
import { CSV_TYPE } from './reader.js';

/**
 * The apply of a large import on SQLite runs slice by slice with the event loop turning between
 * slices, inside its one transaction (docs/execution.md): requests go on while it applies, and
 * the outcome is exactly that of one statement. Checked by what a client sees — results, ids in
 * file order, the history — and by the turns the server got between the slices.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
const sqlite = !process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
});
afterAll(async () => t.cleanup());

interface Imp {
  id: string;
  status: string;
  error: string | null;
  result: { inserted: number; updated: number; skipped: number; failed: number } | null;
}

async function csvFile(lines: string[], header = 'Code,Name,Amount'): Promise<string> {
  const tmp = await tempPath(t.config.dataDir);
  await writeFile(tmp, `${header}\n${lines.join('\n')}\n`);
  const info = await storeFile(t.app.db, t.config.dataDir, {
    tempFile: tmp,
    domainId: u.session.domain.id,
    userId: u.session.user.id,
    name: 'rows.csv',
    type: CSV_TYPE,
    purpose: 'upload',
  });
  return info.id;
}

async function startImport(objectId: string, fileId: string, settings: Record<string, unknown>) {
  const imp = await ok<Imp>(t.app, u, 'imports.create', { objectId, fileId });
  await ok(t.app, u, 'imports.update', { id: imp.id, settings });
  await ok(t.app, u, 'imports.run', { id: imp.id });
  return imp.id;
}

async function runImport(objectId: string, fileId: string, settings: Record<string, unknown>) {
  const id = await startImport(objectId, fileId, settings);
  await t.app.jobs.idle();
  return ok<Imp>(t.app, u, 'imports.get', { id });
}

const count = async (objectId: string, state = 'active') =>
  (await ok<{ total: number }>(t.app, u, 'records.count', { objectId, state })).total;

describe('the apply of a large import', () => {
  it('inserts, updates and replaces across many slices exactly as one statement', async () => {
    const obj = await ok<{ id: string; tableName: string }>(t.app, u, 'objects.create', {
      name: 'Big',
    });
    await ok(t.app, u, 'fields.create', {
      objectId: obj.id,
      name: 'Code',
      code: 'code',
      type: 'text',
      options: { unique: true },
    });
    await ok(t.app, u, 'fields.create', {
      objectId: obj.id,
      name: 'Amount',
      code: 'amount',
      type: 'integer',
    });
    const rows = 4 * APPLY_SLICE + 17;
    const first = Array.from({ length: rows }, (_, i) => `C${i + 1},Name ${i + 1},${i % 100}`);

    // The server's turns while the import runs: each sees how many slices had run. A turn
    // between two slices of the apply sees a count no other turn sees.
    const seen = new Set<number>();
    // SQLite: the staging table is a file of its own, deleted at the end (not a table of the
    // database whose pages SQLite would free one by one on the server's thread).
    const tmp = path.join(t.config.dataDir, 'files', 'tmp');
    const stagingFiles = () =>
      existsSync(tmp) ? readdirSync(tmp).filter((n) => n.endsWith('.stage')) : [];
    let staged = false;
    let ticking = true;
    const tick = () => {
      seen.add(appliedSlices());
      if (sqlite && !staged) staged = stagingFiles().length > 0;
      if (ticking) setImmediate(tick);
    };
    const start = appliedSlices();
    tick();
    const inserted = await runImport(obj.id, await csvFile(first), { mode: 'append' });
    ticking = false;
    expect(inserted).toMatchObject({ status: 'succeeded', result: { inserted: rows, failed: 0 } });
    // Five slices of the insert (and one of each check): the loop turned between all of them.
    if (sqlite) expect([...seen].filter((n) => n > start).length).toBeGreaterThanOrEqual(5);
    if (sqlite) {
      expect(staged).toBe(true);
      expect(stagingFiles()).toEqual([]);
      const { rows: attached } = await sql<{
        name: string;
      }>`select name from pragma_database_list`.execute(t.app.db.kysely);
      expect(attached.map((r) => r.name).filter((n) => n !== 'main' && n !== 'temp')).toEqual([]);
    }

    // New records got their ids in the file's row order.
    const ends = await ok<{ rows: { id: number; values: { code: string } }[] }>(
      t.app,
      u,
      'records.list',
      { objectId: obj.id, offset: rows - 1, limit: 1, fields: ['code'] },
    );
    const firstRow = await ok<{ values: { code: string } }>(t.app, u, 'records.get', {
      objectId: obj.id,
      id: 1,
    });
    expect(firstRow.values.code).toBe('C1');
    expect(ends.rows[0]?.values.code).toBe(`C${rows}`);

    // Update by code: every third row changes.
    const second = first.map((line, i) =>
      i % 3 === 0 ? `C${i + 1},Name ${i + 1},${1000 + i}` : line,
    );
    const updated = await runImport(obj.id, await csvFile(second), {
      mode: 'update',
      keyField: 'code',
    });
    const changed = Math.ceil(rows / 3);
    expect(updated).toMatchObject({
      status: 'succeeded',
      result: { inserted: 0, updated: changed, skipped: rows - changed },
    });
    const last = Math.floor((rows - 1) / 3) * 3 + 1;
    const history = await ok<{ items: { action: string; changes: { field: string }[] }[] }>(
      t.app,
      u,
      'records.history',
      { objectId: obj.id, id: last },
    );
    expect(history.items[0]).toMatchObject({ action: 'update', changes: [{ field: 'amount' }] });
    expect(
      (
        await ok<{ values: { amount: number } }>(t.app, u, 'records.get', {
          objectId: obj.id,
          id: last,
        })
      ).values.amount,
    ).toBe(1000 + last - 1);

    // Replace: every record before is deleted (and audited), the file's rows are the object.
    const replaced = await runImport(obj.id, await csvFile(['N1,New one,1', 'N2,New two,2']), {
      mode: 'replace',
    });
    expect(replaced).toMatchObject({ status: 'succeeded', result: { inserted: 2 } });
    expect(await count(obj.id)).toBe(2);
    expect(await count(obj.id, 'deleted')).toBe(rows);
    const gone = await ok<{ items: { action: string }[] }>(t.app, u, 'records.history', {
      objectId: obj.id,
      id: rows,
    });
    expect(gone.items[0]?.action).toBe('delete');
  }, 90_000);
});

describe('other writers while a large import applies', () => {
  it('another domain signs in and edits a record meanwhile, without waiting for its end', async () => {
    const obj = await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Long' });
    await ok(t.app, u, 'fields.create', {
      objectId: obj.id,
      name: 'Code',
      code: 'code',
      type: 'text',
    });
    // The other tenant, with a record of its own.
    const v = await registerUser(t.app);
    const mine = await ok<{ id: string }>(t.app, v, 'objects.create', { name: 'Notes' });
    const rec = await ok<{ id: number }>(t.app, v, 'records.create', {
      objectId: mine.id,
      values: { name: 'before' },
    });
    const rows = 12 * APPLY_SLICE;
    const file = await csvFile(
      Array.from({ length: rows }, (_, i) => `C${i + 1},Name ${i + 1}`),
      'Code,Name',
    );
    const start = appliedSlices();
    const id = await startImport(obj.id, file, { mode: 'append' });
    // Slices the import wrote while each request of the other tenant was under way.
    const waited: Record<string, number> = {};
    const answeredAt: Record<string, number> = {};
    const timed = async (what: string, call: () => Promise<unknown>) => {
      const s0 = appliedSlices();
      await call();
      waited[what] = appliedSlices() - s0;
      answeredAt[what] = appliedSlices();
    };
    const others = new Promise<void>((resolve, reject) => {
      const tick = () => {
        // SQLite: once the apply has written two slices. PostgreSQL applies in one statement
        // (its row locks hold no other tenant's writes): at once.
        if (sqlite && appliedSlices() < start + 2) return void setImmediate(tick);
        Promise.all([
          timed('sign-in', async () => {
            const res = await post(t.app, '/api/login', {
              login: v.username,
              password: v.password,
            });
            expect(res.statusCode).toBe(200);
          }),
          timed('edit', () =>
            ok(t.app, v, 'records.update', {
              objectId: mine.id,
              id: rec.id,
              values: { name: 'after' },
            }),
          ),
        ]).then(() => resolve(), reject);
      };
      tick();
    });
    await others;
    await t.app.jobs.idle();
    const imp = await ok<Imp>(t.app, u, 'imports.get', { id });
    expect(imp).toMatchObject({ status: 'succeeded', result: { inserted: rows } });
    expect(await count(obj.id)).toBe(rows);
    const edited = await ok<{ values: { name: string } }>(t.app, v, 'records.get', {
      objectId: mine.id,
      id: rec.id,
    });
    expect(edited.values.name).toBe('after');
    if (sqlite) {
      // The apply wrote many slices; the edit waited for one at most, the sign-in was answered
      // long before the import's end (before, both waited for the import's one transaction).
      const end = appliedSlices();
      expect(end - start).toBeGreaterThanOrEqual(12);
      expect(waited.edit).toBeLessThanOrEqual(2);
      // A sign-in also checks the password (tens of milliseconds of hashing, beside the slices).
      expect(answeredAt['sign-in']).toBeLessThan(end);
      expect(waited['sign-in']).toBeLessThanOrEqual((end - start) / 2);
    }
  }, 90_000);

  it('undoes the slices it wrote when a unique value is taken meanwhile', async () => {
    const obj = await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Undone' });
    await ok(t.app, u, 'fields.create', {
      objectId: obj.id,
      name: 'Code',
      code: 'code',
      type: 'text',
      options: { unique: true },
    });
    const old1 = await ok<{ id: number }>(t.app, u, 'records.create', {
      objectId: obj.id,
      values: { code: 'O1', name: 'Old one' },
    });
    await ok(t.app, u, 'records.create', {
      objectId: obj.id,
      values: { code: 'O2', name: 'Old two' },
    });
    const rows = 6 * APPLY_SLICE;
    const file = await csvFile(
      Array.from({ length: rows }, (_, i) => `C${i + 1},Name ${i + 1}`),
      'Code,Name',
    );
    const id = await startImport(obj.id, file, { mode: 'replace' });
    // Once the apply has begun (the old records going), a user takes the file's last code.
    if (sqlite) {
      for (let i = 0; i < 20_000 && (await count(obj.id)) === 2; i++)
        await new Promise((r) => setImmediate(r));
      await ok(t.app, u, 'records.create', {
        objectId: obj.id,
        values: { code: `C${rows}`, name: 'Taken meanwhile' },
      });
    }
    await t.app.jobs.idle();
    const imp = await ok<Imp>(t.app, u, 'imports.get', { id });
    if (!sqlite) {
      expect(imp.status).toBe('succeeded');
      return;
    }
    expect(imp.status).toBe('failed');
    expect(imp.error).toMatch(/Code/);
    // The object as it was, with the record made meanwhile; no history of the undone import.
    const list = await ok<{ rows: { values: { code: string } }[] }>(t.app, u, 'records.list', {
      objectId: obj.id,
      fields: ['code'],
      limit: 10,
    });
    expect(list.rows.map((r) => r.values.code).sort()).toEqual(['C' + rows, 'O1', 'O2'].sort());
    expect(await count(obj.id, 'deleted')).toBe(0);
    const history = await ok<{ items: { action: string }[] }>(t.app, u, 'records.history', {
      objectId: obj.id,
      id: old1.id,
    });
    expect(history.items.map((h) => h.action)).toEqual(['create']);
  }, 90_000);
});
