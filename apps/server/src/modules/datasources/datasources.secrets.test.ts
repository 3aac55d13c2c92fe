import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { qry } from '../../test/qry-helpers.js';
import {
  mysqlSource,
  mysqlSourceUrl,
  pgSource,
  pgSourceUrl,
  type MysqlSource,
  type PgSource,
} from '../../test/source-helpers.js';
import { findFile } from '../files/index.js';

/**
 * A data source's password goes in once and never comes out: the source is made with a
 * password nothing else in the test spells, connects with it (a role of its own on the source),
 * is browsed, mounted live and synced, exported and changed — and then every place an answer of
 * the platform can come from is read for that password: every op's answer, the export file, the
 * jobs, the ribbon and the record history, every log line, and every table of the platform's
 * database (the password is stored sealed, so not even the database spells it).
 */
const pgUrl = pgSourceUrl();
const myUrl = mysqlSourceUrl();
const PASSWORD = `Pw-${Math.random().toString(36).slice(2, 10)}-never-shown-4719`;
const WRONG = `Wrong-${Math.random().toString(36).slice(2, 10)}-never-shown-8830`;
const logs: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    logs.push(chunk.toString('utf8'));
    done();
  },
});

let t: Awaited<ReturnType<typeof makeTestApp>>;
let owner: RegisteredUser;
let src: PgSource | undefined;
let my: MysqlSource | undefined;
const role = `probe_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
/** Every answer and file the platform gave during the test. */
const seen: string[] = [];

async function call<T = Record<string, unknown>>(
  op: string,
  input: Record<string, unknown> = {},
): Promise<T> {
  const r = await qry<T>(t.app, owner, op, input);
  seen.push(JSON.stringify(r));
  if (r.status !== 200) throw new Error(`${op} answered ${r.status}: ${JSON.stringify(r.error)}`);
  return r.data;
}

/** Values JSON does not spell as text: big integers, and bytes (as UTF-8). */
function asText(_key: string, v: unknown): unknown {
  if (typeof v === 'bigint') return String(v);
  const b = v as { type?: unknown; data?: unknown };
  if (b && b.type === 'Buffer' && Array.isArray(b.data))
    return Buffer.from(b.data as number[]).toString('utf8');
  return v;
}

/** Every row of every table of the platform's database, as text. */
async function wholeDatabase(): Promise<string> {
  const db = t.app.db;
  const tables =
    db.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_schema where type = 'table'`.execute(
          db.kysely,
        )
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
          db.kysely,
        );
  const out: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql`select * from ${sql.id(name)}`.execute(db.kysely);
    out.push(`${name}: ${JSON.stringify(rows.rows, asText)}`);
  }
  return out.join('\n');
}

beforeAll(async () => {
  t = await makeTestApp(
    { sourceAllowOwnDatabase: true, logLevel: 'trace' },
    { logger: { level: 'trace', stream: sink } },
  );
  owner = await registerUser(t.app);
  if (pgUrl) {
    src = await pgSource(pgUrl);
    const s = src.schema;
    await src.run(`create role "${role}" login password '${PASSWORD}'`);
    await src.run(
      `create table "${s}".accounts (id bigint primary key, name text not null, balance numeric(12,2))`,
    );
    await src.run(
      `insert into "${s}".accounts values (1, 'Cash', 100.50), (2, 'Bank', 2000), (3, 'Loans', null)`,
    );
    await src.run(`grant usage on schema "${s}" to "${role}"`);
    await src.run(`grant select on all tables in schema "${s}" to "${role}"`);
  }
  if (myUrl) {
    my = await mysqlSource(myUrl);
    await my.run(`create user '${role}'@'%' identified by '${PASSWORD}'`);
    await my.run(
      'create table accounts (id bigint primary key, name varchar(50) not null, balance decimal(12,2))',
    );
    await my.run(
      "insert into accounts values (1, 'Cash', 100.50), (2, 'Bank', 2000), (3, 'Loans', null)",
    );
    await my.run(`grant select on \`${my.database}\`.* to '${role}'@'%'`);
  }
}, 60_000);
afterAll(async () => {
  await t.cleanup();
  if (src) {
    await src.drop();
    const c = await pgSource(src.url);
    await c.run(`drop role if exists "${role}"`);
    await c.drop();
  }
  if (my) {
    await my.run(`drop user if exists '${role}'@'%'`);
    await my.drop();
  }
});

interface Server {
  kind: 'postgres' | 'mysql';
  host: string;
  port: number;
  database: string;
  /** The schema the table is in (MySQL: the database). */
  schema: string;
  url(password: string): string;
}

