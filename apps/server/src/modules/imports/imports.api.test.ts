import { readFile, writeFile } from 'node:fs/promises';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { findFile, storeFile, tempPath } from '../files/index.js';
import { ok, qry } from '../../test/qry-helpers.js';
import { CSV_TYPE, XLSX_TYPE } from './reader.js';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;

async function store(user: RegisteredUser, name: string, type: string, bytes: Buffer | string) {
  const tmp = await tempPath(t.config.dataDir);
  await writeFile(tmp, bytes);
  const info = await storeFile(t.app.db, t.config.dataDir, {
    tempFile: tmp,
    domainId: user.session.domain.id,
    userId: user.session.user.id,
    name,
    type,
    purpose: 'upload',
  });
  return info.id;
}

interface Obj {
  id: string;
}

/** An object with fields name (its required Name), code (text, unique), amount (decimal), due (date), ok (boolean). */
async function makeObject(user = u, name = 'Items'): Promise<Obj> {
  const obj = await ok<Obj>(t.app, user, 'objects.create', { name: `${name} ${Math.random()}` });
  for (const f of [
    { name: 'Code', code: 'code', type: 'text', options: { unique: true } },
    { name: 'Amount', code: 'amount', type: 'decimal', options: { min: 0 } },
    { name: 'Due', code: 'due', type: 'date' },
    { name: 'Paid', code: 'paid', type: 'boolean' },
  ])
    await ok(t.app, user, 'fields.create', { objectId: obj.id, ...f });
  return obj;
}

async function records(obj: Obj, user = u) {
  const res = await ok<{ rows: { values: Record<string, unknown>; deletedAt: string | null }[] }>(
    t.app,
    user,
    'records.list',
    {
      objectId: obj.id,
      fields: ['code', 'name', 'amount', 'due', 'paid'],
      orderby: { isActive: true, sorts: [{ field: 'code', dir: 'asc' }] },
      limit: 1000,
    },
  );
  return res.rows.map((r) => r.values);
}

interface Imp {
  id: string;
  fileId: string;
  status: string;
  result: { inserted: number; updated: number; skipped: number; failed: number } | null;
  error: string | null;
  settings: { mapping: { column: number; field: string | null }[]; delimiter: string | null };
  processed: number;
}

async function runImport(
  obj: Obj,
  fileId: string,
  settings: Record<string, unknown> = {},
  user = u,
): Promise<Imp> {
  const imp = await ok<Imp>(t.app, user, 'imports.create', { objectId: obj.id, fileId });
  if (Object.keys(settings).length)
    await ok(t.app, user, 'imports.update', { id: imp.id, settings });
  await ok(t.app, user, 'imports.run', { id: imp.id });
  await t.app.jobs.idle();
  return ok<Imp>(t.app, user, 'imports.get', { id: imp.id });
}

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
});
afterAll(async () => {
  await t.cleanup();
});

const BASIC = 'Code,Name,Amount,Due,Paid\nA1,Apple,1.5,2026-01-31,yes\nA2,Banana,2,2026-02-01,no\n';

