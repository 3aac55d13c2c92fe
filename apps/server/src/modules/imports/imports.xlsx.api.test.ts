import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { uploadFile } from '../../test/files-helpers.js';
import { storeFile, tempPath } from '../files/index.js';
import { ok, qry } from '../../test/qry-helpers.js';
import { XLSX_TYPE } from './reader.js';
import { googleSheetsEntries } from './test/google-sheets.js';
import { sheetXml, sstXml, stylesXml, workbookEntries } from './test/xlsx-fixtures.js';
import { writeZip, type ZipInput } from './test/zip.js';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
});
afterAll(async () => {
  await t.cleanup();
});

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test', 'fixtures');

/** Writes a zip straight into the store (large ones never pass through memory). */
async function storeZip(name: string, entries: ZipInput[]): Promise<string> {
  const tmp = await tempPath(t.config.dataDir);
  await writeZip(tmp, entries);
  const info = await storeFile(t.app.db, t.config.dataDir, {
    tempFile: tmp,
    domainId: u.session.domain.id,
    userId: u.session.user.id,
    name,
    type: XLSX_TYPE,
    purpose: 'upload',
  });
  return info.id;
}

async function makeObject(): Promise<string> {
  const obj = await ok<{ id: string }>(t.app, u, 'objects.create', { name: `X ${Math.random()}` });
  for (const f of [
    { name: 'Code', code: 'code', type: 'text' },
    { name: 'Amount', code: 'amount', type: 'decimal' },
    { name: 'Due', code: 'due', type: 'date' },
    { name: 'Paid', code: 'paid', type: 'boolean' },
  ])
    await ok(t.app, u, 'fields.create', { objectId: obj.id, ...f });
  return obj.id;
}

async function importAll(objectId: string, fileId: string) {
  const imp = await ok<{ id: string }>(t.app, u, 'imports.create', { objectId, fileId });
  await ok(t.app, u, 'imports.run', { id: imp.id });
  await t.app.jobs.idle();
  const done = await ok<{ status: string; error: string | null }>(t.app, u, 'imports.get', {
    id: imp.id,
  });
  expect(done).toMatchObject({ status: 'succeeded', error: null });
  const list = await ok<{ rows: { values: Record<string, unknown> }[] }>(t.app, u, 'records.list', {
    objectId,
    fields: ['code', 'name', 'amount', 'due', 'paid'],
    orderby: { isActive: true, sorts: [{ field: 'code', dir: 'asc' }] },
  });
  return list.rows.map((r) => r.values);
}

describe('imports: workbooks of other producers through upload', () => {
  it('a LibreOffice workbook', async () => {
    const up = await uploadFile(
      t.app,
      u.headers,
      'kunden.xlsx',
      await readFile(path.join(fixtures, 'libreoffice-1904.xlsx')),
    );
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ type: XLSX_TYPE });
    const rows = await importAll(await makeObject(), up.json<{ fileId: string }>().fileId);
    expect(rows).toEqual([
      { code: 'D1', name: 'Jürgen Größe', amount: '12.50', due: '2026-05-17', paid: true },
      { code: 'F1', name: 'Éloïse Çà & Œuvre', amount: '-3.25', due: '1999-12-31', paid: false },
      { code: 'P1', name: 'João Conceição', amount: '1000000.00', due: null, paid: null },
      { code: 'R1', name: 'Ёлка Москва', amount: '0.00', due: '2026-01-01', paid: true },
    ]);
  });

  it('a Google Sheets workbook: dates, numbers of many digits, booleans, empty cells, leading zeros', async () => {
    const file = path.join(t.config.dataDir, 'google.xlsx');
    await writeZip(file, googleSheetsEntries());
    const up = await uploadFile(t.app, u.headers, 'Kunden.xlsx', await readFile(file));
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ type: XLSX_TYPE });
    const obj = await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Google' });
    for (const f of [
      { name: 'Code', code: 'code', type: 'text' },
      { name: 'Amount', code: 'amount', type: 'decimal', options: { scale: 6 } },
      // A number read into a text field keeps the text the sheet shows (`1952`, not `1952.0`).
      { name: 'Qty', code: 'qty', type: 'text' },
      { name: 'Due', code: 'due', type: 'date' },
      { name: 'Paid', code: 'paid', type: 'boolean' },
      { name: 'Double', code: 'double', type: 'money' },
      { name: 'Label', code: 'label', type: 'text' },
    ])
      await ok(t.app, u, 'fields.create', { objectId: obj.id, ...f });
    const imp = await ok<{ id: string }>(t.app, u, 'imports.create', {
      objectId: obj.id,
      fileId: up.json<{ fileId: string }>().fileId,
    });
    await ok(t.app, u, 'imports.run', { id: imp.id });
    await t.app.jobs.idle();
    expect(await ok(t.app, u, 'imports.get', { id: imp.id })).toMatchObject({
      status: 'succeeded',
      error: null,
    });
    const list = await ok<{ rows: { values: Record<string, unknown> }[] }>(
      t.app,
      u,
      'records.list',
      {
        objectId: obj.id,
        fields: ['code', 'name', 'amount', 'qty', 'due', 'paid', 'double', 'label'],
        orderby: { isActive: true, sorts: [{ field: 'code', dir: 'asc' }] },
      },
    );
    expect(list.rows.map((r) => r.values)).toEqual([
      {
        code: '00123',
        name: 'Jürgen Größe',
        amount: '12.500000',
        qty: '1952',
        due: '2026-05-17',
        paid: true,
        double: '25.00',
        label: '00123-1952',
      },
      {
        code: '0042',
        name: 'Éloïse & Œuvre',
        amount: '123456789012.340000',
        qty: '17876956',
        due: '1999-12-31',
        paid: false,
        double: '246913578024.68',
        label: '0042-17876956',
      },
      {
        code: 'P-7',
        name: 'Ёлка Москва',
        amount: '-0.000123',
        qty: null,
        due: null,
        paid: null,
        double: null,
        label: null,
      },
      {
        code: 'Sheet two',
        name: 'Nullwerte',
        amount: '0.000000',
        qty: '7',
        due: null,
        paid: null,
        double: null,
        label: null,
      },
    ]);
  });

  it('a workbook whose parts have other names and absolute targets', async () => {
    const rows = `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Z9</t></is></c><c r="B2" t="s"><v>3</v></c><c r="C2" s="1"><v>46159</v></c></row>`;
    const file = path.join(t.config.dataDir, 'odd.xlsx');
    await writeZip(
      file,
      workbookEntries({
        workbook: 'wb/book.xml',
        workbookTarget: '/wb/book.xml',
        sheets: [{ name: 'Data', part: 'sheets/Data.xml', xml: sheetXml(rows) }],
        strings: { part: 'wb/Strings.xml', xml: sstXml(['Code', 'Name', 'Due', 'Zürich']) },
        styles: { part: 'styles/look.xml', xml: stylesXml() },
      }),
    );
    const up = await uploadFile(t.app, u.headers, 'odd.xlsx', await readFile(file));
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ type: XLSX_TYPE });
    const got = await importAll(await makeObject(), up.json<{ fileId: string }>().fileId);
    expect(got).toEqual([
      { code: 'Z9', name: 'Zürich', amount: null, due: '2026-05-17', paid: null },
    ]);
  });
});