/** A source of `s` made with the password, used every way, changed; then every place read. */
async function journey(s: Server): Promise<void> {
  const schema = s.schema;
  const created = await call<{ id: string; hasPassword: boolean }>('datasources.create', {
    name: 'Ledger',
    kind: s.kind,
    url: s.url(PASSWORD),
  });
  expect(created.hasPassword).toBe(true);
  const id = created.id;

  // The password works: the source connects, is browsed and previewed with it.
  expect(await call('datasources.test', { id })).toMatchObject({ ok: true });
  const tables = await call<{ tables: { schema: string; name: string }[] }>('datasources.tables', {
    id,
  });
  expect(tables.tables.map((x) => x.name)).toContain('accounts');
  await call('datasources.preview', { id, schema, table: 'accounts', limit: 10 });

  // Mounted live and synced; read, exported, synced again.
  const columns = [
    { column: 'name', name: 'Name', type: 'text' },
    { column: 'balance', name: 'Balance', type: 'decimal' },
  ];
  const base = { sourceId: id, schema, table: 'accounts', columns, keyColumn: 'id' };
  const live = await call<{ objectId: string }>('mounts.create', {
    ...base,
    name: 'Accounts live',
    mode: 'live',
  });
  const synced = await call<{ objectId: string }>('mounts.create', {
    ...base,
    name: 'Accounts synced',
    mode: 'synced',
  });
  await t.app.jobs.idle();
  expect((await call<{ total: number }>('records.count', { objectId: live.objectId })).total).toBe(
    3,
  );
  const rows = await call<{ rows: { id: number }[] }>('records.list', {
    objectId: synced.objectId,
  });
  expect(rows.rows).toHaveLength(3);
  await call('records.history', { objectId: synced.objectId, id: rows.rows[0]?.id });
  await call('mounts.sync', { objectId: synced.objectId, full: true });
  await t.app.jobs.idle();
  await call('mounts.check', { objectId: live.objectId });
  await call('mounts.list');
  await call('mounts.get', { objectId: synced.objectId });
  for (const objectId of [live.objectId, synced.objectId]) {
    const job = await call<{ id: string }>('records.export', { objectId, format: 'csv' });
    await t.app.jobs.idle();
    const done = await call<{ status: string; fileId: string }>('exports.get', { id: job.id });
    expect(done.status).toBe('succeeded');
    const f = await findFile(t.app.db, t.config.dataDir, owner.session.domain.id, done.fileId);
    const text = await readFile(f?.path as string, 'utf8');
    expect(text).toContain('Cash');
    seen.push(text);
  }

  // Changed: a wrong password is refused with a reason, and the answer does not spell it.
  await call('datasources.update', { id, name: 'Ledger (old)', password: WRONG });
  const failed = await call<{ ok: boolean; reason: string; message: string }>('datasources.test', {
    id,
  });
  expect(failed).toMatchObject({ ok: false, reason: 'auth_failed' });
  const unsaved = await call<{ ok: boolean }>('datasources.test', {
    kind: s.kind,
    host: s.host,
    port: s.port,
    database: s.database,
    user: role,
    password: WRONG,
    sslMode: 'disable',
  });
  expect(unsaved.ok).toBe(false);
  const liveRead = await qry(t.app, owner, 'records.list', { objectId: live.objectId });
  seen.push(JSON.stringify(liveRead));
  expect(liveRead.status).toBe(422);
  await call('datasources.update', { id, password: PASSWORD });
  expect(await call('datasources.test', { id })).toMatchObject({ ok: true });

  await call('datasources.get', { id });
  await call('datasources.list');
  await call('jobs.list');
  await call('ribbon.list');

  const stored = await wholeDatabase();
  expect(stored).toContain('Ledger');
  const logText = logs.join('\n');
  expect(logText.length).toBeGreaterThan(0);
  for (const secret of [PASSWORD, WRONG, encodeURIComponent(PASSWORD)]) {
    for (const answer of seen) expect(answer).not.toContain(secret);
    expect(logText).not.toContain(secret);
    expect(stored).not.toContain(secret);
  }
}

describe('a data source’s password', () => {
  it.skipIf(!pgUrl)(
    'PostgreSQL: reaches no answer, export, job, event, history, log line or stored row',
    async () => {
      const p = src as PgSource;
      const { host, port, database } = p.settings;
      await journey({
        kind: 'postgres',
        host,
        port,
        database,
        schema: p.schema,
        url: (pw) =>
          `postgres://${role}:${encodeURIComponent(pw)}@${host}:${port}/${database}?sslmode=disable`,
      });
    },
    120_000,
  );

  it.skipIf(!myUrl)(
    'MySQL/MariaDB: reaches no answer, export, job, event, history, log line or stored row',
    async () => {
      const { host, port, database } = (my as MysqlSource).settings;
      await journey({
        kind: 'mysql',
        host,
        port,
        database,
        schema: database,
        url: (pw) =>
          `mysql://${role}:${encodeURIComponent(pw)}@${host}:${port}/${database}?ssl-mode=DISABLED`,
      });
    },
    120_000,
  );
});
