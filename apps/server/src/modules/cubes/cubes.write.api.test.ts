import type { CubeCoord, CubesQueryOutput, CubesWriteOutput } from '@fiscus/contracts';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

/**
 * Write-back over the API on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
 * every spread mode leaves children that add up exactly to the typed value, locked members are
 * refused, a leaf without records gets one, undo restores exactly what was there, and nobody
 * outside the domain (or without the right to change records) can write.
 */
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let owner: RegisteredUser;
let other: RegisteredUser;
let scenarios: string;
let sales: string;
let plan: number;
let actual: number;
let cubeId: string;
type Caller = { headers: { authorization: string } };

const REGIONS = ['north', 'south', 'east'];
const PRODUCTS = ['apples', 'pears'];
const MONTHS = ['2026-01', '2026-02', '2026-03'];

interface Rec {
  id: number;
  region: string | null;
  product: string | null;
  scenario: number | null;
  day: string | null;
  amount: number | string | null;
  qty: number | null;
}

/** Units (hundredths) of an amount as the API answers it (number or decimal string). */
function cents(v: unknown): bigint {
  if (v === null || v === undefined) return 0n;
  const s = typeof v === 'number' ? v.toFixed(2) : String(v);
  const [i = '0', f = ''] = s.replace('-', '').split('.');
  const u = BigInt(i) * 100n + BigInt((f + '00').slice(0, 2));
  return s.startsWith('-') ? -u : u;
}
function fmt(units: bigint, scale = 2): string {
  const neg = units < 0n;
  const a = (neg ? -units : units).toString().padStart(scale + 1, '0');
  const t = scale ? `${a.slice(0, -scale)}.${a.slice(-scale)}` : a;
  return neg ? `-${t}` : t;
}

async function member(role: string): Promise<Caller> {
  const user = await registerUser(app);
  await ok(app, owner, 'members.add', { login: user.username, role });
  const switched = await ok<{ accessToken: string }>(app, user, 'domains.switch', {
    id: owner.session.domain.id,
  });
  return { headers: bearer(switched.accessToken) };
}

async function all(): Promise<Rec[]> {
  const r = await ok<{ rows: { id: number; values: Record<string, unknown> }[] }>(
    app,
    owner,
    'records.list',
    {
      objectId: sales,
      limit: 1000,
      orderby: { isActive: true, sorts: [{ field: 'id', dir: 'asc' }] },
    },
  );
  return r.rows.map((x) => ({ ...(x.values as unknown as Rec), id: x.id }));
}

type Row = Omit<Rec, 'id' | 'scenario'> & { scenario?: number | null };

async function replace(rows: Row[]): Promise<void> {
  const old = await all();
  if (old.length)
    await ok(app, owner, 'records.delete', { objectId: sales, ids: old.map((r) => r.id) });
  if (rows.length)
    await ok(app, owner, 'records.createMany', {
      objectId: sales,
      rows: rows.map((r, i) => ({ name: `r${i}`, scenario: plan, ...r })),
    });
}

const write = (input: Record<string, unknown>, caller: Caller = owner, lang?: string) =>
  qry<CubesWriteOutput>(app, caller, 'cubes.write', { cubeId, measure: 'amount', ...input }, lang);

const DIM = {
  region: (r: Rec) => r.region,
  product: (r: Rec) => r.product,
  month: (r: Rec) => r.day?.slice(0, 7) ?? null,
  scenario: (r: Rec) => r.scenario,
} as const;
const under = (r: Rec, coords: CubeCoord[]) =>
  coords.every((c) => DIM[c.dimension as keyof typeof DIM](r) === c.member);

