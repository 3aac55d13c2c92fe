import type { CubesQueryOutput, Report, ReportRun } from '@fiscus/contracts';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { AND, group, ok, qry } from '../../test/qry-helpers.js';

/**
 * Reports over the API on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
 * definitions, generation as a job into XLSX (the pivot's layout, number formats, frozen
 * headers), CSV and PDF (headers on every page, Cyrillic text), runs with log and result,
 * downloads, permissions and tenant isolation.
 */
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let owner: RegisteredUser;
let other: RegisteredUser;
let sales: string;
let viewId: string;
let cubeId: string;
type Caller = { headers: { authorization: string } };

const REGIONS = [
  { value: 'north', label: 'Север' },
  { value: 'south', label: 'South' },
];
const PRODUCTS = ['Яблоки', 'Pears', 'Plums'];

async function member(role: string): Promise<Caller> {
  const user = await registerUser(app);
  await ok(app, owner, 'members.add', { login: user.username, role });
  const switched = await ok<{ accessToken: string }>(app, user, 'domains.switch', {
    id: owner.session.domain.id,
  });
  return { headers: bearer(switched.accessToken) };
}

async function generate(
  input: Record<string, unknown>,
  caller: Caller = owner,
  lang?: string,
): Promise<ReportRun> {
  const started = await qry<ReportRun>(app, caller, 'reports.generate', input, lang);
  if (started.status !== 200) throw new Error(JSON.stringify(started.error));
  await app.jobs.idle();
  return ok<ReportRun>(app, owner, 'reports.getRun', { id: started.data.id });
}

async function download(fileId: string, caller: Caller = owner) {
  return app.inject({
    method: 'POST',
    url: '/api/download',
    headers: caller.headers,
    payload: { fileId },
  });
}

async function workbook(fileId: string): Promise<ExcelJS.Worksheet> {
  const res = await download(fileId);
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book.worksheets[0] as ExcelJS.Worksheet;
}

beforeAll(async () => {
  ({ app, cleanup } = await makeTestApp());
  owner = await registerUser(app);
  other = await registerUser(app);
  sales = (await ok(app, owner, 'objects.create', { name: 'Sales', kind: 'table' })).id;
  const f = (name: string, type: string, options: Record<string, unknown> = {}) =>
    ok(app, owner, 'fields.create', { objectId: sales, name, type, options });
  await f('Region', 'select', { choices: REGIONS });
  await f('Product', 'text');
  await f('Day', 'date');
  await f('Amount', 'money', { scale: 2 });
  const rows = Array.from({ length: 180 }, (_, i) => ({
    name: `Строка ${i}`,
    region: (REGIONS[i % 2] as { value: string }).value,
    product: PRODUCTS[i % 3],
    day: `2026-0${(i % 3) + 1}-1${i % 10}`,
    amount: `${(i * 37) % 1000}.${String(i % 100).padStart(2, '0')}`,
  }));
  await ok(app, owner, 'records.createMany', { objectId: sales, rows });
  viewId = (
    await ok(app, owner, 'views.save', {
      objectId: sales,
      name: 'Big amounts',
      shared: true,
      definition: {
        filter: group(AND, [{ field: 'amount', op: 'gte', value: 100 }]),
        groupby: { isActive: false, groups: [] },
        orderby: { isActive: true, sorts: [{ field: 'amount', dir: 'desc' }] },
        columns: [
          { field: 'product' },
          { field: 'region' },
          { field: 'amount' },
          { field: 'name', hidden: true },
        ],
      },
    })
  ).id;
  cubeId = (
    await ok(app, owner, 'cubes.create', {
      objectId: sales,
      name: 'Sales cube',
      dimensions: [
        { key: 'region', field: 'region' },
        { key: 'product', field: 'product' },
        { key: 'month', field: 'day', grain: 'month' },
      ],
      measures: [
        { key: 'amount', fn: 'sum', field: 'amount', label: 'Amount' },
        { key: 'n', fn: 'count', label: 'Lines' },
      ],
      defaultLayout: { rows: ['region', 'product'], cols: ['month'], measures: ['amount', 'n'] },
    })
  ).id;
});

afterAll(async () => {
  await cleanup();
});

