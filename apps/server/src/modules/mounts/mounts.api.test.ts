import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { uploadFile } from '../../test/files-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { AND, group, ok, qry } from '../../test/qry-helpers.js';
import {
  mysqlSource,
  mysqlSourceUrl,
  pgSource,
  pgSourceUrl,
  sqliteFile,
  type MysqlSource,
  type PgSource,
} from '../../test/source-helpers.js';

const pgUrl = pgSourceUrl();
const myUrl = mysqlSourceUrl();
const PASSWORD_PROBE = 'mount-probe-password-Qx81';
let t: Awaited<ReturnType<typeof makeTestApp>>;
let owner: RegisteredUser;
let stranger: RegisteredUser;
let src: PgSource | undefined;
let my: MysqlSource | undefined;
let myId: string;
let pgId: string;
let liteId: string;
const dir = mkdtempSync(path.join(tmpdir(), 'fiscus-mnt-'));

async function member(role: string) {
  const user = await registerUser(t.app);
  await ok(t.app, owner, 'members.add', { login: user.username, role });
  const switched = await ok<{ accessToken: string }>(t.app, user, 'domains.switch', {
    id: owner.session.domain.id,
  });
  return { headers: bearer(switched.accessToken) };
}

const cols = [
  { column: 'name', name: 'Name', type: 'text' },
  { column: 'amount', name: 'Amount', type: 'decimal' },
  { column: 'changed', name: 'Changed', type: 'datetime' },
];