beforeAll(async () => {
  ({ app, cleanup } = await makeTestApp());
  owner = await registerUser(app);
  other = await registerUser(app);
  scenarios = (await ok(app, owner, 'objects.create', { name: 'Scenarios', kind: 'reference' })).id;
  await ok(app, owner, 'fields.create', { objectId: scenarios, name: 'Locked', type: 'boolean' });
  sales = (await ok(app, owner, 'objects.create', { name: 'Sales', kind: 'table' })).id;
  const f = (name: string, type: string, options: Record<string, unknown> = {}) =>
    ok(app, owner, 'fields.create', { objectId: sales, name, type, options });
  await f('Region', 'select', { choices: REGIONS.map((value) => ({ value })) });
  await f('Product', 'text');
  await f('Scenario', 'reference', { target: scenarios });
  await f('Day', 'date');
  await f('Amount', 'money', { scale: 2 });
  await f('Qty', 'integer', { min: -1_000_000_000 });
  plan = (await ok(app, owner, 'records.create', { objectId: scenarios, values: { name: 'Plan' } }))
    .id;
  actual = (
    await ok(app, owner, 'records.create', {
      objectId: scenarios,
      values: { name: 'Actual', locked: true },
    })
  ).id;
  cubeId = (
    await ok(app, owner, 'cubes.create', {
      objectId: sales,
      name: 'Plan cube',
      dimensions: [
        { key: 'region', field: 'region' },
        { key: 'product', field: 'product' },
        { key: 'month', field: 'day', grain: 'month' },
        { key: 'scenario', field: 'scenario' },
      ],
      measures: [
        { key: 'amount', fn: 'sum', field: 'amount' },
        { key: 'qty', fn: 'sum', field: 'qty' },
        { key: 'n', fn: 'count' },
      ],
      calculated: [{ key: 'gap', fn: 'difference', left: 'amount', right: 'qty' }],
      locks: [{ dimension: 'scenario', field: 'locked' }],
      keyDimensions: ['region', 'product', 'month', 'scenario'],
    })
  ).id;
});

afterAll(async () => {
  await cleanup();
});

const rowArb = fc.record({
  region: fc.constantFrom(...REGIONS),
  product: fc.constantFrom(...PRODUCTS),
  day: fc.constantFrom(...MONTHS).map((m) => `${m}-15`),
  amount: fc.option(
    fc.integer({ min: -20_000, max: 500_000 }).map((c) => fmt(BigInt(c))),
    { freq: 6 },
  ),
  qty: fc.option(fc.integer({ min: -20, max: 200 }), { freq: 6 }),
});

/** A cell: a leaf, a subtotal or the grand total (some of region, product, month fixed). */
const cellArb = fc.record({
  region: fc.option(fc.constantFrom(...REGIONS), { freq: 2 }),
  product: fc.option(fc.constantFrom(...PRODUCTS), { freq: 2 }),
  month: fc.option(fc.constantFrom(...MONTHS), { freq: 2 }),
});