describe('report definitions', () => {
  it('are created, listed, read, changed and deleted; bad definitions name the field', async () => {
    const noObject = await qry(app, owner, 'reports.create', { name: 'X', source: 'view' });
    expect(noObject.status).toBe(400);
    expect(noObject.error?.fields?.objectId).toBeDefined();
    const badView = await qry(app, owner, 'reports.create', {
      name: 'X',
      source: 'view',
      objectId: sales,
      viewId: 'nope',
    });
    expect(badView.error?.fields?.viewId?.[0]).toContain('Sales');
    const badParams = await qry(app, owner, 'reports.create', {
      name: 'X',
      source: 'view',
      objectId: sales,
      parameters: group(AND, [{ field: 'ghost', op: 'eq', value: 1 }]),
    });
    expect(badParams.status).toBe(400);
    expect(Object.keys(badParams.error?.fields ?? {})[0]).toMatch(/^parameters/);
    const noCube = await qry(app, owner, 'reports.create', { name: 'X', source: 'cube' });
    expect(noCube.error?.fields?.cubeId).toBeDefined();
    const badLayout = await qry(app, owner, 'reports.create', {
      name: 'X',
      source: 'cube',
      cubeId,
      layout: { rows: ['zzz'], cols: [], measures: ['amount'] },
    });
    expect(badLayout.error?.fields?.['layout.rows.0']).toBeDefined();

    const made = await ok<Report>(app, owner, 'reports.create', {
      name: 'Temp',
      source: 'view',
      objectId: sales,
      viewId,
      format: 'csv',
    });
    expect(made).toMatchObject({ objectName: 'Sales', viewName: 'Big amounts', lastRun: null });
    const changed = await ok<Report>(app, owner, 'reports.update', {
      id: made.id,
      name: 'Temp 2',
      source: 'cube',
      cubeId,
    });
    expect(changed).toMatchObject({
      name: 'Temp 2',
      source: 'cube',
      cubeName: 'Sales cube',
      viewId: null,
    });
    expect((await ok(app, owner, 'reports.list', {})).items.map((r: Report) => r.name)).toContain(
      'Temp 2',
    );
    await ok(app, owner, 'reports.delete', { id: made.id });
    expect((await qry(app, owner, 'reports.get', { id: made.id })).status).toBe(404);
  });

  it('are defined by admins and owners, generated by editors, read by everyone in the domain', async () => {
    const editor = await member('editor');
    const viewer = await member('viewer');
    const def = { name: 'By editor', source: 'view', objectId: sales };
    expect((await qry(app, editor, 'reports.create', def)).status).toBe(403);
    const admin = await member('admin');
    const report = await ok<Report>(app, admin, 'reports.create', def);
    expect((await qry(app, editor, 'reports.update', { id: report.id, name: 'x' })).status).toBe(
      403,
    );
    expect((await qry(app, editor, 'reports.delete', { id: report.id })).status).toBe(403);
    const run = await generate({ id: report.id, format: 'csv' }, editor);
    expect(run.status).toBe('succeeded');
    expect((await qry(app, viewer, 'reports.generate', { id: report.id })).status).toBe(403);
    const runs = await ok(app, viewer, 'reports.runs', { reportId: report.id });
    expect(runs.items).toHaveLength(1);
    expect((await download(run.fileId as string, viewer)).statusCode).toBe(200);
  });
});