describe('imports: create and preview', () => {
  it('creates a draft with the auto mapping and previews rows with detected types', async () => {
    const obj = await makeObject();
    const fileId = await store(
      u,
      'items.csv',
      CSV_TYPE,
      'CODE;Na me;amount;Düe;Other\nA1;Apple;1,5;31.12.2026;x\n',
    );
    const imp = await ok<Imp & { objectName: string; fileName: string; createdByName: string }>(
      t.app,
      u,
      'imports.create',
      { objectId: obj.id, fileId },
    );
    expect(imp.status).toBe('draft');
    expect(imp.fileName).toBe('items.csv');
    expect(imp.createdByName).toBe(u.username);
    expect(imp.settings.delimiter).toBe(';');
    expect(imp.settings.mapping).toEqual([
      { column: 0, field: 'code' },
      { column: 1, field: 'name' },
      { column: 2, field: 'amount' },
      { column: 3, field: 'due' },
      { column: 4, field: null },
    ]);
    const p = await ok<{ columns: { name: string; type: string }[]; rows: unknown[][] }>(
      t.app,
      u,
      'imports.preview',
      { id: imp.id },
    );
    expect(p.columns.map((c) => c.type)).toEqual(['text', 'text', 'decimal', 'date', 'text']);
    expect(p.rows).toEqual([['A1', 'Apple', '1,5', '31.12.2026', 'x']]);
    const list = await ok<{ items: Imp[]; total: number }>(t.app, u, 'imports.list', {
      objectId: obj.id,
    });
    expect(list.total).toBe(1);
    expect(list.items[0]?.id).toBe(imp.id);
  });

  it('refuses other file types (415) and unknown files (404)', async () => {
    const obj = await makeObject();
    const pdf = await store(u, 'x.pdf', 'application/pdf', '%PDF-1.4');
    const r = await qry(t.app, u, 'imports.create', { objectId: obj.id, fileId: pdf }, 'de');
    expect(r.status).toBe(415);
    expect(r.error?.message).toMatch(/CSV/);
    const r2 = await qry(t.app, u, 'imports.create', {
      objectId: obj.id,
      fileId: 'a'.repeat(24),
    });
    expect(r2.status).toBe(404);
  });

  it('validates settings with per-field messages', async () => {
    const obj = await makeObject();
    const fileId = await store(u, 'i.csv', CSV_TYPE, BASIC);
    const imp = await ok<Imp>(t.app, u, 'imports.create', { objectId: obj.id, fileId });
    const r = await qry(t.app, u, 'imports.update', {
      id: imp.id,
      settings: {
        mapping: [
          { column: 0, field: 'nope' },
          { column: 1, field: 'name' },
          { column: 2, field: 'name' },
        ],
        mode: 'update',
        keyField: 'code',
      },
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.error?.fields ?? {}).sort()).toEqual([
      'settings.keyField',
      'settings.mapping.0.field',
      'settings.mapping.2.field',
    ]);
  });
});

describe('imports: modes', () => {
  it('appends rows', async () => {
    const obj = await makeObject();
    const imp = await runImport(obj, await store(u, 'a.csv', CSV_TYPE, BASIC));
    expect(imp.status).toBe('succeeded');
    expect(imp.result).toEqual({ inserted: 2, updated: 0, skipped: 0, failed: 0 });
    expect(await records(obj)).toEqual([
      { code: 'A1', name: 'Apple', amount: '1.50', due: '2026-01-31', paid: true },
      { code: 'A2', name: 'Banana', amount: '2.00', due: '2026-02-01', paid: false },
    ]);
  });

  it('updates by key, with and without inserting missing rows, and audits changes', async () => {
    const obj = await makeObject();
    await runImport(obj, await store(u, 'a.csv', CSV_TYPE, BASIC));
    const upd = 'Code,Name\nA1,Apricot\nA2,Banana\nA3,Cherry\n';
    const first = await runImport(obj, await store(u, 'u.csv', CSV_TYPE, upd), {
      mode: 'update',
      keyField: 'code',
      insertMissing: false,
    });
    expect(first.result).toEqual({ inserted: 0, updated: 1, skipped: 2, failed: 0 });
    expect((await records(obj)).map((r) => r.name)).toEqual(['Apricot', 'Banana']);
    const second = await runImport(obj, await store(u, 'u.csv', CSV_TYPE, upd), {
      mode: 'update',
      keyField: 'code',
      insertMissing: true,
    });
    expect(second.result).toEqual({ inserted: 1, updated: 0, skipped: 2, failed: 0 });
    const rows = await records(obj);
    expect(rows).toEqual([
      { code: 'A1', name: 'Apricot', amount: '1.50', due: '2026-01-31', paid: true },
      { code: 'A2', name: 'Banana', amount: '2.00', due: '2026-02-01', paid: false },
      { code: 'A3', name: 'Cherry', amount: null, due: null, paid: null },
    ]);
    const list = await ok<{ rows: { id: number; values: { code: string } }[] }>(
      t.app,
      u,
      'records.list',
      { objectId: obj.id, fields: ['code'] },
    );
    const a1 = list.rows.find((r) => r.values.code === 'A1');
    const hist = await ok<{
      items: { action: string; changes: { field: string; before: unknown; after: unknown }[] }[];
    }>(t.app, u, 'records.history', { objectId: obj.id, id: a1?.id });
    expect(hist.items[0]?.action).toBe('update');
    expect(hist.items[0]?.changes).toEqual([
      expect.objectContaining({ field: 'name', before: 'Apple', after: 'Apricot' }),
    ]);
  });

  it('replaces every live record', async () => {
    const obj = await makeObject();
    await runImport(obj, await store(u, 'a.csv', CSV_TYPE, BASIC));
    const imp = await runImport(
      obj,
      await store(u, 'r.csv', CSV_TYPE, 'Code,Name,Paid\nB1,Berry,true\n'),
      { mode: 'replace' },
    );
    expect(imp.result).toEqual({ inserted: 1, updated: 0, skipped: 0, failed: 0 });
    expect(await records(obj)).toEqual([
      { code: 'B1', name: 'Berry', amount: null, due: null, paid: true },
    ]);
    const deleted = await ok<{ total: number }>(t.app, u, 'records.count', {
      objectId: obj.id,
      state: 'deleted',
    });
    expect(deleted.total).toBe(2);
  });
});