/** RSS of this process, sampled every 10 ms while `fn` runs: the growth over the start. */
async function rssGrowth(fn: () => Promise<void>): Promise<number> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage.rss()) - start;
}

describe('imports: workbooks made to exhaust memory', () => {
  it('five previews at once of a workbook whose shared strings unpack to 150 MB stay small', async () => {
    // 150,000 strings of 1,000 characters, compressed about 60:1 (inside the ratio cap).
    const block = randomBytes(3072).toString('base64');
    const count = 150_000;
    const strings = async function* () {
      yield `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}">`;
      let buf = '';
      for (let i = 0; i < count; i++) {
        const k = (i * 997) % 3000;
        buf += `<si><t>${i === 0 ? 'Code' : i === 1 ? 'Name' : block.slice(k, k + 1000)}</t></si>`;
        if (buf.length > 1 << 20) {
          yield buf;
          buf = '';
        }
      }
      yield `${buf}</sst>`;
    };
    const rows =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
      '<row r="2"><c r="A2" t="inlineStr"><is><t>B1</t></is></c><c r="B2" t="s"><v>2</v></c></row>';
    const entries = workbookEntries({
      sheets: [{ name: 'S', xml: sheetXml(rows) }],
      strings: { xml: '' },
    }).map((e) => (e.name === 'xl/sharedStrings.xml' ? { ...e, data: strings } : e));
    const fileId = await storeZip('bomb.xlsx', entries);
    const objectId = await makeObject();
    const answers: { status: number; rows?: unknown }[] = [];
    const growth = await rssGrowth(async () => {
      await Promise.all(
        Array.from({ length: 5 }, async () => {
          const created = await qry<{ id: string }>(t.app, u, 'imports.create', {
            objectId,
            fileId,
          });
          if (created.status !== 200) {
            answers.push({ status: created.status });
            return;
          }
          const p = await qry<{ rows: string[][] }>(t.app, u, 'imports.preview', {
            id: created.data.id,
          });
          answers.push({ status: p.status, rows: p.data?.rows });
        }),
      );
    });
    expect(answers).toHaveLength(5);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.rows).toEqual([['B1', block.slice(1994, 2994)]]);
    }
    // Reading the whole table five times would take well over 750 MB.
    expect(growth).toBeLessThan(200 * 1024 * 1024);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  }, 120_000);

  it('a shared string longer than a cell may be answers 422 in the user’s language', async () => {
    const entries = workbookEntries({
      sheets: [{ name: 'S', xml: sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>') }],
      strings: { xml: sstXml(['x'.repeat(2_000_000)]) },
    }).map((e) => (e.name === 'xl/sharedStrings.xml' ? { ...e, level: 0 } : e));
    const fileId = await storeZip('long.xlsx', entries);
    const r = await qry(t.app, u, 'imports.create', { objectId: await makeObject(), fileId }, 'de');
    expect(r.status).toBe(422);
    expect(r.error?.message).toBe('Eine Zelle ist länger als 100000 Zeichen.');
  });
});