beforeAll(async () => {
  t = await makeTestApp({ sourceAllowOwnDatabase: true, sourceStatementTimeoutMs: 1000 });
  owner = await registerUser(t.app);
  stranger = await registerUser(t.app);
  const bytes = sqliteFile(path.join(dir, 'shop.sqlite'), [
    'create table orders (id integer primary key, name text, amount real, changed text)',
    "insert into orders values (1, 'First', 10.5, '2026-01-01 10:00:00'), (2, 'Second', 20, '2026-01-02 10:00:00'), (3, 'Third', null, '2026-01-03 10:00:00')",
    // A view whose every read counts to 300 million: far past the 1 s statement time-out.
    'create view slow_orders as select o.* from orders o, (with recursive c(x) as (select 1 union all select x + 1 from c where x < 300000000) select count(*) as n from c) s where s.n > 0',
    'create table notes (body text)',
    "insert into notes values ('hello'), ('world')",
  ]);
  const up = await uploadFile(t.app, owner.headers, 'shop.sqlite', bytes);
  liteId = (
    await ok(t.app, owner, 'datasources.create', {
      name: 'Shop',
      kind: 'sqlite',
      fileId: (up.json() as { fileId: string }).fileId,
    })
  ).id;
  if (pgUrl) {
    src = await pgSource(pgUrl);
    const s = src.schema;
    await src.run(
      `create table "${s}".orders (id bigint primary key, name text, amount numeric(12,2), changed timestamptz not null default now())`,
    );
    await src.run(
      `insert into "${s}".orders (id, name, amount, changed) values (1, 'First', 10.5, '2026-01-01T10:00:00Z'), (2, 'Second', 20, '2026-01-02T10:00:00Z'), (3, 'Third', null, '2026-01-03T10:00:00Z')`,
    );
    await src.run(
      `create view "${s}".slow_orders as select * from "${s}".orders where pg_sleep(2) is not null`,
    );
    pgId = (
      await ok(t.app, owner, 'datasources.create', {
        name: 'ERP',
        kind: 'postgres',
        ...src.settings,
        sslMode: 'disable',
      })
    ).id;
  }
  if (myUrl) {
    my = await mysqlSource(myUrl);
    await my.run(
      'create table orders (id bigint primary key, name varchar(100), amount decimal(12,2), changed datetime(3) not null)',
    );
    await my.run(
      "insert into orders values (1, 'First', 10.5, '2026-01-01 10:00:00'), (2, 'Second', 20, '2026-01-02 10:00:00'), (3, 'Third', null, '2026-01-03 10:00:00'), (4, 'first', 1.25, '2026-01-04 10:00:00')",
    );
    await my.run('create view slow_orders as select * from orders where sleep(2) = 0');
    myId = (
      await ok(t.app, owner, 'datasources.create', {
        name: 'Shop MySQL',
        kind: 'mysql',
        ...my.settings,
        sslMode: 'disable',
      })
    ).id;
  }
});
afterAll(async () => {
  await t.cleanup();
  await src?.drop();
  await my?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('mounts of a SQLite file source', () => {
  let live: string;

  it('inspects a table with proposed types and rows', async () => {
    const r = await ok(t.app, owner, 'mounts.inspect', { sourceId: liteId, table: 'orders' });
    expect(r.columns.map((c: { name: string; proposed: string }) => [c.name, c.proposed])).toEqual([
      ['id', 'integer'],
      ['name', 'text'],
      ['amount', 'decimal'],
      ['changed', 'text'],
    ]);
    expect(r.rows).toHaveLength(3);
  });

  it('mounts live: lists, counts, filters, groups and exports at the source', async () => {
    const m = await ok(t.app, owner, 'mounts.create', {
      sourceId: liteId,
      table: 'orders',
      name: 'Orders',
      description: 'Orders of the shop.',
      descriptions: { de: 'Bestellungen des Shops.' },
      columns: cols,
      mode: 'live',
    });
    live = m.objectId;
    expect(m).toMatchObject({ mode: 'live', keyColumn: 'id', attention: [] });
    const obj = await ok(t.app, owner, 'objects.get', { id: live });
    expect(obj.kind).toBe('mounted');
    // The mounted object is described like any other, in other languages too.
    expect(obj).toMatchObject({
      description: 'Orders of the shop.',
      descriptions: { de: 'Bestellungen des Shops.' },
    });
    const page = await ok(t.app, owner, 'records.list', {
      objectId: live,
      filter: group(AND, [{ field: 'amount', op: 'gt', value: 15 }]),
    });
    expect(
      page.rows.map((r: { id: number; values: { name: string } }) => [r.id, r.values.name]),
    ).toEqual([[2, 'Second']]);
    expect(page.rows[0].values.changed).toBe('2026-01-02T10:00:00.000Z');
    expect((await ok(t.app, owner, 'records.count', { objectId: live })).total).toBe(3);
    const groups = await ok(t.app, owner, 'records.groups', {
      objectId: live,
      groupby: {
        isActive: true,
        groups: [{ field: 'name', aggregates: [{ field: 'amount', fn: 'sum' }] }],
      },
    });
    expect(groups.groups).toHaveLength(3);
    // A source's REAL amounts read as exact decimals at the field's scale, and sum exactly.
    expect(
      groups.groups.map((g: { key: { name: string }; aggregates: { value: unknown }[] }) => [
        g.key.name,
        g.aggregates[0]?.value,
      ]),
    ).toEqual([
      ['First', '10.50'],
      ['Second', '20.00'],
      ['Third', null],
    ]);
    expect((await ok(t.app, owner, 'records.get', { objectId: live, id: 1 })).values.amount).toBe(
      '10.50',
    );
    expect((await ok(t.app, owner, 'records.get', { objectId: live, id: 3 })).values.name).toBe(
      'Third',
    );
    const job = await ok(t.app, owner, 'records.export', { objectId: live, format: 'csv' });
    await t.app.jobs.idle();
    const done = await ok(t.app, owner, 'exports.get', { id: job.id });
    expect(done.status).toBe('succeeded');
    const dl = await t.app.inject({
      method: 'POST',
      url: '/api/download',
      headers: owner.headers,
      payload: { fileId: done.fileId },
    });
    expect(dl.body).toContain('Second');
  });

  it('answers every write with a clear error', async () => {
    for (const [op, input] of [
      ['records.create', { objectId: live, values: { name: 'x' } }],
      ['records.update', { objectId: live, id: 1, values: { name: 'x' } }],
      ['records.createMany', { objectId: live, rows: [{ name: 'x' }] }],
      ['records.upsertMany', { objectId: live, key: 'id', rows: [{ name: 'x' }] }],
      ['records.delete', { objectId: live, ids: [1] }],
      ['records.restore', { objectId: live, ids: [1] }],
      ['fields.create', { objectId: live, name: 'x', type: 'text' }],
      ['objects.delete', { id: live }],
      ['objects.update', { id: live, kind: 'table' }],
    ] as const) {
      const r = await qry(t.app, owner, op, input);
      expect(r.status, op).toBe(409);
      expect(r.error?.message, op).toMatch(/"Orders" is mounted from outside and is read-only/);
    }
  });

  it('switches to synced and syncs: the rows are copied, a ribbon event tells so', async () => {
    const m = await ok(t.app, owner, 'mounts.update', { objectId: live, mode: 'synced' });
    expect(m.mode).toBe('synced');
    await t.app.jobs.idle();
    const after = await ok(t.app, owner, 'mounts.get', { objectId: live });
    expect(after.lastSyncRows).toBe(3);
    const tables = await ok(t.app, owner, 'tables.list', {});
    expect(tables.items.find((x: { objectId: string }) => x.objectId === live).rows).toBe(3);
    const ribbon = await ok(t.app, owner, 'ribbon.list', { kinds: ['sync.finished'] });
    expect(ribbon.items[0]).toMatchObject({ objectId: live, count: 3 });
    const page = await ok(t.app, owner, 'records.list', { objectId: live });
    expect(page.rows.map((r: { id: number }) => r.id)).toEqual([1, 2, 3]);
  });

  it('stops a query that runs too long at a SQLite source, and answers others meanwhile', async () => {
    const m = await ok(t.app, owner, 'mounts.create', {
      sourceId: liteId,
      table: 'slow_orders',
      name: 'Slow',
      columns: [{ column: 'name', name: 'Name', type: 'text' }],
      mode: 'live',
      keyColumn: 'id',
    });
    const started = Date.now();
    let slowEnded = 0;
    const slow = qry(t.app, owner, 'records.list', { objectId: m.objectId }).then((r) => {
      slowEnded = Date.now();
      return r;
    });
    // The server goes on answering while the source's statement runs in a process of its own.
    const other = await ok(t.app, owner, 'mounts.list', {});
    expect(other.items.length).toBeGreaterThan(0);
    expect(slowEnded).toBe(0);
    const r = await slow;
    expect(r.status).toBe(422);
    expect(r.error?.message).toMatch(/did not finish the query within 1 s/);
    expect(Date.now() - started).toBeLessThan(8000);
    await ok(t.app, owner, 'mounts.delete', { objectId: m.objectId });
  });

  it('needs a key for live mode where the table has none to offer', async () => {
    const view = await qry(t.app, owner, 'mounts.create', {
      sourceId: liteId,
      table: 'notes',
      name: 'Notes',
      columns: [{ column: 'body', name: 'Body', type: 'text' }],
      mode: 'live',
      keyColumn: 'body',
    });
    expect(view.status).toBe(400);
    expect(view.error?.fields?.keyColumn?.[0]).toMatch(/whole-number/);
    const bad = await qry(t.app, owner, 'mounts.create', {
      sourceId: liteId,
      table: 'orders',
      name: 'Bad',
      columns: [{ column: 'name', name: 'N', type: 'integer' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.fields?.['columns.0.type']).toBeDefined();
  });
});

describe('mounts of an uploaded CSV file', () => {
  const csv = [
    'Region;Amount;Day;Note;;Region',
    'North;12.50;2026-01-05;first;x;N',
    'South;7;2026-02-10;;y;S',
    'North;100.25;2026-03-15;"semi; colon";z;N',
    'East;0.5;2026-03-20;last;;E',
  ].join('\n');
  let sourceId: string;
  let objectId: string;

  it('mounts a file source live, filters it at the source, then syncs it', async () => {
    const up = await uploadFile(t.app, owner.headers, 'sales 2026.csv', csv);
    sourceId = (
      await ok(t.app, owner, 'datasources.create', {
        name: 'Sales file',
        kind: 'file',
        fileId: (up.json() as { fileId: string }).fileId,
      })
    ).id;
    const r = await ok(t.app, owner, 'mounts.inspect', { sourceId, table: 'sales 2026' });
    expect(r.columns.map((c: { name: string; proposed: string }) => [c.name, c.proposed])).toEqual([
      ['Region', 'text'],
      ['Amount', 'decimal'],
      ['Day', 'date'],
      ['Note', 'text'],
      ['#5', 'text'],
      ['Region (2)', 'text'],
    ]);
    const m = await ok(t.app, owner, 'mounts.create', {
      sourceId,
      table: 'sales 2026',
      name: 'Sales',
      columns: [
        { column: 'Region', name: 'Region', type: 'text' },
        { column: 'Amount', name: 'Amount', type: 'decimal' },
        { column: 'Day', name: 'Day', type: 'date' },
        { column: 'Note', name: 'Note', type: 'text' },
      ],
      mode: 'live',
      keyColumn: 'rowid',
    });
    objectId = m.objectId;
    const filter = group(AND, [
      { field: 'region', op: 'eq', value: 'North' },
      { field: 'day', op: 'gte', value: '2026-02-01' },
    ]);
    const names = (rows: { values: Record<string, unknown> }[]) =>
      rows.map((x) => [x.values.amount, x.values.note]);
    const live = await ok(t.app, owner, 'records.list', { objectId, filter });
    expect(names(live.rows)).toEqual([['100.25', 'semi; colon']]);
    expect((await ok(t.app, owner, 'records.count', { objectId })).total).toBe(4);
    await ok(t.app, owner, 'mounts.update', { objectId, mode: 'synced' });
    await t.app.jobs.idle();
    expect((await ok(t.app, owner, 'mounts.get', { objectId })).lastSyncRows).toBe(4);
    const synced = await ok(t.app, owner, 'records.list', { objectId, filter });
    expect(names(synced.rows)).toEqual(names(live.rows));
  });

  it('keeps the file source until its mounts are gone, then removes its database', async () => {
    expect((await qry(t.app, owner, 'datasources.delete', { id: sourceId })).status).toBe(409);
    await ok(t.app, owner, 'mounts.delete', { objectId });
    await ok(t.app, owner, 'datasources.delete', { id: sourceId });
    expect((await qry(t.app, owner, 'datasources.get', { id: sourceId })).status).toBe(404);
    expect(readdirSync(path.join(t.app.config.dataDir, 'sources'))).not.toContain(
      `${sourceId}.sqlite`,
    );
  });
});

describe.skipIf(!pgUrl)('mounts of a PostgreSQL source', () => {
  let live: string;

  it('mounts live and reads at the source', async () => {
    const m = await ok(t.app, owner, 'mounts.create', {
      sourceId: pgId,
      schema: (src as PgSource).schema,
      table: 'orders',
      name: 'ERP orders',
      columns: cols,
      mode: 'live',
      updatedColumn: 'changed',
    });
    live = m.objectId;
    const page = await ok(t.app, owner, 'records.list', {
      objectId: live,
      filter: group(AND, [{ field: 'changed', op: 'gte', value: '2026-01-02' }]),
      orderby: { isActive: true, sorts: [{ field: 'amount', dir: 'desc' }] },
    });
    expect(
      page.rows.map((r: { values: { name: string; amount: string | null } }) => [
        r.values.name,
        r.values.amount,
      ]),
    ).toEqual([
      ['Second', '20.00'],
      ['Third', null],
    ]);
  });

  it('cancels a query that runs too long at the source, with a clear error', async () => {
    const m = await ok(t.app, owner, 'mounts.create', {
      sourceId: pgId,
      schema: (src as PgSource).schema,
      table: 'slow_orders',
      name: 'Slow',
      columns: [{ column: 'name', name: 'Name', type: 'text' }],
      mode: 'live',
      keyColumn: 'id',
    });
    const started = Date.now();
    const r = await qry(t.app, owner, 'records.list', { objectId: m.objectId });
    expect(r.status).toBe(422);
    expect(r.error?.message).toMatch(/did not finish the query within 1 s/);
    expect(Date.now() - started).toBeLessThan(1900);
  });

  it('syncs incrementally by the updated-at column, then marks a changed source', async () => {
    const s = (src as PgSource).schema;
    await ok(t.app, owner, 'mounts.update', { objectId: live, mode: 'synced' });
    await t.app.jobs.idle();
    expect((await ok(t.app, owner, 'mounts.get', { objectId: live })).lastSyncRows).toBe(3);
    await (src as PgSource).run(
      `update "${s}".orders set name = 'Second!', changed = '2026-02-01T00:00:00Z' where id = 2`,
    );
    await (src as PgSource).run(
      `insert into "${s}".orders values (4, 'Fourth', 1, '2026-02-02T00:00:00Z')`,
    );
    await ok(t.app, owner, 'mounts.sync', { objectId: live });
    await t.app.jobs.idle();
    const m = await ok(t.app, owner, 'mounts.get', { objectId: live });
    expect(m.lastSyncRows).toBe(2);
    const names = (await ok(t.app, owner, 'records.list', { objectId: live })).rows.map(
      (r: { values: { name: string } }) => r.values.name,
    );
    expect(names).toEqual(['First', 'Second!', 'Third', 'Fourth']);

    await (src as PgSource).run(`drop view "${s}".slow_orders`);
    await (src as PgSource).run(`alter table "${s}".orders rename column amount to total`);
    await (src as PgSource).run(`alter table "${s}".orders alter column name type varchar(50)`);
    const checked = await ok(t.app, owner, 'mounts.check', { objectId: live });
    expect(checked.attention).toEqual([
      { column: 'name', problem: 'type_changed', was: 'text', now: 'character varying' },
      { column: 'amount', problem: 'missing', was: 'numeric', now: null },
    ]);
    expect(checked.attentionMessage).toMatch(/Column "amount" is no longer in the source/);
    await ok(t.app, owner, 'mounts.sync', { objectId: live });
    await t.app.jobs.idle();
    const ribbon = await ok(t.app, owner, 'ribbon.list', { kinds: ['sync.failed'] });
    expect(ribbon.items[0].data.message).toMatch(/Column "amount" is no longer in the source/);
    // The synced copy is still there, unchanged.
    expect((await ok(t.app, owner, 'records.count', { objectId: live })).total).toBe(4);
  });

  it('keeps mounts to owners and admins, mounted rows to every member, and secrets out', async () => {
    const viewer = await member('viewer');
    expect((await ok(t.app, viewer, 'mounts.list', {})).items.length).toBeGreaterThan(0);
    expect((await ok(t.app, viewer, 'records.count', { objectId: live })).total).toBe(4);
    for (const [op, input] of [
      ['mounts.create', { sourceId: pgId, table: 'orders', name: 'x', columns: cols }],
      ['mounts.update', { objectId: live, mode: 'live' }],
      ['mounts.sync', { objectId: live }],
      ['mounts.delete', { objectId: live }],
      ['mounts.inspect', { sourceId: pgId, table: 'orders' }],
    ] as const)
      expect((await qry(t.app, viewer, op, input)).status, op).toBe(403);
    const all = JSON.stringify(await ok(t.app, owner, 'mounts.list', {}));
    expect(all).not.toContain((src as PgSource).settings.password || PASSWORD_PROBE);
  });

  it('isolates mounts by domain', async () => {
    for (const [op, input] of [
      ['mounts.get', { objectId: live }],
      ['mounts.update', { objectId: live, mode: 'live' }],
      ['mounts.sync', { objectId: live }],
      ['mounts.check', { objectId: live }],
      ['mounts.delete', { objectId: live }],
      ['mounts.inspect', { sourceId: pgId, schema: 'public', table: 'orders' }],
      ['mounts.create', { sourceId: pgId, table: 'orders', name: 'x', columns: cols }],
      ['records.list', { objectId: live }],
    ] as const)
      expect((await qry(t.app, stranger, op, input)).status, op).toBe(404);
    expect((await ok(t.app, stranger, 'mounts.list', {})).items).toEqual([]);
  });

  it('deletes a mount with its object; then its source can go', async () => {
    const inUse = await qry(t.app, owner, 'datasources.delete', { id: pgId });
    expect(inUse.status).toBe(409);
    for (const m of (await ok(t.app, owner, 'mounts.list', {})).items)
      if (m.sourceId === pgId) await ok(t.app, owner, 'mounts.delete', { objectId: m.objectId });
    expect((await qry(t.app, owner, 'objects.get', { id: live })).status).toBe(404);
    await ok(t.app, owner, 'datasources.delete', { id: pgId });
  });
});

describe.skipIf(!myUrl)('mounts of a MySQL/MariaDB source', () => {
  let live: string;

  it('mounts live: lists, filters, sorts, groups, exports and refuses writes at the source', async () => {
    const m = await ok(t.app, owner, 'mounts.create', {
      sourceId: myId,
      schema: (my as MysqlSource).database,
      table: 'orders',
      name: 'Shop orders',
      columns: cols,
      mode: 'live',
      updatedColumn: 'changed',
    });
    live = m.objectId;
    expect(m).toMatchObject({ mode: 'live', keyColumn: 'id', attention: [] });
    const page = await ok(t.app, owner, 'records.list', {
      objectId: live,
      filter: group(AND, [{ field: 'changed', op: 'gte', value: '2026-01-02' }]),
      orderby: { isActive: true, sorts: [{ field: 'amount', dir: 'desc' }] },
    });
    expect(
      page.rows.map((r: { id: number; values: { name: string; amount: string | null } }) => [
        r.id,
        r.values.name,
        r.values.amount,
      ]),
    ).toEqual([
      [2, 'Second', '20.00'],
      [4, 'first', '1.25'],
      [3, 'Third', null],
    ]);
    expect(page.rows[0].values.changed).toBe('2026-01-02T10:00:00.000Z');
    // Text compares exactly (not in the column's case-insensitive collation); matching folds case.
    const exact = await ok(t.app, owner, 'records.list', {
      objectId: live,
      filter: group(AND, [{ field: 'name', op: 'eq', value: 'First' }]),
    });
    expect(exact.rows.map((r: { id: number }) => r.id)).toEqual([1]);
    const folded = await ok(t.app, owner, 'records.count', {
      objectId: live,
      filter: group(AND, [{ field: 'name', op: 'contains', value: 'FIR' }]),
    });
    expect(folded.total).toBe(2);
    const groups = await ok(t.app, owner, 'records.groups', {
      objectId: live,
      groupby: {
        isActive: true,
        groups: [{ field: 'name', aggregates: [{ field: 'amount', fn: 'sum' }] }],
      },
    });
    expect(
      groups.groups.map((g: { key: { name: string }; aggregates: { value: unknown }[] }) => [
        g.key.name,
        g.aggregates[0]?.value,
      ]),
    ).toEqual([
      ['First', '10.50'],
      ['Second', '20.00'],
      ['Third', null],
      ['first', '1.25'],
    ]);
    const write = await qry(t.app, owner, 'records.update', {
      objectId: live,
      id: 1,
      values: { name: 'x' },
    });
    expect(write.status).toBe(409);
    const job = await ok(t.app, owner, 'records.export', { objectId: live, format: 'csv' });
    await t.app.jobs.idle();
    const done = await ok(t.app, owner, 'exports.get', { id: job.id });
    expect(done.status).toBe('succeeded');
    const dl = await t.app.inject({
      method: 'POST',
      url: '/api/download',
      headers: owner.headers,
      payload: { fileId: done.fileId },
    });
    expect(dl.body).toContain('Second');
  });

  it('answers a cube on a live mount at the source', async () => {
    const cubeId = (
      await ok(t.app, owner, 'cubes.create', {
        objectId: live,
        name: 'Shop orders by name',
        dimensions: [{ key: 'name', field: 'name' }],
        measures: [{ key: 'amount', fn: 'sum', field: 'amount' }],
        defaultLayout: { rows: ['name'], cols: [], measures: ['amount'] },
      })
    ).id;
    const out = await ok(t.app, owner, 'cubes.query', {
      cubeId,
      rows: ['name'],
      cols: [],
      measures: ['amount'],
    });
    const cells = out.cells.map((r: unknown[][][]) => r[0]?.[0]);
    expect(out.rows.items.map((i: { labels: string[] }) => i.labels[0])).toEqual([
      'First',
      'first',
      'Second',
      'Third',
      undefined,
    ]);
    expect(cells.map((v: unknown) => (v === null ? null : Number(v)))).toEqual([
      10.5,
      1.25,
      20,
      null,
      31.75,
    ]);
    expect(out.records).toBe(4);
  });

  it('cancels a query that runs too long at the source, with a clear error', async () => {
    const m = await ok(t.app, owner, 'mounts.create', {
      sourceId: myId,
      schema: (my as MysqlSource).database,
      table: 'slow_orders',
      name: 'Slow shop orders',
      columns: [{ column: 'name', name: 'Name', type: 'text' }],
      mode: 'live',
      keyColumn: 'id',
    });
    const started = Date.now();
    const r = await qry(t.app, owner, 'records.list', { objectId: m.objectId });
    expect(r.status).toBe(422);
    expect(r.error?.message).toMatch(/did not finish the query within 1 s/);
    expect(Date.now() - started).toBeLessThan(1900);
  });

  it('syncs, then incrementally by the updated-at column, then marks a changed source', async () => {
    const run = (text: string) => (my as MysqlSource).run(text);
    await ok(t.app, owner, 'mounts.update', { objectId: live, mode: 'synced' });
    await t.app.jobs.idle();
    expect((await ok(t.app, owner, 'mounts.get', { objectId: live })).lastSyncRows).toBe(4);
    await run("update orders set name = 'Second!', changed = '2026-02-01 00:00:00' where id = 2");
    await run("insert into orders values (5, 'Fifth', 1, '2026-02-02 00:00:00')");
    await ok(t.app, owner, 'mounts.sync', { objectId: live });
    await t.app.jobs.idle();
    expect((await ok(t.app, owner, 'mounts.get', { objectId: live })).lastSyncRows).toBe(2);
    const rows = (await ok(t.app, owner, 'records.list', { objectId: live })).rows;
    expect(
      rows.map((r: { values: { name: string; amount: string | null } }) => [
        r.values.name,
        r.values.amount,
      ]),
    ).toEqual([
      ['First', '10.50'],
      ['Second!', '20.00'],
      ['Third', null],
      ['first', '1.25'],
      ['Fifth', '1.00'],
    ]);
    await run('alter table orders change amount total decimal(12,2)');
    await run('alter table orders modify name text');
    const checked = await ok(t.app, owner, 'mounts.check', { objectId: live });
    expect(checked.attention).toEqual([
      { column: 'name', problem: 'type_changed', was: 'varchar(100)', now: 'text' },
      { column: 'amount', problem: 'missing', was: 'decimal(12,2)', now: null },
    ]);
  });
});

describe('mounted decimals keep the scale their source column declares', () => {
  const money = [
    { column: 'price', name: 'Price', type: 'decimal' },
    { column: 'rate', name: 'Rate', type: 'decimal' },
    { column: 'plain', name: 'Plain', type: 'decimal' },
  ];
  type Meta = { fields: { code: string; options: { scale?: number } }[] };
  const scales = (obj: Meta) => obj.fields.map((f) => [f.code, f.options.scale]);
  const values = (rows: { values: Record<string, unknown> }[]) =>
    rows.map((r) => [r.values.price, r.values.rate, r.values.plain]);

  it('on a SQLite source: decimal(p,s) keeps s places, more than 6 become 6, none 2', async () => {
    const bytes = sqliteFile(path.join(dir, 'scales.sqlite'), [
      'create table prices (id integer primary key, price decimal(12,4), rate NUMERIC(20, 8), plain real)',
      'insert into prices values (1, 1.2345, 0.12345678, 10.5), (2, 99999.0001, 3, 0.25)',
    ]);
    const up = await uploadFile(t.app, owner.headers, 'scales.sqlite', bytes);
    const sourceId = (
      await ok(t.app, owner, 'datasources.create', {
        name: 'Scales',
        kind: 'sqlite',
        fileId: (up.json() as { fileId: string }).fileId,
      })
    ).id;
    const inspected = await ok(t.app, owner, 'mounts.inspect', { sourceId, table: 'prices' });
    expect(
      inspected.columns.map((c: { name: string; scale?: number | null }) => [c.name, c.scale]),
    ).toEqual([
      ['id', null],
      ['price', 4],
      ['rate', 8],
      ['plain', null],
    ]);
    for (const mode of ['live', 'synced'] as const) {
      const m = await ok(t.app, owner, 'mounts.create', {
        sourceId,
        table: 'prices',
        name: `Prices ${mode}`,
        columns: money,
        mode,
      });
      await t.app.jobs.idle();
      const obj = await ok(t.app, owner, 'objects.get', { id: m.objectId });
      expect(scales(obj)).toEqual([
        ['price', 4],
        ['rate', 6],
        ['plain', 2],
      ]);
      const page = await ok(t.app, owner, 'records.list', {
        objectId: m.objectId,
        orderby: { isActive: true, sorts: [{ field: 'id', dir: 'asc' }] },
      });
      expect(values(page.rows)).toEqual([
        ['1.2345', '0.123457', '10.50'],
        ['99999.0001', '3.000000', '0.25'],
      ]);
    }
  });

  it.skipIf(!pgUrl)('on a PostgreSQL source: numeric(p,s) keeps s places, at most 6', async () => {
    const s = (src as PgSource).schema;
    await src?.run(
      `create table "${s}".prices (id bigint primary key, price numeric(12,4), rate numeric(20,8), plain double precision)`,
    );
    await src?.run(
      `insert into "${s}".prices values (1, 1.2345, 0.12345678, 10.5), (2, 99999.0001, 3, 0.25)`,
    );
    const sourceId = (
      await ok(t.app, owner, 'datasources.create', {
        name: 'ERP prices',
        kind: 'postgres',
        ...(src as PgSource).settings,
        sslMode: 'disable',
      })
    ).id;
    const inspected = await ok(t.app, owner, 'mounts.inspect', {
      sourceId,
      schema: s,
      table: 'prices',
    });
    expect(
      inspected.columns.map((c: { name: string; scale?: number | null }) => [c.name, c.scale]),
    ).toEqual([
      ['id', null],
      ['price', 4],
      ['rate', 8],
      ['plain', null],
    ]);
    for (const mode of ['live', 'synced'] as const) {
      const m = await ok(t.app, owner, 'mounts.create', {
        sourceId,
        schema: s,
        table: 'prices',
        name: `PG prices ${mode}`,
        columns: money,
        mode,
      });
      await t.app.jobs.idle();
      const obj = await ok(t.app, owner, 'objects.get', { id: m.objectId });
      expect(scales(obj)).toEqual([
        ['price', 4],
        ['rate', 6],
        ['plain', 2],
      ]);
      const page = await ok(t.app, owner, 'records.list', {
        objectId: m.objectId,
        orderby: { isActive: true, sorts: [{ field: 'id', dir: 'asc' }] },
      });
      expect(values(page.rows)).toEqual([
        ['1.2345', '0.123457', '10.50'],
        ['99999.0001', '3.000000', '0.25'],
      ]);
    }
  });
});
