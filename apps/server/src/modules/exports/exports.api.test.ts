import { readFile, stat, writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { findFile, sha256Of, storeFile, tempPath } from '../files/index.js';
import { AND, group, ok, qry } from '../../test/qry-helpers.js';
import { runExport as runExportJob } from './exports.service.js';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let obj: { id: string; name: string };
let currency: { id: string };

const BOM = '\ufeff';

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
  currency = await ok(t.app, u, 'objects.create', { name: 'Currency', kind: 'reference' });
  await ok(t.app, u, 'records.create', { objectId: currency.id, values: { name: 'EUR' } });
  await ok(t.app, u, 'records.create', { objectId: currency.id, values: { name: 'Рубль' } });
  obj = await ok(t.app, u, 'objects.create', { name: 'Expenses' });
  const fields = [
    { name: 'Amount', type: 'money' },
    { name: 'Qty', type: 'integer' },
    {
      name: 'Category',
      type: 'select',
      options: { choices: [{ value: 'fuel', label: 'Fuel' }, { value: 'tax' }] },
    },
    { name: 'Paid', type: 'boolean' },
    { name: 'Due', type: 'date' },
    {
      name: 'Tags',
      type: 'multiselect',
      options: { choices: [{ value: 'a', label: 'Alpha' }, { value: 'b' }] },
    },
    { name: 'Currency', type: 'reference', options: { target: currency.id } },
    { name: 'At', type: 'datetime' },
    { name: 'Note', type: 'longtext', options: { hidden: true } },
  ];
  for (const f of fields) await ok(t.app, u, 'fields.create', { objectId: obj.id, ...f });
  const rows = [
    {
      name: 'Alpha',
      amount: 100.25,
      qty: 1,
      category: 'fuel',
      paid: true,
      due: '2026-01-15',
      tags: ['a', 'b'],
      currency: 1,
      at: '2026-01-15T08:30:00.000Z',
      note: 'secret',
    },
    {
      name: 'Comma, "quoted"\nline',
      amount: -7.5,
      qty: -2,
      category: 'tax',
      paid: false,
      due: '2026-02-01',
      tags: [],
      currency: 2,
    },
    { name: 'Gamma', amount: null, qty: 3, category: null, paid: null, due: null },
    { name: 'Deleted data', qty: 4 },
  ];
  for (const values of rows) await ok(t.app, u, 'records.create', { objectId: obj.id, values });
  await ok(t.app, u, 'records.delete', { objectId: obj.id, ids: [4] });
});
afterAll(async () => t.cleanup());

interface JobOut {
  id: string;
  kind: string;
  status: string;
  processed: number;
  total: number | null;
  fileId: string | null;
  error: string | null;
  progress: number;
}

/** Starts an export, waits for the job runner and answers the finished job. */
async function runExport(
  user: Pick<RegisteredUser, 'headers'>,
  input: Record<string, unknown>,
): Promise<JobOut> {
  const job = await ok<JobOut>(t.app, user, 'records.export', { format: 'csv', ...input });
  expect(job).toMatchObject({ kind: 'export', status: 'queued' });
  await t.app.jobs.idle();
  return ok<JobOut>(t.app, user, 'exports.get', { id: job.id });
}

async function fileOf(job: JobOut, domainId = u.session.domain.id) {
  expect(job.status).toBe('succeeded');
  const f = await findFile(t.app.db, t.config.dataDir, domainId, job.fileId as string);
  if (!f) throw new Error('export file missing');
  return f;
}

async function csvOf(user: Pick<RegisteredUser, 'headers'>, input: Record<string, unknown>) {
  const job = await runExport(user, input);
  const f = await fileOf(job);
  return { job, info: f.info, text: await readFile(f.path, 'utf8') };
}