describe('cubes.write', () => {
  it('spreads every mode so that the children add up exactly to the typed value, and undo restores every value', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowArb, { minLength: 1, maxLength: 25 }),
        cellArb,
        fc.constantFrom('proportional', 'equal', 'delta', 'percentage'),
        fc.constantFrom('amount', 'qty'),
        fc.integer({ min: -100_000, max: 10_000_000 }),
        async (rows, cell, mode, measure, raw) => {
          await replace(rows);
          const before = await all();
          const coords: CubeCoord[] = [];
          if (cell.region) coords.push({ dimension: 'region', member: cell.region });
          if (cell.product) coords.push({ dimension: 'product', member: cell.product });
          if (cell.month) coords.push({ dimension: 'month', member: cell.month });
          const scale = measure === 'amount' ? 2 : 0;
          const unitsOf = (r: Rec) => (measure === 'amount' ? cents(r.amount) : BigInt(r.qty ?? 0));
          const inCell = before.filter((r) => under(r, coords));
          const old = inCell.reduce((a, r) => a + unitsOf(r), 0n);
          // percentage: raw/10000 % (e.g. 12.3456 %); the others: raw units.
          const value =
            mode === 'percentage'
              ? fmt(BigInt(raw % 2_000_000), 4)
              : fmt(BigInt(measure === 'qty' ? raw % 100_000 : raw), scale);
          const res = await write({ coords, mode, value, measure });
          if (!inCell.length) {
            // Not a full key (or percentage): refused, nothing changed.
            expect(res.status).toBe(422);
            expect(await all()).toEqual(before);
            return;
          }
          expect(res.status, JSON.stringify(res.error)).toBe(200);
          let target: bigint;
          // Units at the scale the server reads: the field's, or 6 places for percentages.
          const v = BigInt(value.replace('.', '')) * (mode === 'percentage' ? 100n : 1n);
          if (mode === 'delta') target = old + v;
          else if (mode === 'percentage') {
            // old × (100 % + v) / 100 %, rounded half-even (100 % is 10^8 at 6 places).
            const hundred = 100_000_000n;
            const num = old * (hundred + v);
            const q = num / hundred;
            const rem = num % hundred;
            const twice = (rem < 0n ? -rem : rem) * 2n;
            target =
              twice > hundred || (twice === hundred && q % 2n !== 0n)
                ? q + (num < 0n ? -1n : 1n)
                : q;
          } else target = v;
          expect(res.data.after).toBe(fmt(target, scale));
          expect(res.data.before).toBe(fmt(old, scale));
          const after = await all();
          const changed = after.filter((r) => under(r, coords));
          expect(changed.reduce((a, r) => a + unitsOf(r), 0n)).toBe(target);
          // Records outside the cell are untouched; inside, the spread is fair to a unit.
          expect(after.filter((r) => !under(r, coords))).toEqual(
            before.filter((r) => !under(r, coords)),
          );
          const news = changed.map(unitsOf);
          const olds = inCell.map(unitsOf);
          const applied = res.data.applied;
          if (applied === 'equal') {
            expect(
              news.reduce((a, b) => (b > a ? b : a)) - news.reduce((a, b) => (b < a ? b : a)),
            ).toBeLessThanOrEqual(1n);
          }
          if (applied === 'proportional') {
            const sum = olds.reduce((a, b) => a + b, 0n);
            news.forEach((n, i) => {
              const exact = target * (olds[i] as bigint);
              const diff = n * sum - exact;
              expect((diff < 0n ? -diff : diff) < (sum < 0n ? -sum : sum)).toBe(true);
            });
          }
          if (mode === 'proportional' && old === 0n) {
            expect(applied).toBe('equal');
            expect(res.data.message).toBeTruthy();
          }
          // The cube answers the typed value in the cell (the cache saw the write).
          const q = await ok<CubesQueryOutput>(app, owner, 'cubes.query', {
            cubeId,
            rows: [],
            cols: [],
            measures: [measure],
            filter: {
              isactive: true,
              isexpanded: true,
              name: 'cell',
              operator: { id: 1, sid: 'and', name: 'AND' },
              children: [],
              conditions: [
                ...(cell.region ? [{ field: 'region', op: 'eq', value: cell.region }] : []),
                ...(cell.product ? [{ field: 'product', op: 'eq', value: cell.product }] : []),
                ...(cell.month
                  ? [
                      {
                        field: 'day',
                        op: 'between',
                        value: [`${cell.month}-01`, `${cell.month}-28`],
                      },
                    ]
                  : []),
              ],
            },
          });
          // A sum over values that are all empty is empty.
          const someValue = changed.some((r) => (measure === 'amount' ? r.amount : r.qty) !== null);
          expect(q.cells[0]?.[0]?.[0]).toBe(someValue ? fmt(target, scale) : null);

          const undone = await ok(app, owner, 'cubes.undo', { cubeId });
          expect(undone.id).toBe(res.data.id);
          expect(await all()).toEqual(before);
        },
      ),
      { numRuns: 24 },
    );
  }, 300_000);

  it('falls back to equal parts when every record below is empty or zero, and says so', async () => {
    await replace([
      { region: 'north', product: 'apples', day: '2026-01-15', amount: null, qty: null },
      { region: 'north', product: 'pears', day: '2026-01-15', amount: '0.00', qty: null },
      { region: 'north', product: 'pears', day: '2026-02-15', amount: null, qty: null },
    ]);
    const res = await write(
      { coords: [{ dimension: 'region', member: 'north' }], value: '100.00' },
      owner,
      'de',
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      applied: 'equal',
      updated: 3,
      before: '0.00',
      after: '100.00',
    });
    expect(res.data.message).toContain('gleichmäßig');
    expect((await all()).map((r) => cents(r.amount))).toEqual([3334n, 3333n, 3333n]);
  });

  it('refuses cells on a locked member with 409 naming the member, in the user’s language', async () => {
    await replace([
      { region: 'north', product: 'apples', day: '2026-01-15', amount: '10.00', qty: 1 },
      {
        region: 'south',
        product: 'apples',
        day: '2026-01-15',
        amount: '20.00',
        qty: 2,
        scenario: actual,
      },
    ]);
    const before = await all();
    const onLocked = await write(
      { coords: [{ dimension: 'scenario', member: actual }], value: '5.00' },
      owner,
      'ru',
    );
    expect(onLocked.status).toBe(409);
    expect(onLocked.error?.message).toContain('Actual');
    expect(onLocked.error?.message).toContain('заблокирован');
    // The grand total reaches the locked scenario's records too.
    const total = await write({ coords: [], value: '1000.00' });
    expect(total.status).toBe(409);
    expect(total.error?.message).toContain('Actual');
    expect(await all()).toEqual(before);
    // The open scenario alone can be written.
    const open = await write({ coords: [{ dimension: 'scenario', member: plan }], value: '11.00' });
    expect(open.status).toBe(200);
    expect((await all()).map((r) => r.amount)).toEqual(['11.00', '20.00']);
  });

  it('creates a record for a leaf without records when the key dimensions are all fixed; undo removes it', async () => {
    await replace([
      { region: 'north', product: 'apples', day: '2026-01-15', amount: '10.00', qty: 1 },
    ]);
    const coords: CubeCoord[] = [
      { dimension: 'region', member: 'east' },
      { dimension: 'product', member: 'plums' },
      { dimension: 'month', member: '2026-03' },
      { dimension: 'scenario', member: plan },
    ];
    const res = await write({ coords, value: '42.50', mode: 'equal' });
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data).toMatchObject({ created: 1, updated: 0, before: '0.00', after: '42.50' });
    const made = (await all()).find((r) => r.region === 'east');
    expect(made).toMatchObject({
      product: 'plums',
      day: '2026-03-01',
      scenario: plan,
      name: 'east · plums · 2026-03 · Plan',
    });
    expect(cents(made?.amount)).toBe(4250n);
    const history = await ok<{ items: { action: string }[] }>(app, owner, 'records.history', {
      objectId: sales,
      id: made?.id,
    });
    expect(history.items.map((h) => h.action)).toEqual(['create']);

    // Not a full key (no scenario): refused, naming the key dimensions.
    const partial = await write({
      coords: [
        { dimension: 'region', member: 'south' },
        { dimension: 'product', member: 'kiwis' },
        { dimension: 'month', member: '2026-02' },
      ],
      value: '1.00',
    });
    expect(partial.status).toBe(422);
    expect(partial.error?.message).toContain('Scenario');

    const undone = await ok(app, owner, 'cubes.undo', { cubeId });
    expect(undone).toMatchObject({ id: res.data.id, restored: 0, removed: 1 });
    expect((await all()).map((r) => r.region)).toEqual(['north']);
  });

  it('keeps the field’s rules and refuses what the cell cannot take', async () => {
    await replace([
      { region: 'north', product: 'apples', day: '2026-01-15', amount: '10.00', qty: 1 },
      { region: 'south', product: 'apples', day: '2026-01-15', amount: '20.00', qty: 2 },
    ]);
    const before = await all();
    const rule = await write({ measure: 'qty', coords: [], mode: 'delta', value: '-5000000000' });
    expect(rule.status).toBe(400);
    expect(rule.error?.fields?.value?.[0]).toContain('Qty');
    const digits = await write({ coords: [], value: '1.005' });
    expect(digits.status).toBe(400);
    expect(digits.error?.fields?.value).toBeDefined();
    const notNumber = await write({ coords: [], value: '12abc' });
    expect(notNumber.status).toBe(400);
    for (const measure of ['n', 'gap', 'nope']) {
      const r = await write({ measure, coords: [], value: '1' });
      expect(r.status, measure).toBe(400);
      expect(r.error?.fields?.measure, measure).toBeDefined();
    }
    const badCoord = await write({
      coords: [{ dimension: 'month', member: '2026-13' }],
      value: '1',
    });
    expect(badCoord.status).toBe(400);
    expect(badCoord.error?.fields?.['coords.0.member']).toBeDefined();
    const tooBig = await write({ coords: [], value: '1e20' });
    expect(tooBig.status).toBe(400);
    expect(await all()).toEqual(before);
  });

  it('writes one transaction with audit entries and a ribbon event, and the cube shows it at once', async () => {
    await replace([
      { region: 'north', product: 'apples', day: '2026-01-15', amount: '10.00', qty: 1 },
      { region: 'north', product: 'pears', day: '2026-01-15', amount: '30.00', qty: 3 },
    ]);
    const layout = { cubeId, rows: ['region', 'product'], cols: [], measures: ['amount'] };
    const first = await ok<CubesQueryOutput>(app, owner, 'cubes.query', layout);
    expect((await ok<CubesQueryOutput>(app, owner, 'cubes.query', layout)).cached).toBe(true);
    expect(first.cells[0]?.[0]).toEqual(['40.00']);
    const res = await write({ coords: [{ dimension: 'region', member: 'north' }], value: '100' });
    expect(res.data).toMatchObject({ updated: 2, before: '40.00', after: '100.00' });
    const again = await ok<CubesQueryOutput>(app, owner, 'cubes.query', layout);
    expect(again.cached).toBe(false);
    expect(again.cells.map((c) => c[0]?.[0])).toEqual(['100.00', '25.00', '75.00', '100.00']);
    const recs = await all();
    const history = await ok<{
      items: { action: string; before: Record<string, unknown>; after: Record<string, unknown> }[];
    }>(app, owner, 'records.history', { objectId: sales, id: recs[1]?.id });
    expect(history.items[0]?.action).toBe('update');
    expect(Object.values(history.items[0]?.before ?? {})).toEqual(['30.00']);
    expect(Object.values(history.items[0]?.after ?? {})).toEqual(['75.00']);
    const ribbon = await ok<{ items: { kind: string; count: number; objectId: string }[] }>(
      app,
      owner,
      'ribbon.list',
      {},
    );
    expect(ribbon.items[0]).toMatchObject({ kind: 'record.updated', count: 2, objectId: sales });
  });

  it('undoes the last write exactly, and refuses when the records changed since', async () => {
    const editor = await member('editor');
    expect((await qry(app, editor, 'cubes.undo', { cubeId })).status).toBe(409);
    await replace([
      { region: 'north', product: 'apples', day: '2026-01-15', amount: '10.01', qty: 1 },
      { region: 'north', product: 'pears', day: '2026-01-15', amount: '30.03', qty: 3 },
      { region: 'east', product: 'pears', day: '2026-01-15', amount: '7.00', qty: 3 },
    ]);
    const start = await all();
    const one = await write({ coords: [], value: '1000.00' }, editor);
    expect(one.status).toBe(200);
    const afterOne = await all();
    const two = await write(
      { coords: [{ dimension: 'region', member: 'east' }], value: '50', mode: 'percentage' },
      editor,
    );
    expect(two.status).toBe(200);
    // Two steps back, each exactly.
    expect((await ok(app, editor, 'cubes.undo', { cubeId })).id).toBe(two.data.id);
    expect(await all()).toEqual(afterOne);
    expect((await ok(app, editor, 'cubes.undo', { cubeId })).id).toBe(one.data.id);
    expect(await all()).toEqual(start);

    // Someone changes a record after the write: undo refuses and changes nothing.
    const three = await write({ coords: [], value: '99.00', mode: 'delta' }, editor);
    expect(three.status).toBe(200);
    const target = (await all())[0] as Rec;
    await ok(app, owner, 'records.update', {
      objectId: sales,
      id: target.id,
      values: { amount: 1 },
    });
    const held = await all();
    const refused = await qry(app, editor, 'cubes.undo', { cubeId }, 'fr');
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toMatch(/^1 /);
    expect(await all()).toEqual(held);
    // The owner has no write of their own left to undo here that is not stale either.
    expect((await qry(app, other, 'cubes.undo', { cubeId })).status).toBe(404);
  });

  it('is refused to viewers and to other domains', async () => {
    await replace([
      { region: 'north', product: 'apples', day: '2026-01-15', amount: '1.00', qty: 1 },
    ]);
    const before = await all();
    const viewer = await member('viewer');
    expect((await write({ coords: [], value: '5' }, viewer)).status).toBe(403);
    expect((await qry(app, viewer, 'cubes.undo', { cubeId })).status).toBe(403);
    expect((await write({ coords: [], value: '5' }, other)).status).toBe(404);
    expect((await qry(app, other, 'cubes.undo', { cubeId })).status).toBe(404);
    expect(await all()).toEqual(before);
  });
});
