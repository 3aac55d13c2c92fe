import path from 'node:path';
import SQLite from '../../db/sqlite.js';
import { buildAbility, rulesForRole } from '@fiscus/contracts';
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import type { OpContext } from '../../platform/context.js';
import { ok } from '../../test/qry-helpers.js';
import { groupRecords, listRecords } from './records.service.js';

/** Reference fields are resolved in one query per page, however many rows and fields. */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let objectId: string;
let queries = 0;
let db: Db;

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
  const cur = await ok(t.app, u, 'objects.create', { name: 'Currency', kind: 'reference' });
  const cc = await ok(t.app, u, 'objects.create', { name: 'Cost centre', kind: 'reference' });
  await ok(t.app, u, 'fields.create', { objectId: cc.id, name: 'Label', type: 'text' });
  for (const n of ['EUR', 'USD', 'GBP'])
    await ok(t.app, u, 'records.create', { objectId: cur.id, values: { name: n } });
  for (const n of ['Ops', 'Sales'])
    await ok(t.app, u, 'records.create', {
      objectId: cc.id,
      values: { name: n, label: `CC ${n}` },
    });
  const o = await ok(t.app, u, 'objects.create', { name: 'Costs' });
  objectId = o.id;
  await ok(t.app, u, 'fields.create', {
    objectId,
    name: 'Currency',
    type: 'reference',
    options: { target: cur.id },
  });
  await ok(t.app, u, 'fields.create', {
    objectId,
    name: 'Centre',
    type: 'reference',
    options: { target: cc.id, displayField: 'label' },
  });
  for (let i = 0; i < 60; i++) {
    await ok(t.app, u, 'records.create', {
      objectId,
      values: { name: `c${i}`, currency: (i % 3) + 1, centre: (i % 2) + 1 },
    });
  }
  // Queries of records and references; the list of an object's indexes is metadata the
  // server caches per data version (this handle has none, so it reads it each time).
  const log = (e: LogEvent) => {
    // Reads of the index catalogue and of a table's size are cached per data version in the
    // app (this handle keeps no versions, so they would count on every call).
    const sqlText = e.query.sql;
    if (!sqlText.includes('"pf_indexes"') && !sqlText.startsWith('select max(id) as n from'))
      queries += 1;
  };
  const kysely = t.config.databaseUrl
    ? new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 }),
        }),
        log,
      })
    : new Kysely<Database>({
        dialect: new SqliteDialect({
          database: new SQLite(path.join(t.config.dataDir, 'fiscus.sqlite')),
        }),
        log,
      });
  db = {
    kysely,
    dialect: t.config.databaseUrl ? 'postgres' : 'sqlite',
    close: () => kysely.destroy(),
  };
});
afterAll(async () => {
  await db.close();
  await t.cleanup();
});

function ctx(): OpContext {
  return {
    db,
    domainId: u.session.domain.id,
    userId: u.session.user.id,
    ability: buildAbility(rulesForRole('owner')),
    lang: 'en',
  };
}

it('records.list: one query for the page and one for every reference of it', async () => {
  const input = { objectId, state: 'active' as const, offset: 0, limit: 50 };
  await listRecords(ctx(), input); // metadata now cached
  queries = 0;
  const page = await listRecords(ctx(), input);
  expect(queries).toBe(2);
  expect(page.rows).toHaveLength(50);
  expect(page.rows[0]?.display).toEqual({ currency: 'EUR', centre: 'CC Ops' });
  expect(page.rows[4]?.display).toEqual({ currency: 'USD', centre: 'CC Ops' });
  expect(page.rows[5]?.display).toEqual({ currency: 'GBP', centre: 'CC Sales' });
});

it('records.groups: references of group keys resolved in one query', async () => {
  const input = {
    objectId,
    state: 'active' as const,
    limit: 100,
    groupby: { isActive: true, groups: [{ field: 'currency' }, { field: 'centre' }] },
  };
  await groupRecords(ctx(), input);
  queries = 0;
  const g = await groupRecords(ctx(), input);
  expect(queries).toBe(2);
  expect(g.groups).toHaveLength(6);
  expect(g.groups[0]).toMatchObject({
    key: { currency: 1, centre: 1 },
    display: { currency: 'EUR', centre: 'CC Ops' },
    count: 10,
  });
});