describe('reports.generate', () => {
  it('writes a view to XLSX as a job: its fields, filter and order with the parameters; the run has who, when, size, duration, log and result', async () => {
    const report = await ok<Report>(app, owner, 'reports.create', {
      name: 'Big sales',
      source: 'view',
      objectId: sales,
      viewId,
      format: 'xlsx',
      parameters: group(AND, [{ field: 'region', op: 'eq', value: 'north' }]),
    });
    const run = await generate({ id: report.id });
    expect(run.status, run.error ?? '').toBe('succeeded');
    const records = await ok<{ rows: { values: Record<string, unknown> }[] }>(
      app,
      owner,
      'records.list',
      {
        objectId: sales,
        limit: 1000,
        filter: group(AND, [
          { field: 'amount', op: 'gte', value: 100 },
          { field: 'region', op: 'eq', value: 'north' },
        ]),
        orderby: { isActive: true, sorts: [{ field: 'amount', dir: 'desc' }] },
      },
    );
    expect(run.result).toMatchObject({ rows: records.rows.length, columns: 3, pages: null });
    expect(run.size).toBeGreaterThan(0);
    expect(run.result?.bytes).toBe(run.size);
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    expect(run.createdByName).toBe(owner.username);
    expect(run.parametersText).toBe('Region = Север');
    expect(run.fileName).toMatch(/^Big sales \d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(run.log.map((l) => l.message).join('\n')).toContain('Region = Север');
    expect(run.log.length).toBeGreaterThanOrEqual(4);

    const sheet = await workbook(run.fileId as string);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Product', 'Region', 'Amount']);
    const got: unknown[][] = [];
    sheet.eachRow((row, i) => {
      if (i > 1) got.push([row.getCell(1).value, row.getCell(3).value]);
    });
    // Amounts are number cells holding the exact decimal (the API answers decimal strings).
    expect(got).toEqual(records.rows.map((r) => [r.values.product, Number(r.values.amount)]));

    const listed = await ok<Report>(app, owner, 'reports.get', { id: report.id });
    expect(listed.lastRun).toMatchObject({ id: run.id, status: 'succeeded', fileId: run.fileId });
    const ribbon = await ok<{ items: { kind: string; links: Record<string, string> }[] }>(
      app,
      owner,
      'ribbon.list',
      {},
    );
    expect(ribbon.items[0]).toMatchObject({
      kind: 'report.generated',
      links: { reportId: report.id, runId: run.id, fileId: run.fileId },
    });
  });

  it('writes a cube to XLSX keeping the pivot: title, parameters, column headers, outline rows, subtotals in bold, number formats, frozen headers', async () => {
    const report = await ok<Report>(app, owner, 'reports.create', {
      name: 'Sales by region',
      source: 'cube',
      cubeId,
      format: 'xlsx',
    });
    const run = await generate({
      id: report.id,
      parameters: group(AND, [
        { field: 'day', op: 'between', value: ['2026-01-01', '2026-02-28'] },
      ]),
    });
    expect(run.status, run.error ?? '').toBe('succeeded');
    const pivot = await ok<CubesQueryOutput>(app, owner, 'cubes.query', {
      cubeId,
      rows: ['region', 'product'],
      cols: ['month'],
      measures: ['amount', 'n'],
      filter: group(AND, [{ field: 'day', op: 'between', value: ['2026-01-01', '2026-02-28'] }]),
      rowLimit: 2000,
    });
    const sheet = await workbook(run.fileId as string);
    expect(sheet.getCell('A1').value).toBe('Sales by region');
    expect(String(sheet.getCell('A2').value)).toContain('Day from 2026-01-01 to 2026-02-28');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 2, ySplit: 6 });
    // Header rows 5 (months, each merged over its measures) and 6 (measures, row dimensions).
    expect(sheet.getRow(5).values).toEqual([
      undefined,
      undefined,
      undefined,
      '2026-01',
      '2026-01',
      '2026-02',
      '2026-02',
      'Total',
      'Total',
    ]);
    for (const [cell, master] of [
      ['D5', 'C5'],
      ['F5', 'E5'],
      ['H5', 'G5'],
    ])
      expect(sheet.getCell(cell as string).master.address).toBe(master);
    expect(sheet.getCell('D6').isMerged).toBe(false);
    expect(sheet.getRow(6).values).toEqual([
      undefined,
      'Region',
      'Product',
      'Amount',
      'Lines',
      'Amount',
      'Lines',
      'Amount',
      'Lines',
    ]);
    expect(sheet.getCell('A5').font?.bold).toBe(true);
    pivot.rows.items.forEach((item, r) => {
      const row = sheet.getRow(7 + r);
      if (item.kind === 'total') expect(row.getCell(1).value).toBe('Total');
      else expect(row.getCell(item.path.length).value).toBe(item.labels[item.path.length - 1]);
      const bold = item.kind !== 'leaf';
      expect(
        !!row.getCell(3).font?.bold || !!row.getCell(1).font?.bold,
        JSON.stringify(item.path),
      ).toBe(bold);
      const cells = (pivot.cells[r] ?? []).flat();
      cells.forEach((v, k) => {
        const cell = row.getCell(3 + k);
        expect(cell.value, `${JSON.stringify(item.path)} ${k}`).toBe(v === null ? null : Number(v));
        if (v !== null) expect(cell.numFmt).toBe(k % 2 === 0 ? '#,##0.00' : '#,##0');
      });
    });
    expect(sheet.getRow(7 + pivot.rows.items.length).values).toEqual([]);
    expect(run.result?.rows).toBe(pivot.rows.items.length);
  });

  it('writes CSV of a cube with the whole path on every line and exact decimals', async () => {
    const report = await ok<Report>(app, owner, 'reports.create', {
      name: 'Cube CSV',
      source: 'cube',
      cubeId,
      layout: { rows: ['region'], cols: [], measures: ['amount'] },
      format: 'csv',
    });
    const run = await generate({ id: report.id });
    const pivot = await ok<CubesQueryOutput>(app, owner, 'cubes.query', {
      cubeId,
      rows: ['region'],
      cols: [],
      measures: ['amount'],
    });
    const text = (await download(run.fileId as string)).rawPayload.toString('utf8');
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Region,Amount');
    expect(lines.slice(1, -1)).toEqual(
      pivot.rows.items.map(
        (it, r) => `${it.kind === 'total' ? 'Total' : it.labels[0]},${pivot.cells[r]?.[0]?.[0]}`,
      ),
    );
  });

  it('takes the layout a cube made without one opens with: a dimension on rows, the period on columns, the first measure', async () => {
    const bare = await ok<{ id: string }>(app, owner, 'cubes.create', {
      objectId: sales,
      name: 'Bare cube',
      dimensions: [
        { key: 'month', field: 'day', grain: 'month' },
        { key: 'region', field: 'region' },
      ],
      measures: [
        { key: 'amount', fn: 'sum', field: 'amount', label: 'Amount' },
        { key: 'n', fn: 'count' },
      ],
    });
    const report = await ok<Report>(app, owner, 'reports.create', {
      name: 'Bare cube CSV',
      source: 'cube',
      cubeId: bare.id,
      format: 'csv',
    });
    const run = await generate({ id: report.id });
    expect(run.status).toBe('succeeded');
    const pivot = await ok<CubesQueryOutput>(app, owner, 'cubes.query', {
      cubeId: bare.id,
      rows: ['region'],
      cols: ['month'],
      measures: ['amount'],
    });
    const text = (await download(run.fileId as string)).rawPayload.toString('utf8');
    const lines = text.slice(1).split('\r\n');
    // Months across (each with the first measure only), regions down, the grand total last.
    expect(lines[0]?.split(',')).toHaveLength(1 + pivot.cols.items.length);
    expect(lines[1]?.split(',')[0]).toBe('Region');
    expect(lines.slice(2, -1).map((l) => l.split(',')[0])).toEqual(
      pivot.rows.items.map((it) => (it.kind === 'total' ? 'Total' : it.labels[0])),
    );
  });

  it('writes PDF pages that each carry the title, parameters, generation time and the table header; Cyrillic renders', async () => {
    const report = await ok<Report>(app, owner, 'reports.create', {
      name: 'Продажи',
      source: 'view',
      objectId: sales,
      format: 'pdf',
    });
    const run = await generate(
      { id: report.id, parameters: group(AND, [{ field: 'region', op: 'eq', value: 'north' }]) },
      owner,
      'ru',
    );
    expect(run.status, run.error ?? '').toBe('succeeded');
    const res = await download(run.fileId as string);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    expect(totalPages).toBeGreaterThan(1);
    expect(run.result?.pages).toBe(totalPages);
    expect(run.result?.rows).toBe(90);
    const pages = text as string[];
    pages.forEach((page, i) => {
      expect(page).toContain('Продажи');
      expect(page).toContain('Параметры: Region = Север');
      expect(page).toContain('Сформирован');
      expect(page).toContain(`Страница ${i + 1}`);
      expect(page).toMatch(/Name\s+Region\s+Product\s+Day\s+Amount/);
    });
    const all = pages.join('\n');
    expect(all).toContain('Яблоки');
    expect(all).toContain('Строка 0');
    expect(all).not.toContain('South');
  });

  it('writes a cube as PDF with its header rows repeated', async () => {
    const report = await ok<Report>(app, owner, 'reports.create', {
      name: 'Cube PDF',
      source: 'cube',
      cubeId,
      layout: { rows: ['product', 'region'], cols: ['month'], measures: ['amount'] },
      format: 'pdf',
    });
    const run = await generate({ id: report.id });
    expect(run.status, run.error ?? '').toBe('succeeded');
    const res = await download(run.fileId as string);
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('Cube PDF');
    expect(text).toMatch(/2026-01\s+2026-02\s+2026-03\s+Total/);
    expect(text).toContain('Яблоки');
  });
});