describe('imports: CSV dialects', () => {
  it('reads ; delimiters, decimal commas, quotes with newlines and quotes, and a BOM', async () => {
    const obj = await makeObject();
    const text =
      '\uFEFFCode;Name;Amount\r\n"A1";"He said ""hi"";\r\nbye";"1 234,5"\r\nA2;plain;7\r\n';
    const imp = await runImport(obj, await store(u, 'q.csv', CSV_TYPE, text));
    expect(imp.result?.inserted).toBe(2);
    const rows = await records(obj);
    expect(rows[0]).toMatchObject({ code: 'A1', name: 'He said "hi";\r\nbye', amount: '1234.50' });
    expect(rows[1]).toMatchObject({ code: 'A2', name: 'plain', amount: '7.00' });
  });

  it('stages texts that mean something in SQL or in an array literal as they are', async () => {
    const obj = await makeObject();
    const names = ['{a,b}', 'back\\slash "q"', 'NULL', 'tab\there', '\\N', "it's", 'a,b'];
    const csv = `Code,Name,Amount\n${names
      .map((n, i) => `B${i},"${n.replace(/"/g, '""')}",${i === 2 ? '' : i}`)
      .join('\n')}\n`;
    const imp = await runImport(obj, await store(u, 'sql.csv', CSV_TYPE, csv));
    expect(imp.result).toEqual({ inserted: names.length, updated: 0, skipped: 0, failed: 0 });
    const rows = await records(obj);
    expect(rows.map((r) => r.name)).toEqual(names);
    expect(rows.map((r) => r.amount)).toEqual(names.map((_, i) => (i === 2 ? null : `${i}.00`)));
  });

  it('detects Windows-1251 Cyrillic', async () => {
    const obj = await makeObject();
    const bytes = iconv.encode('Code,Name\nК1,Привет мир\nК2,Ёлка\n', 'win1251');
    const imp = await ok<Imp>(t.app, u, 'imports.create', {
      objectId: obj.id,
      fileId: await store(u, 'c.csv', CSV_TYPE, bytes),
    });
    const p = await ok<{ encoding: string; rows: string[][] }>(t.app, u, 'imports.preview', {
      id: imp.id,
    });
    expect(p.encoding).toBe('windows-1251');
    expect(p.rows[0]).toEqual(['К1', 'Привет мир']);
    await ok(t.app, u, 'imports.run', { id: imp.id });
    await t.app.jobs.idle();
    expect((await records(obj)).map((r) => r.name)).toEqual(['Привет мир', 'Ёлка']);
  });
});

describe('imports: XLSX', () => {
  async function workbook(): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const first = wb.addWorksheet('First');
    first.addRow(['Code', 'Name', 'Amount', 'Due', 'Paid']);
    first.addRow(['X1', 'Shared text', 12.25, new Date(Date.UTC(2026, 4, 17)), true]);
    first.getCell('D2').numFmt = 'dd.mm.yyyy';
    const second = wb.addWorksheet('Second');
    second.addRow(['Code', 'Name']);
    second.addRow(['Y1', 'From the second sheet']);
    second.addRow([]);
    second.addRow(['Y2', 'After an empty row']);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('imports the first sheet with numbers, dates and booleans', async () => {
    const obj = await makeObject();
    const fileId = await store(u, 'w.xlsx', XLSX_TYPE, await workbook());
    const imp = await runImport(obj, fileId);
    expect(imp.status).toBe('succeeded');
    expect(await records(obj)).toEqual([
      { code: 'X1', name: 'Shared text', amount: '12.25', due: '2026-05-17', paid: true },
    ]);
  });

  it('lists sheets and imports a chosen one', async () => {
    const obj = await makeObject();
    const fileId = await store(u, 'w.xlsx', XLSX_TYPE, await workbook());
    const imp = await ok<Imp>(t.app, u, 'imports.create', { objectId: obj.id, fileId });
    const p = await ok<{ sheets: string[]; rows: unknown[][] }>(t.app, u, 'imports.preview', {
      id: imp.id,
      settings: { sheet: 'Second' },
    });
    expect(p.sheets).toEqual(['First', 'Second']);
    expect(p.rows).toEqual([
      ['Y1', 'From the second sheet'],
      ['Y2', 'After an empty row'],
    ]);
    await ok(t.app, u, 'imports.update', {
      id: imp.id,
      settings: {
        sheet: 'Second',
        mapping: [
          { column: 0, field: 'code' },
          { column: 1, field: 'name' },
        ],
      },
    });
    await ok(t.app, u, 'imports.run', { id: imp.id });
    await t.app.jobs.idle();
    expect((await records(obj)).map((r) => r.code)).toEqual(['Y1', 'Y2']);
  });

  it('refuses a zip bomb with 422', async () => {
    const obj = await makeObject();
    const fileId = await store(u, 'bomb.xlsx', XLSX_TYPE, zipBomb());
    const r = await qry(t.app, u, 'imports.create', { objectId: obj.id, fileId }, 'en');
    expect(r.status).toBe(422);
    expect(r.error?.message).toMatch(/compressed/);
  });
});

describe('imports: bad rows', () => {
  const BAD =
    'Code,Name,Amount,Due\nG1,good,1,2026-01-01\nB1,bad,-5,2026-01-01\nG2,good,2,31.01.2026\nB2,bad,3,soon\nG1,dup,4,\n';

  it('stop: the first bad row fails the import and nothing changes', async () => {
    const obj = await makeObject();
    const imp = await runImport(obj, await store(u, 'b.csv', CSV_TYPE, BAD), { onError: 'stop' });
    expect(imp.status).toBe('failed');
    expect(imp.error).toMatch(/Row 3, column Amount/);
    expect(await records(obj)).toEqual([]);
    const log = await ok<{
      items: { row: number; column: string; field: string; value: string }[];
      total: number;
    }>(t.app, u, 'imports.log', { id: imp.id });
    expect(log.total).toBe(1);
    expect(log.items[0]).toMatchObject({ row: 3, column: 'Amount', field: 'amount', value: '-5' });
  });

  it('skip: good rows go in, bad ones are logged and counted', async () => {
    const obj = await makeObject();
    const imp = await runImport(obj, await store(u, 'b.csv', CSV_TYPE, BAD), { onError: 'skip' });
    expect(imp.status).toBe('succeeded');
    expect(imp.result).toEqual({ inserted: 2, updated: 0, skipped: 3, failed: 3 });
    expect((await records(obj)).map((r) => [r.code, r.due])).toEqual([
      ['G1', '2026-01-01'],
      ['G2', '2026-01-31'],
    ]);
    const log = await ok<{
      items: { row: number; column: string; message: string }[];
      total: number;
    }>(t.app, u, 'imports.log', { id: imp.id });
    expect(log.items.map((e) => [e.row, e.column])).toEqual([
      [3, 'Amount'],
      [5, 'Due'],
      [6, 'Code'],
    ]);
    const file = await ok<{ fileId: string }>(t.app, u, 'imports.logFile', { id: imp.id });
    expect(file.fileId).toMatch(/^[a-z0-9]{16,40}$/);
  });
  it('keeps at most 10,000 log entries while counting every failed row', async () => {
    const obj = await makeObject();
    const lines = ['Code,Name,Amount'];
    for (let i = 1; i <= 10_005; i++) lines.push(`L${i},Row,not a number`);
    lines.push('OK1,Good,1');
    const imp = await runImport(
      obj,
      await store(u, 'many.csv', CSV_TYPE, `${lines.join('\n')}\n`),
      { onError: 'skip' },
    );
    expect(imp.result).toEqual({ inserted: 1, updated: 0, skipped: 10_005, failed: 10_005 });
    const log = await ok<{ total: number; items: { row: number }[] }>(t.app, u, 'imports.log', {
      id: imp.id,
      offset: 9_999,
      limit: 10,
    });
    expect(log.total).toBe(10_000);
    expect(log.items.map((e) => e.row)).toEqual([10_001]);
  });
});

describe('imports: isolation and lifecycle', () => {
  it('keeps domains apart', async () => {
    const other = await registerUser(t.app);
    const obj = await makeObject();
    const imp = await ok<Imp>(t.app, u, 'imports.create', {
      objectId: obj.id,
      fileId: await store(u, 'a.csv', CSV_TYPE, BASIC),
    });
    expect((await qry(t.app, other, 'imports.get', { id: imp.id })).status).toBe(404);
    expect((await qry(t.app, other, 'imports.run', { id: imp.id })).status).toBe(404);
    const theirObj = await makeObject(other);
    const r = await qry(t.app, other, 'imports.create', {
      objectId: theirObj.id,
      fileId: imp.fileId,
    });
    expect(r.status).toBe(404);
    const theirs = await qry(t.app, u, 'imports.create', {
      objectId: theirObj.id,
      fileId: imp.fileId,
    });
    expect(theirs.status).toBe(404);
    const del = await ok<{ affected: number }>(t.app, other, 'imports.delete', { ids: [imp.id] });
    expect(del.affected).toBe(0);
    const mine = await ok<{ affected: number }>(t.app, u, 'imports.delete', { ids: [imp.id] });
    expect(mine.affected).toBe(1);
  });
});

describe('imports: running, cancelling, the log file', () => {
  it('refuses a second run, an update or a delete while one runs, and cancels it', async () => {
    const obj = await makeObject();
    const lines = ['Code,Name'];
    for (let i = 1; i <= 100_000; i++) lines.push(`C${i},Row ${i}`);
    const imp = await ok<Imp>(t.app, u, 'imports.create', {
      objectId: obj.id,
      fileId: await store(u, 'big.csv', CSV_TYPE, `${lines.join('\n')}\n`),
    });
    const first = await ok<Imp>(t.app, u, 'imports.run', { id: imp.id });
    expect(['queued', 'running']).toContain(first.status);
    expect((await qry(t.app, u, 'imports.run', { id: imp.id })).status).toBe(409);
    expect((await qry(t.app, u, 'imports.delete', { ids: [imp.id] })).status).toBe(409);
    expect((await qry(t.app, u, 'imports.update', { id: imp.id, settings: {} })).status).toBe(409);
    const cancelled = await ok<Imp>(t.app, u, 'imports.cancel', { id: imp.id });
    await t.app.jobs.idle();
    expect(cancelled.status).toBe('cancelled');
    expect(await records(obj)).toEqual([]);
    // Finished imports may be run again and deleted.
    expect(
      (await ok<{ affected: number }>(t.app, u, 'imports.delete', { ids: [imp.id] })).affected,
    ).toBe(1);
  });

  it('writes the log as CSV with neutralised formula cells', async () => {
    const obj = await makeObject();
    const imp = await runImport(
      obj,
      await store(u, 'f.csv', CSV_TYPE, 'Code,Name,Amount\nF1,ok,=1+2\nF2,ok,@SUM\n'),
      { onError: 'skip' },
    );
    // Nothing could be imported: the run failed, its counts and log stay.
    expect(imp.status).toBe('failed');
    expect(imp.result).toEqual({ inserted: 0, updated: 0, skipped: 2, failed: 2 });
    const { fileId } = await ok<{ fileId: string }>(t.app, u, 'imports.logFile', { id: imp.id });
    const file = await findFile(t.app.db, t.config.dataDir, u.session.domain.id, fileId);
    const text = await readFile(file?.path as string, 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Row,Column,Field,Value,Problem');
    expect(lines[1]).toMatch(/^2,Amount,amount,'=1\+2,/);
    expect(lines[2]).toMatch(/^3,Amount,amount,'@SUM,/);
  });

  it('checks unique values against existing records and references in bulk', async () => {
    const obj = await makeObject();
    await runImport(obj, await store(u, 'a.csv', CSV_TYPE, BASIC));
    const target = await ok<Obj>(t.app, u, 'objects.create', { name: `Ref ${Math.random()}` });
    const rec = await ok<{ id: number }>(t.app, u, 'records.create', {
      objectId: target.id,
      values: { name: 'Target' },
    });
    await ok(t.app, u, 'fields.create', {
      objectId: obj.id,
      name: 'Link',
      code: 'link',
      type: 'reference',
      options: { target: target.id },
    });
    await ok(t.app, u, 'fields.create', {
      objectId: obj.id,
      name: 'Tags',
      code: 'tags',
      type: 'multiselect',
      options: { choices: [{ value: 'red' }, { value: 'blue' }] },
    });
    const csv = `Code,Name,Link,Tags\nA1,taken,,\nN1,fine,${rec.id},red; blue\nN2,dangling,999999,\n`;
    const imp = await runImport(obj, await store(u, 'n.csv', CSV_TYPE, csv), { onError: 'skip' });
    expect(imp.result).toEqual({ inserted: 1, updated: 0, skipped: 2, failed: 2 });
    const log = await ok<{ items: { row: number; field: string }[] }>(t.app, u, 'imports.log', {
      id: imp.id,
    });
    expect(log.items.map((e) => [e.row, e.field])).toEqual([
      [2, 'code'],
      [4, 'link'],
    ]);
    const list = await ok<{ rows: { values: Record<string, unknown> }[] }>(
      t.app,
      u,
      'records.list',
      { objectId: obj.id, fields: ['code', 'link', 'tags'] },
    );
    expect(list.rows.map((r) => r.values).find((v) => v.code === 'N1')).toEqual({
      code: 'N1',
      link: rec.id,
      tags: ['red', 'blue'],
    });
  });
});

/** A minimal zip whose one part claims (and holds) 50 MB of zeros in a few KB. */
function zipBomb(): Buffer {
  const raw = Buffer.alloc(50 * 1024 * 1024);
  const data = deflateRawSync(raw, { level: 9 });
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const crc = 0; // never checked: the caps refuse the part before it is read
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(raw.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(raw.length, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const cdOffset = local.length + name.length + data.length;
  const cdSize = central.length + name.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
