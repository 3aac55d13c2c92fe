import { readFile, writeFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok } from '../../test/qry-helpers.js';
import { findFile, storeFile, tempPath } from '../files/index.js';
import { CSV_TYPE, XLSX_TYPE } from './reader.js';

/**
 * Exact numbers survive the way out and back in: random amounts of every scale (up to 18
 * significant digits, beyond 2^53 units) are imported from a CSV, listed, exported as CSV (comma
 * and semicolon styles) and XLSX, and each export imported into a fresh object lists exactly the
 * same values. The reference is BigInt arithmetic in the test.
 */

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;

const ROWS = 1200;

/** Field code → its type, options and scale. */
const FIELDS = [
  { code: 'd0', type: 'decimal', options: { scale: 0 }, scale: 0 },
  { code: 'd2', type: 'decimal', options: {}, scale: 2 },
  { code: 'd6', type: 'decimal', options: { scale: 6 }, scale: 6 },
  { code: 'eur', type: 'money', options: { currency: 'EUR' }, scale: 2 },
  { code: 'jpy', type: 'money', options: { currency: 'JPY' }, scale: 0 },
  { code: 'kwd', type: 'money', options: { currency: 'KWD' }, scale: 3 },
  { code: 'pct', type: 'percent', options: { scale: 4 }, scale: 4 },
] as const;

const LIMIT = 10n ** 18n - 1n;

function canonical(units: bigint, scale: number): string {
  const neg = units < 0n;
  let digits = (neg ? -units : units).toString();
  if (scale > 0) {
    digits = digits.padStart(scale + 1, '0');
    digits = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  }
  return neg ? `-${digits}` : digits;
}

/** The way a person might type the amount into a file: trailing zeros dropped, or kept. */
function written(units: bigint, scale: number, plain: boolean): string {
  const text = canonical(units, scale);
  if (plain || !text.includes('.')) return text;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

const units = fc.oneof(
  fc.bigInt({ min: -100_000_000n, max: 100_000_000n }),
  fc.bigInt({ min: -LIMIT, max: LIMIT }),
  fc.constantFrom(LIMIT, -LIMIT, 0n, 1n, -1n, 2n ** 53n + 1n),
);
const rowArb = fc.record({
  values: fc.tuple(...FIELDS.map(() => fc.option(units, { freq: 6 }))),
  plain: fc.boolean(),
});

async function store(name: string, type: string, bytes: Buffer | string) {
  const tmp = await tempPath(t.config.dataDir);
  await writeFile(tmp, bytes);
  const info = await storeFile(t.app.db, t.config.dataDir, {
    tempFile: tmp,
    domainId: u.session.domain.id,
    userId: u.session.user.id,
    name,
    type,
    purpose: 'upload',
  });
  return info.id;
}

async function makeObject(name: string): Promise<string> {
  const obj = await ok<{ id: string }>(t.app, u, 'objects.create', { name });
  await ok(t.app, u, 'fields.create', {
    objectId: obj.id,
    name: 'Code',
    code: 'code',
    type: 'text',
    options: { unique: true },
  });
  for (const f of FIELDS)
    await ok(t.app, u, 'fields.create', {
      objectId: obj.id,
      name: f.code.toUpperCase(),
      code: f.code,
      type: f.type,
      options: f.options,
    });
  return obj.id;
}

async function importFile(objectId: string, fileId: string) {
  const imp = await ok<{ id: string }>(t.app, u, 'imports.create', { objectId, fileId });
  await ok(t.app, u, 'imports.run', { id: imp.id });
  await t.app.jobs.idle();
  return ok<{ status: string; result: { inserted: number; failed: number } | null }>(
    t.app,
    u,
    'imports.get',
    { id: imp.id },
  );
}

async function listAll(objectId: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await ok<{ rows: { values: Record<string, unknown> }[]; hasMore: boolean }>(
      t.app,
      u,
      'records.list',
      {
        objectId,
        fields: ['code', 'name', ...FIELDS.map((f) => f.code)],
        orderby: { isActive: true, sorts: [{ field: 'code', dir: 'asc' }] },
        offset,
        limit: 1000,
      },
    );
    out.push(...page.rows.map((r) => r.values));
    if (!page.hasMore) return out;
  }
}

async function exported(objectId: string, input: Record<string, unknown>) {
  const job = await ok<{ id: string }>(t.app, u, 'records.export', {
    objectId,
    headings: 'codes',
    fields: ['code', 'name', ...FIELDS.map((f) => f.code)],
    ...input,
  });
  await t.app.jobs.idle();
  const done = await ok<{ status: string; fileId: string }>(t.app, u, 'exports.get', {
    id: job.id,
  });
  expect(done.status).toBe('succeeded');
  const f = await findFile(t.app.db, t.config.dataDir, u.session.domain.id, done.fileId);
  if (!f) throw new Error('export file missing');
  return readFile(f.path);
}

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
});
afterAll(async () => t.cleanup());

describe('import → list → export → import keeps every number', () => {
  it('CSV in, then CSV (comma and semicolon styles) and XLSX out and back in, identical', async () => {
    const rows = fc.sample(rowArb, { numRuns: ROWS, seed: 20261127 });
    const expected = rows.map((r, i) => {
      const code = `R${String(i).padStart(5, '0')}`;
      const values: Record<string, unknown> = { code, name: code };
      FIELDS.forEach((f, j) => {
        const v = r.values[j];
        values[f.code] = v === null || v === undefined ? null : canonical(v, f.scale);
      });
      return values;
    });
    const csv = [
      ['code', 'name', ...FIELDS.map((f) => f.code)].join(','),
      ...rows.map((r, i) =>
        [
          expected[i]?.code,
          expected[i]?.code,
          ...FIELDS.map((f, j) => {
            const v = r.values[j];
            return v === null || v === undefined ? '' : written(v, f.scale, r.plain);
          }),
        ].join(','),
      ),
    ].join('\n');

    const first = await makeObject('Round trip');
    const imp = await importFile(first, await store('amounts.csv', CSV_TYPE, csv));
    expect(imp.result).toMatchObject({ inserted: ROWS, failed: 0 });
    const listed = await listAll(first);
    expect(listed).toEqual(expected);

    const outs: [string, string, Buffer][] = [
      ['comma.csv', CSV_TYPE, await exported(first, { format: 'csv' })],
      ['semicolon.csv', CSV_TYPE, await exported(first, { format: 'csv', csvStyle: 'semicolon' })],
      ['book.xlsx', XLSX_TYPE, await exported(first, { format: 'xlsx' })],
    ];
    for (const [name, type, bytes] of outs) {
      const again = await makeObject(`Round trip ${name}`);
      const back = await importFile(again, await store(name, type, bytes));
      expect(back.result, name).toMatchObject({ inserted: ROWS, failed: 0 });
      expect(await listAll(again), name).toEqual(listed);
    }
  }, 240_000);
});