describe('isolation', () => {
  it('another domain cannot see, change, generate, cancel or download a report or its runs', async () => {
    const report = await ok<Report>(app, owner, 'reports.create', {
      name: 'Private',
      source: 'view',
      objectId: sales,
      format: 'csv',
    });
    const run = await generate({ id: report.id });
    expect((await ok(app, other, 'reports.list', {})).items).toEqual([]);
    expect((await ok(app, other, 'reports.runs', {})).items).toEqual([]);
    for (const [op, input] of [
      ['reports.get', { id: report.id }],
      ['reports.update', { id: report.id, name: 'Mine' }],
      ['reports.delete', { id: report.id }],
      ['reports.generate', { id: report.id }],
      ['reports.getRun', { id: run.id }],
      ['reports.cancel', { id: run.id }],
    ] as const) {
      expect((await qry(app, other, op, input)).status, op).toBe(404);
    }
    expect((await download(run.fileId as string, other)).statusCode).toBe(404);
    // Nor can a report be defined over another domain's object, view or cube.
    const theirs = await ok(app, other, 'objects.create', { name: 'Theirs', kind: 'table' });
    for (const def of [
      { name: 'X', source: 'view', objectId: sales },
      { name: 'X', source: 'cube', cubeId },
      { name: 'X', source: 'view', objectId: theirs.id, viewId },
    ]) {
      const r = await qry(app, other, 'reports.create', def);
      expect([400, 404], JSON.stringify(def)).toContain(r.status);
    }
    expect((await ok<Report>(app, owner, 'reports.get', { id: report.id })).name).toBe('Private');
  });
});