describe('records.export (CSV)', () => {
  it('writes attachment columns as the names of the attached files', async () => {
    const docs = await ok(t.app, u, 'objects.create', { name: 'Documents' });
    await ok(t.app, u, 'fields.create', { objectId: docs.id, name: 'Scan', type: 'attachment' });
    const temp = await tempPath(t.config.dataDir);
    await writeFile(temp, 'a,b\r\n1,2\r\n');
    const stored = await storeFile(t.app.db, t.config.dataDir, {
      tempFile: temp,
      domainId: u.session.domain.id,
      userId: null,
      name: 'Invoice März.csv',
      type: 'text/csv',
      purpose: 'upload',
    });
    await ok(t.app, u, 'records.create', {
      objectId: docs.id,
      values: { name: 'With file', scan: stored.id },
    });
    await ok(t.app, u, 'records.create', { objectId: docs.id, values: { name: 'Without' } });
    const { text } = await csvOf(u, { objectId: docs.id, fields: ['name', 'scan'] });
    expect(text).toBe(`${BOM}Name,Scan\r\nWith file,Invoice März.csv\r\nWithout,\r\n`);
  });

  it('writes the visible fields of the view with BOM, RFC 4180 quoting, CRLF and labels', async () => {
    const { job, info, text } = await csvOf(u, {
      objectId: obj.id,
      orderby: { isActive: true, sorts: [{ field: 'qty', dir: 'desc' }] },
    });
    expect(job).toMatchObject({ processed: 3, progress: 1 });
    expect(info.type).toBe('text/csv');
    expect(info.name).toMatch(/^Expenses \d{4}-\d{2}-\d{2}\.csv$/);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.slice(1)).toBe(
      [
        'Name,Amount,Qty,Category,Paid,Due,Tags,Currency,At',
        'Gamma,,3,,,,,,',
        'Alpha,100.25,1,Fuel,true,2026-01-15,"Alpha, b",EUR,2026-01-15T08:30:00.000Z',
        '"Comma, ""quoted""\nline",-7.50,-2,tax,false,2026-02-01,,Рубль,',
        '',
      ].join('\r\n'),
    );
  });

  it('writes the semicolon style with decimal commas for European spreadsheets', async () => {
    const { text } = await csvOf(u, {
      objectId: obj.id,
      csvStyle: 'semicolon',
      fields: ['name', 'amount', 'qty', 'tags'],
      orderby: { isActive: true, sorts: [{ field: 'qty', dir: 'desc' }] },
    });
    expect(text.slice(1)).toBe(
      [
        'Name;Amount;Qty;Tags',
        'Gamma;;3;',
        'Alpha;100,25;1;Alpha, b',
        '"Comma, ""quoted""\nline";-7,50;-2;',
        '',
      ].join('\r\n'),
    );
  });

  it('applies filter, search, state, chosen columns in order and code headings', async () => {
    const { text } = await csvOf(u, {
      objectId: obj.id,
      filter: group(AND, [{ field: 'qty', op: 'gte', value: 1 }]),
      search: 'a',
      state: 'all',
      fields: ['qty', 'name', 'id', 'created_by', 'note'],
      headings: 'codes',
      orderby: { isActive: true, sorts: [{ field: 'name', dir: 'asc' }] },
    });
    const name = u.session.user.fullName || u.username;
    expect(text.slice(1).split('\r\n')).toEqual([
      'qty,name,id,created_by,note',
      `1,Alpha,1,${name},secret`,
      `4,Deleted data,4,${name},`,
      `3,Gamma,3,${name},`,
      '',
    ]);
  });

  it('names system columns in the caller language', async () => {
    const res = await qry<JobOut>(
      t.app,
      u,
      'records.export',
      { objectId: obj.id, format: 'csv', fields: ['name', 'id', 'created_at'] },
      'de',
    );
    await t.app.jobs.idle();
    const job = await ok<JobOut>(t.app, u, 'exports.get', { id: res.data.id });
    const f = await fileOf(job);
    const text = await readFile(f.path, 'utf8');
    expect(text.slice(1).split('\r\n')[0]).toBe('Name,ID,Erstellt');
  });

  it('refuses unknown fields and bad filters up front with field paths', async () => {
    const bad = await qry(t.app, u, 'records.export', {
      objectId: obj.id,
      format: 'csv',
      fields: ['name', 'nope'],
      filter: group(AND, [{ field: 'qty', op: 'contains', value: 'x' }]),
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('validation_failed');
    expect(Object.keys(bad.error?.fields ?? {})).toContain('fields.1');
    const filter = await qry(t.app, u, 'records.export', {
      objectId: obj.id,
      format: 'csv',
      filter: group(AND, [{ field: 'missing', op: 'eq', value: 1 }]),
    });
    expect(filter.status).toBe(400);
    expect(Object.keys(filter.error?.fields ?? {})[0]).toMatch(/^filter\./);
    const sort = await qry(t.app, u, 'records.export', {
      objectId: obj.id,
      format: 'xlsx',
      orderby: { isActive: true, sorts: [{ field: 'zzz', dir: 'asc' }] },
    });
    expect(sort.status).toBe(400);
    expect(sort.error?.fields).toHaveProperty(['orderby.sorts.0.field']);
    const none = await qry(t.app, u, 'records.export', {
      objectId: obj.id,
      format: 'csv',
      fields: [],
    });
    expect(none.status).toBe(400);
    expect(none.error?.fields).toHaveProperty('fields');
    const format = await qry(t.app, u, 'records.export', { objectId: obj.id, format: 'pdf' });
    expect(format.status).toBe(400);
  });
});

describe('neutralisation', () => {
  const triggers = ['=1+2', '+31 20', '-x', '@SUM(A1)', '\tTab', '\rCR'];
  let n: { id: string };
  beforeAll(async () => {
    n = await ok(t.app, u, 'objects.create', { name: 'Formulas' });
    await ok(t.app, u, 'fields.create', { objectId: n.id, name: 'Num', type: 'decimal' });
    await ok(t.app, u, 'fields.create', { objectId: n.id, name: 'Memo', type: 'longtext' });
    for (const [i, s] of triggers.entries()) {
      await ok(t.app, u, 'records.create', {
        objectId: n.id,
        values: { name: `r${i}`, memo: s, num: -(i + 1.5) },
      });
    }
    await ok(t.app, u, 'records.create', {
      objectId: n.id,
      values: { name: 'plain', memo: 'a=b', num: 2 },
    });
  });

  it('prefixes every trigger character with a quote in CSV; numbers stay numbers', async () => {
    const { text } = await csvOf(u, { objectId: n.id, fields: ['memo', 'num'] });
    expect(text.slice(1).split('\r\n')).toEqual([
      'Memo,Num',
      "'=1+2,-1.50",
      "'+31 20,-2.50",
      "'-x,-3.50",
      "'@SUM(A1),-4.50",
      "'\tTab,-5.50",
      `"'\rCR",-6.50`,
      'a=b,2.00',
      '',
    ]);
  });

  it('does the same in XLSX, with negative numbers as numeric cells', async () => {
    const job = await runExport(u, { objectId: n.id, format: 'xlsx', fields: ['memo', 'num'] });
    const f = await fileOf(job);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(f.path);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const memo: unknown[] = [];
    const num: unknown[] = [];
    sheet.eachRow((row, i) => {
      if (i === 1) return;
      memo.push(row.getCell(1).value);
      num.push(row.getCell(2).value);
    });
    expect(memo).toEqual(["'=1+2", "'+31 20", "'-x", "'@SUM(A1)", "'\tTab", "'\rCR", 'a=b']);
    expect(num).toEqual([-1.5, -2.5, -3.5, -4.5, -5.5, -6.5, 2]);
  });
});

describe('records.export (XLSX)', () => {
  it('writes one sheet named after the object with typed cells and a bold frozen header', async () => {
    const job = await runExport(u, {
      objectId: obj.id,
      format: 'xlsx',
      orderby: { isActive: true, sorts: [{ field: 'qty', dir: 'asc' }] },
    });
    const f = await fileOf(job);
    expect(f.info.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(f.info.name).toMatch(/^Expenses \d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(f.path);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Expenses']);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = sheet.getRow(1);
    expect(header.values).toEqual([
      undefined,
      'Name',
      'Amount',
      'Qty',
      'Category',
      'Paid',
      'Due',
      'Tags',
      'Currency',
      'At',
    ]);
    expect(header.getCell(1).font?.bold).toBe(true);
    const alpha = sheet.getRow(3);
    expect(alpha.getCell(1).value).toBe('Alpha');
    expect(alpha.getCell(2).value).toBe(100.25);
    expect(alpha.getCell(3).value).toBe(1);
    expect(alpha.getCell(4).value).toBe('Fuel');
    expect(alpha.getCell(5).value).toBe(true);
    expect(alpha.getCell(6).value).toEqual(new Date('2026-01-15T00:00:00.000Z'));
    expect(alpha.getCell(6).numFmt).toBe('yyyy-mm-dd');
    expect(alpha.getCell(7).value).toBe('Alpha, b');
    expect(alpha.getCell(8).value).toBe('EUR');
    expect(alpha.getCell(9).value).toEqual(new Date('2026-01-15T08:30:00.000Z'));
    expect(alpha.getCell(9).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    const comma = sheet.getRow(2);
    expect(comma.getCell(1).value).toBe('Comma, "quoted"\nline');
    expect(comma.getCell(3).value).toBe(-2);
    expect(comma.getCell(5).value).toBe(false);
    expect(comma.getCell(8).value).toBe('Рубль');
    expect(sheet.getRow(4).getCell(2).value).toBeNull();
    expect(sheet.rowCount).toBe(4);
  });
});

describe('records.export (XLSX) in a time zone', () => {
  it('shows date-times as wall-clock time of the view time zone; dates stay as they are', async () => {
    const job = await runExport(u, {
      objectId: obj.id,
      format: 'xlsx',
      timeZone: 'America/New_York',
      fields: ['due', 'at'],
      orderby: { isActive: true, sorts: [{ field: 'qty', dir: 'asc' }] },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await fileOf(job)).path);
    const alpha = (book.worksheets[0] as ExcelJS.Worksheet).getRow(3);
    expect(alpha.getCell(1).value).toEqual(new Date('2026-01-15T00:00:00.000Z'));
    expect(alpha.getCell(2).value).toEqual(new Date('2026-01-15T03:30:00.000Z'));
  });
});

describe('access', () => {
  it('a viewer exports; another domain gets 404 for the object and the job', async () => {
    const viewer = await registerUser(t.app);
    await ok(t.app, u, 'members.add', { login: viewer.username, role: 'viewer' });
    const switched = await ok(t.app, viewer, 'domains.switch', { id: u.session.domain.id });
    const headers = bearer(switched.accessToken);
    const job = await runExport({ headers }, { objectId: obj.id, fields: ['name'] });
    const f = await fileOf(job);
    expect((await readFile(f.path, 'utf8')).slice(1).split('\r\n')[0]).toBe('Name');

    const other = await registerUser(t.app);
    const res = await qry(t.app, other, 'records.export', { objectId: obj.id, format: 'csv' });
    expect(res.status).toBe(404);
    const peek = await qry(t.app, other, 'exports.get', { id: job.id });
    expect(peek.status).toBe(404);
    expect(
      await findFile(t.app.db, t.config.dataDir, other.session.domain.id, job.fileId as string),
    ).toBeUndefined();
    const unknown = await qry(t.app, u, 'exports.get', { id: 'nosuchjob0000000000000' });
    expect(unknown.status).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const res = await qry(t.app, null, 'records.export', { objectId: obj.id, format: 'csv' });
    expect(res.status).toBe(401);
  });
});

describe('larger exports', () => {
  let big: { id: string };
  beforeAll(async () => {
    big = await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Big' });
    await ok(t.app, u, 'fields.create', { objectId: big.id, name: 'Number', type: 'integer' });
    const db = t.app.db.kysely;
    const o = await db
      .selectFrom('pf_objects')
      .select('table_name')
      .where('id', '=', big.id)
      .executeTakeFirstOrThrow();
    const cols = await db
      .selectFrom('pf_fields')
      .select(['code', 'column_name'])
      .where('object_id', '=', big.id)
      .execute();
    const col = (code: string) => cols.find((c) => c.code === code)?.column_name as string;
    const now = new Date().toISOString();
    for (let start = 0; start < 20_000; start += 2000) {
      const tuples = Array.from(
        { length: 2000 },
        (_, k) => sql`(${now}, ${now}, ${`Row ${start + k + 1}`}, ${start + k + 1})`,
      );
      await sql`insert into ${sql.id(o.table_name)} (created_at, updated_at, ${sql.id(col('name'))}, ${sql.id(col('number'))}) values ${sql.join(tuples)}`.execute(
        db,
      );
    }
  });

  it('streams 20,000 rows in slices and counts them', async () => {
    const job = await runExport(u, {
      objectId: big.id,
      filter: group(AND, [{ field: 'number', op: 'gt', value: 500 }]),
      orderby: { isActive: true, sorts: [{ field: 'number', dir: 'desc' }] },
    });
    expect(job).toMatchObject({ status: 'succeeded', processed: 19_500, total: 19_500 });
    const f = await fileOf(job);
    expect(f.info.sha256).toBe(await sha256Of(f.path));
    const text = await readFile(f.path, 'utf8');
    const lines = text.slice(1).split('\r\n');
    expect(lines).toHaveLength(19_502);
    expect(lines[1]).toBe('Row 20000,20000');
    expect(lines[19_500]).toBe('Row 501,501');

    const xjob = await runExport(u, { objectId: big.id, format: 'xlsx' });
    expect(xjob).toMatchObject({ status: 'succeeded', processed: 20_000 });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await fileOf(xjob)).path);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(20_001);
    expect(sheet.getRow(20_001).values).toEqual([undefined, 'Row 20000', 20_000]);
  });

  it('stops when cancelled and leaves neither a file nor a temp file', async () => {
    const files = async () =>
      Number(
        (
          await t.app.db.kysely
            .selectFrom('pf_files')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await files();
    const controller = new AbortController();
    let reports = 0;
    const id = 'cancelledexport000000001';
    const run = runExportJob(t.app, {
      id,
      domainId: u.session.domain.id,
      userId: u.session.user.id,
      lang: 'en',
      params: {
        objectId: big.id,
        format: 'csv',
        state: 'active',
        headings: 'names',
        csvStyle: 'comma',
      },
      db: t.app.db,
      log: t.app.log,
      signal: controller.signal,
      progress: (processed) => {
        reports++;
        if (processed > 0) controller.abort(new Error('cancelled'));
      },
    });
    await expect(run).rejects.toThrow();
    expect(reports).toBe(2);
    expect(await files()).toBe(before);
    await expect(stat(await tempPath(t.config.dataDir, id))).rejects.toThrow();
  });
});

describe('restart', () => {
  it('an export interrupted by a stop is marked failed and its half-written file removed', async () => {
    const id = 'interruptedexport0000001';
    const temp = await tempPath(t.config.dataDir, id);
    await writeFile(temp, 'half a file');
    const now = new Date().toISOString();
    await t.app.db.kysely
      .insertInto('pf_jobs')
      .values({
        id,
        domain_id: u.session.domain.id,
        kind: 'export',
        status: 'running',
        progress: 0.4,
        processed: 400,
        total: 1000,
        params: JSON.stringify({ objectId: obj.id, format: 'csv' }),
        result: null,
        error: null,
        file_id: null,
        lang: 'de',
        created_by: u.session.user.id,
        created_at: now,
        started_at: now,
        finished_at: null,
      })
      .execute();
    await t.app.jobs.start();
    const job = await ok<JobOut>(t.app, u, 'exports.get', { id });
    expect(job).toMatchObject({ status: 'failed', fileId: null });
    expect(job.error).toMatch(/Server/);
    await expect(stat(temp)).rejects.toThrow();
  });
});

describe('download', () => {
  it('hands the file out through /api/download to users of the domain only', async () => {
    const job = await runExport(u, { objectId: obj.id, fields: ['name'], state: 'all' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/download',
      headers: u.headers,
      payload: { fileId: job.fileId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment;.*Expenses/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.rawPayload.toString('utf8').slice(1).split('\r\n')[0]).toBe('Name');
    const other = await registerUser(t.app);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/download',
      headers: other.headers,
      payload: { fileId: job.fileId },
    });
    expect(denied.statusCode).toBe(404);
  });
});

describe('records.export of computed fields', () => {
  it('writes formula, lookup and rollup values, filtered and sorted by them', async () => {
    const orders = await ok(t.app, u, 'objects.create', { name: 'Export orders' });
    const lines = await ok(t.app, u, 'objects.create', { name: 'Export lines' });
    const field = (objectId: string, body: Record<string, unknown>) =>
      ok(t.app, u, 'fields.create', { objectId, ...body });
    await field(lines.id, { name: 'Qty', code: 'qty', type: 'integer' });
    await field(lines.id, { name: 'Price', code: 'price', type: 'decimal', options: { scale: 2 } });
    await field(lines.id, {
      name: 'Order',
      code: 'order',
      type: 'reference',
      options: { target: orders.id },
    });
    await field(lines.id, {
      name: 'Amount',
      code: 'amount',
      computed: { kind: 'formula', formula: 'qty * price' },
    });
    await field(lines.id, {
      name: 'Order name',
      code: 'order_name',
      computed: { kind: 'lookup', path: ['order'], field: 'name' },
    });
    await field(orders.id, {
      name: 'Total',
      code: 'total',
      computed: { kind: 'rollup', object: lines.id, via: 'order', fn: 'sum', field: 'amount' },
    });
    const o1 = await ok(t.app, u, 'records.create', { objectId: orders.id, values: { name: 'A' } });
    const o2 = await ok(t.app, u, 'records.create', { objectId: orders.id, values: { name: 'B' } });
    for (const [name, qty, price, o] of [
      ['l1', 3, '2.50', o1.id],
      ['l2', 1, '10.00', o1.id],
      ['l3', 2, '4.00', o2.id],
    ])
      await ok(t.app, u, 'records.create', {
        objectId: lines.id,
        values: { name, qty, price, order: o },
      });
    const lineCsv = await csvOf(u, {
      objectId: lines.id,
      filter: group(AND, [{ field: 'amount', op: 'gt', value: 7.6 }]),
      fields: ['name', 'amount', 'order_name'],
      headings: 'codes',
      orderby: { isActive: true, sorts: [{ field: 'amount', dir: 'desc' }] },
    });
    // Numbers as the export writes any decimal (compared by value).
    const table = (text: string) =>
      text
        .slice(1)
        .split('\r\n')
        .filter(Boolean)
        .map((line) => line.split(',').map((c) => (/^-?\d+(\.\d+)?$/.test(c) ? Number(c) : c)));
    expect(table(lineCsv.text)).toEqual([
      ['name', 'amount', 'order_name'],
      ['l2', 10, 'A'],
      ['l3', 8, 'B'],
    ]);
    const orderCsv = await csvOf(u, {
      objectId: orders.id,
      fields: ['name', 'total'],
      headings: 'codes',
      orderby: { isActive: true, sorts: [{ field: 'total', dir: 'asc' }] },
    });
    expect(table(orderCsv.text)).toEqual([
      ['name', 'total'],
      ['B', 8],
      ['A', 17.5],
    ]);
  });
});
