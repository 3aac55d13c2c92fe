import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
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

async function csvFile(lines: string[]): Promise<string> {
  const tmp = await tempPath(t.config.dataDir);
  await writeFile(tmp, `Code,Name,Amount\n${lines.join('\n')}\n`);
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

async function runImport(objectId: string, fileId: string, settings: Record<string, unknown>) {
  const imp = await ok<Imp>(t.app, u, 'imports.create', { objectId, fileId });
  await ok(t.app, u, 'imports.update', { id: imp.id, settings });
  await ok(t.app, u, 'imports.run', { id: imp.id });
  await t.app.jobs.idle();
  return ok<Imp>(t.app, u, 'imports.get', { id: imp.id });
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
    let ticking = true;
    const tick = () => {
      seen.add(appliedSlices());
      if (ticking) setImmediate(tick);
    };
    const start = appliedSlices();
    tick();
    const inserted = await runImport(obj.id, await csvFile(first), { mode: 'append' });
    ticking = false;
    expect(inserted).toMatchObject({ status: 'succeeded', result: { inserted: rows, failed: 0 } });
    // Five slices of the insert (and one of each check): the loop turned between all of them.
    if (sqlite) expect([...seen].filter((n) => n > start).length).toBeGreaterThanOrEqual(5);

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
  });
});
