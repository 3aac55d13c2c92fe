import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { uploadFile } from '../../test/files-helpers.js';
import { makePeerApp, makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';
import {
  mysqlSource,
  mysqlSourceUrl,
  pgSource,
  pgSourceUrl,
  sqliteFile,
  type MysqlSource,
  type PgSource,
} from '../../test/source-helpers.js';
import { sql } from 'kysely';
import { openSource } from '../../platform/sources/index.js';
import { openWith, sealWith } from '../../platform/sources/secrets.js';
import { randomBytes } from 'node:crypto';

const PASSWORD = 'Zq9-unique-source-secret-7731';
const pgUrl = pgSourceUrl();
const myUrl = mysqlSourceUrl();
const logs: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    logs.push(chunk.toString('utf8'));
    done();
  },
});

let t: Awaited<ReturnType<typeof makeTestApp>>;
let owner: RegisteredUser;
let stranger: RegisteredUser;
let src: PgSource | undefined;
let my: MysqlSource | undefined;
const dir = mkdtempSync(path.join(tmpdir(), 'fiscus-ds-'));

async function member(role: string) {
  const user = await registerUser(t.app);
  await ok(t.app, owner, 'members.add', { login: user.username, role });
  const switched = await ok<{ accessToken: string }>(t.app, user, 'domains.switch', {
    id: owner.session.domain.id,
  });
  return { headers: bearer(switched.accessToken) };
}

beforeAll(async () => {
  t = await makeTestApp(
    {
      sourceConnectTimeoutMs: 2000,
      sourceStatementTimeoutMs: 1000,
      sourceAllowOwnDatabase: true,
      logLevel: 'trace',
    },
    { logger: { level: 'trace', stream: sink } },
  );
  owner = await registerUser(t.app);
  stranger = await registerUser(t.app);
  if (pgUrl) {
    src = await pgSource(pgUrl);
    await src.run(
      `create table "${src.schema}".people (id bigint primary key, name text not null, born date, salary numeric(12,2), active boolean, seen timestamptz)`,
    );
    await src.run(
      `insert into "${src.schema}".people values (1, 'Ada', '1815-12-10', 1000.50, true, '2026-01-02T03:04:05Z'), (2, 'Grace', null, null, false, null)`,
    );
    await src.run(
      `create view "${src.schema}".slow as select id, name from "${src.schema}".people where pg_sleep(3) is not null`,
    );
  }
  if (myUrl) {
    my = await mysqlSource(myUrl);
    await my.run(
      'create table people (id bigint primary key, name varchar(100) not null, born date, salary decimal(12,2), rate double, active boolean, seen datetime(3), note json, photo blob)',
    );
    await my.run(
      "insert into people values (1, 'Ada', '1815-12-10', 1000.50, 0.5, true, '2026-01-02 03:04:05.678', '{\"a\": 1}', null), (2, 'Grace', null, null, null, false, null, null, null)",
    );
    await my.run('create view slow as select id, name from people where sleep(3) = 0');
  }
});
afterAll(async () => {
  await t.cleanup();
  await src?.drop();
  await my?.drop();
  rmSync(dir, { recursive: true, force: true });
});

function pgInput(extra: Record<string, unknown> = {}) {
  const s = (src as PgSource).settings;
  return {
    kind: 'postgres',
    host: s.host,
    port: s.port,
    database: s.database,
    user: s.user,
    password: s.password,
    sslMode: 'prefer',
    ...extra,
  };
}

describe.skipIf(!pgUrl)('PostgreSQL data sources', () => {
  let id: string;

  it('stores the password sealed and never answers it', async () => {
    const created = await ok(t.app, owner, 'datasources.create', {
      name: 'ERP',
      ...pgInput({ password: PASSWORD }),
    });
    id = created.id;
    expect(created).toMatchObject({ kind: 'postgres', hasPassword: true, status: 'untested' });
    const row = await t.app.db.kysely
      .selectFrom('pf_datasources')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.secret).toBeTruthy();
    expect(row.secret).not.toContain(PASSWORD);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    for (const answer of [
      created,
      await ok(t.app, owner, 'datasources.get', { id }),
      await ok(t.app, owner, 'datasources.list', {}),
    ])
      expect(JSON.stringify(answer)).not.toContain(PASSWORD);
  });

  it('tests a connection: the stored one works once the right password is stored', async () => {
    const bad = await ok(t.app, owner, 'datasources.test', { id });
    expect(bad).toMatchObject({ ok: false, reason: 'auth_failed' });
    await ok(t.app, owner, 'datasources.update', {
      id,
      password: (src as PgSource).settings.password,
    });
    const good = await ok(t.app, owner, 'datasources.test', { id });
    expect(good.ok).toBe(true);
    expect(good.version).toMatch(/PostgreSQL/);
    expect((await ok(t.app, owner, 'datasources.get', { id })).status).toBe('ok');
  });

  it('names the reason of a failure, translated', async () => {
    const r = await qry(t.app, owner, 'datasources.test', pgInput({ password: 'wrong' }), 'de');
    expect(r.data).toMatchObject({ ok: false, reason: 'auth_failed' });
    expect(r.data.message).toMatch(/Passwort/);
    const missing = await ok(
      t.app,
      owner,
      'datasources.test',
      pgInput({ database: 'no_such_db_x' }),
    );
    expect(missing.reason).toBe('database_missing');
    const host = await ok(
      t.app,
      owner,
      'datasources.test',
      pgInput({ host: 'no-such-host.invalid' }),
    );
    expect(host.reason).toBe('host_not_found');
    const refused = await ok(
      t.app,
      owner,
      'datasources.test',
      pgInput({ host: '127.0.0.1', port: 1 }),
    );
    expect(refused.reason).toBe('refused');
    const metadata = await ok(
      t.app,
      owner,
      'datasources.test',
      pgInput({ host: '169.254.169.254' }),
    );
    expect(metadata.reason).toBe('blocked_host');
  });

  it('answers within the connect time-out for a host that never answers', async () => {
    // A port that accepts connections and then says nothing, as a stuck server or a
    // firewall that swallows packets would.
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as AddressInfo).port;
    try {
      const started = Date.now();
      const r = await ok(t.app, owner, 'datasources.test', pgInput({ host: '127.0.0.1', port }));
      expect(Date.now() - started).toBeLessThan(2000 + 1500);
      expect(r).toMatchObject({ ok: false, reason: 'timeout' });
      expect(r.message).toBe('The source did not answer within 2 s.');
    } finally {
      silent.close();
    }
  });

  it('lists tables and views with columns and types, and previews rows', async () => {
    const s = (src as PgSource).schema;
    const { tables } = await ok(t.app, owner, 'datasources.tables', { id });
    const people = tables.find(
      (x: { schema: string; name: string }) => x.schema === s && x.name === 'people',
    );
    expect(people.kind).toBe('table');
    expect(
      people.columns.map((c: { name: string; type: string; key: boolean; proposed: string }) => [
        c.name,
        c.type,
        c.key,
        c.proposed,
      ]),
    ).toEqual([
      ['id', 'bigint', true, 'integer'],
      ['name', 'text', false, 'text'],
      ['born', 'date', false, 'date'],
      ['salary', 'numeric', false, 'decimal'],
      ['active', 'boolean', false, 'boolean'],
      ['seen', 'timestamp with time zone', false, 'datetime'],
    ]);
    expect(tables.find((x: { name: string }) => x.name === 'slow')?.kind).toBe('view');
    const preview = await ok(t.app, owner, 'datasources.preview', {
      id,
      schema: s,
      table: 'people',
    });
    expect(preview.rows[0]).toEqual([
      1,
      'Ada',
      '1815-12-10',
      '1000.50',
      true,
      '2026-01-02T03:04:05.000Z',
    ]);
    const none = await qry(t.app, owner, 'datasources.preview', {
      id,
      schema: s,
      table: 'nope"; drop',
    });
    expect(none.status).toBe(404);
  });

  it('cancels a statement that runs past the time-out, with a clear error', async () => {
    const started = Date.now();
    const r = await qry(t.app, owner, 'datasources.preview', {
      id,
      schema: (src as PgSource).schema,
      table: 'slow',
    });
    expect(r.status).toBe(422);
    expect(r.error?.message).toMatch(/1 s, so it was cancelled/);
    expect(Date.now() - started).toBeLessThan(2900);
  });

  it('keeps connection details from editors and viewers', async () => {
    for (const role of ['editor', 'viewer']) {
      const m = await member(role);
      for (const [op, input] of [
        ['datasources.list', {}],
        ['datasources.get', { id }],
        ['datasources.test', { id }],
        ['datasources.tables', { id }],
        ['datasources.create', { name: 'x', ...pgInput() }],
        ['datasources.update', { id, name: 'x' }],
        ['datasources.delete', { id }],
      ] as const)
        expect((await qry(t.app, m, op, input)).status, `${role} ${op}`).toBe(403);
    }
    const admin = await member('admin');
    expect((await ok(t.app, admin, 'datasources.get', { id })).hasPassword).toBe(true);
  });

  it('isolates sources by domain', async () => {
    for (const [op, input] of [
      ['datasources.get', { id }],
      ['datasources.update', { id, name: 'pwned' }],
      ['datasources.delete', { id }],
      ['datasources.test', { id }],
      ['datasources.tables', { id }],
      ['datasources.preview', { id, schema: 'public', table: 'x' }],
    ] as const)
      expect((await qry(t.app, stranger, op, input)).status, op).toBe(404);
    expect((await ok(t.app, stranger, 'datasources.list', {})).items).toEqual([]);
    expect((await ok(t.app, owner, 'datasources.get', { id })).name).toBe('ERP');
  });

  it('a server with another secrets key cannot open the password', async () => {
    const peer = await makePeerApp({ ...t.config, secretsKey: randomBytes(32) });
    try {
      const r = await ok(peer, owner, 'datasources.test', { id });
      expect(r).toMatchObject({ ok: false, reason: 'secret_unreadable' });
    } finally {
      await peer.close();
    }
  });

  it('refuses the platform’s own database unless allowed', async () => {
    const appUrl = t.config.databaseUrl;
    if (!appUrl?.startsWith('postgres')) return;
    const strict = await makePeerApp({ ...t.config, sourceAllowOwnDatabase: false });
    try {
      const u = new URL(appUrl);
      const r = await qry(strict, owner, 'datasources.create', {
        name: 'Own',
        kind: 'postgres',
        url: `postgres://${u.username}:${u.password}@${u.hostname}:${u.port || 5432}${u.pathname}`,
      });
      expect(r.status).toBe(400);
      expect(r.error?.fields?.host?.[0]).toMatch(/own database/);
    } finally {
      await strict.close();
    }
  });

  it('never writes the password to a log line', () => {
    const all = logs.join('\n');
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(
      (src as PgSource).settings.password === ''
        ? '\u0000'
        : `"${(src as PgSource).settings.password}"`,
    );
  });
});

describe.skipIf(!myUrl)('MySQL/MariaDB data sources', () => {
  let id: string;
  const settings = () => (my as MysqlSource).settings;
  const url = (password: string, database = settings().database) =>
    `mysql://${settings().user}:${encodeURIComponent(password)}@${settings().host}:${settings().port}/${database}?ssl-mode=DISABLED`;

  it('is made from a mysql:// address, its password sealed, and connects', async () => {
    const created = await ok(t.app, owner, 'datasources.create', {
      name: 'Shop DB',
      kind: 'mysql',
      url: url(settings().password),
    });
    id = created.id;
    expect(created).toMatchObject({
      kind: 'mysql',
      host: settings().host,
      port: settings().port,
      database: settings().database,
      user: settings().user,
      sslMode: 'disable',
      hasPassword: settings().password !== '',
    });
    const good = await ok(t.app, owner, 'datasources.test', { id });
    expect(good).toMatchObject({ ok: true, reason: null });
    expect(good.version).toMatch(/^(MariaDB|MySQL) \d+\.\d+/);
    expect((await ok(t.app, owner, 'datasources.get', { id })).status).toBe('ok');
    const bad = await qry(t.app, owner, 'datasources.create', {
      name: 'x',
      kind: 'mysql',
      url: 'postgres://a@b/c',
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.fields?.url?.[0]).toMatch(/mysql:\/\//);
  });

  it('names the reason of a failure, translated', async () => {
    const base = { kind: 'mysql', ...settings(), sslMode: 'disable' };
    const wrong = await ok(t.app, owner, 'datasources.test', { ...base, password: 'wrong-pw' });
    expect(wrong).toMatchObject({ ok: false, reason: 'auth_failed' });
    const missing = await ok(t.app, owner, 'datasources.test', {
      ...base,
      database: 'no_such_database_here',
    });
    expect(missing).toMatchObject({ ok: false, reason: 'database_missing' });
    const closed = await new Promise<number>((resolve) => {
      const srv = createServer();
      srv.listen(0, '127.0.0.1', () => {
        const p = (srv.address() as AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    const refused = await qry(t.app, owner, 'datasources.test', { ...base, port: closed }, 'de');
    expect(refused.data).toMatchObject({ ok: false, reason: 'refused' });
    expect(refused.data.message).toMatch(/abgelehnt|verweigert/i);
  });

  it('lists tables and views with declared types (decimal scale), and previews rows', async () => {
    const { tables } = await ok(t.app, owner, 'datasources.tables', { id });
    const people = tables.find((x: { name: string }) => x.name === 'people');
    expect(people).toMatchObject({ schema: settings().database, kind: 'table' });
    const cols = people.columns.map(
      (c: { name: string; type: string; key: boolean; proposed: string; scale: unknown }) => [
        c.name,
        c.type.replace(/\(\d+\)$/, '').replace(/^longtext$/, 'json'),
        c.key,
        c.proposed,
        c.scale,
      ],
    );
    expect(cols).toEqual([
      ['id', 'bigint', true, 'integer', null],
      ['name', 'varchar', false, 'text', null],
      ['born', 'date', false, 'date', null],
      ['salary', 'decimal(12,2)', false, 'decimal', 2],
      ['rate', 'double', false, 'decimal', null],
      ['active', 'tinyint', false, 'boolean', null],
      ['seen', 'datetime', false, 'datetime', null],
      ['note', 'json', false, 'longtext', null],
      ['photo', 'blob', false, null, null],
    ]);
    expect(tables.find((x: { name: string }) => x.name === 'slow')?.kind).toBe('view');
    const preview = await ok(t.app, owner, 'datasources.preview', {
      id,
      schema: settings().database,
      table: 'people',
    });
    expect(preview.rows[0]).toEqual([
      1,
      'Ada',
      '1815-12-10',
      '1000.50',
      0.5,
      1,
      '2026-01-02T03:04:05.678Z',
      expect.stringMatching(/"a": ?1/),
      null,
    ]);
    const none = await qry(t.app, owner, 'datasources.preview', {
      id,
      schema: settings().database,
      table: 'people`; drop table people; --',
    });
    expect(none.status).toBe(404);
  });

  it('cancels a statement that runs past the time-out, with a clear error', async () => {
    const started = Date.now();
    const r = await qry(t.app, owner, 'datasources.preview', {
      id,
      schema: settings().database,
      table: 'slow',
    });
    expect(r.status).toBe(422);
    expect(r.error?.message).toMatch(/1 s, so it was cancelled/);
    expect(Date.now() - started).toBeLessThan(2900);
  });

  it('reads in read-only sessions', async () => {
    const db = await openSource(
      { db: t.app.db, domainId: owner.session.domain.id, lang: 'en' },
      id,
    );
    await expect(sql`delete from ${sql.id('people')}`.execute(db.kysely)).rejects.toThrow(
      /read.only/i,
    );
    expect(await my?.run('select count(*) as n from people')).toEqual([{ n: 2 }]);
  });

  it('keeps connection details from editors and viewers, and from other domains', async () => {
    for (const role of ['editor', 'viewer']) {
      const m = await member(role);
      for (const op of ['datasources.get', 'datasources.test', 'datasources.tables'])
        expect((await qry(t.app, m, op, { id })).status, `${role} ${op}`).toBe(403);
    }
    for (const op of ['datasources.get', 'datasources.test', 'datasources.tables'])
      expect((await qry(t.app, stranger, op, { id })).status, op).toBe(404);
  });
});

describe('SQLite file data sources', () => {
  let id: string;

  it('opens an uploaded SQLite file read-only and browses it', async () => {
    const bytes = sqliteFile(path.join(dir, 'tool.sqlite'), [
      'create table items (id integer primary key, title text, price real, made date, ok boolean)',
      "insert into items values (1, 'Bolt', 0.25, '2026-03-01', 1), (2, 'Nut', 0.1, null, 0)",
      'create view cheap as select * from items where price < 0.2',
    ]);
    const up = await uploadFile(t.app, owner.headers, 'tool.sqlite', bytes);
    expect(up.statusCode).toBe(200);
    const fileId = (up.json() as { fileId: string }).fileId;
    const created = await ok(t.app, owner, 'datasources.create', {
      name: 'Tool DB',
      kind: 'sqlite',
      fileId,
    });
    id = created.id;
    expect(created).toMatchObject({ fileName: 'tool.sqlite', hasPassword: false });
    expect((await ok(t.app, owner, 'datasources.test', { id })).ok).toBe(true);
    const { tables } = await ok(t.app, owner, 'datasources.tables', { id });
    expect(tables.map((x: { name: string; kind: string }) => [x.name, x.kind])).toEqual([
      ['cheap', 'view'],
      ['items', 'table'],
    ]);
    const items = tables.find((x: { name: string }) => x.name === 'items');
    expect(items.columns.map((c: { proposed: string }) => c.proposed)).toEqual([
      'integer',
      'text',
      'decimal',
      'date',
      'boolean',
    ]);
    const preview = await ok(t.app, owner, 'datasources.preview', { id, table: 'items' });
    expect(preview.rows).toEqual([
      [1, 'Bolt', 0.25, '2026-03-01', 1],
      [2, 'Nut', 0.1, null, 0],
    ]);
  });

  it('refuses a file that is not a SQLite database', async () => {
    const up = await uploadFile(t.app, owner.headers, 'x.csv', 'a,b\n1,2\n');
    const fileId = (up.json() as { fileId: string }).fileId;
    const r = await qry(t.app, owner, 'datasources.create', {
      name: 'Bad',
      kind: 'sqlite',
      fileId,
    });
    expect(r.status).toBe(400);
    expect(r.error?.fields?.fileId).toBeDefined();
  });
});

describe('CSV and XLSX file data sources', () => {
  const fixture = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '../imports/test/fixtures/libreoffice.xlsx',
  );

  it('makes each sheet of a workbook a table with typed columns', async () => {
    const up = await uploadFile(t.app, owner.headers, 'kunden.xlsx', readFileSync(fixture));
    const fileId = (up.json() as { fileId: string }).fileId;
    const tested = await ok(t.app, owner, 'datasources.test', { kind: 'file', fileId });
    expect(tested).toMatchObject({ ok: true, version: 'XLSX: Kunden, Zweites Blatt' });
    const created = await ok(t.app, owner, 'datasources.create', {
      name: 'Kunden',
      kind: 'file',
      fileId,
    });
    expect(created).toMatchObject({ kind: 'file', fileName: 'kunden.xlsx' });
    const { tables } = await ok(t.app, owner, 'datasources.tables', { id: created.id });
    expect(tables.map((x: { name: string }) => x.name)).toEqual(['Kunden', 'Zweites Blatt']);
    const kunden = tables[0];
    expect(
      kunden.columns.map((c: { name: string; proposed: string }) => [c.name, c.proposed]),
    ).toEqual([
      ['Code', 'text'],
      ['Name', 'text'],
      ['Amount', 'decimal'],
      ['Due', 'date'],
      ['Paid', 'text'],
      ['Double', 'decimal'],
    ]);
    const preview = await ok(t.app, owner, 'datasources.preview', {
      id: created.id,
      table: 'Kunden',
    });
    expect(preview.rows[0].slice(0, 4)).toEqual(['D1', 'Jürgen Größe', 12.5, '2026-05-17']);
    expect((await ok(t.app, owner, 'datasources.test', { id: created.id })).ok).toBe(true);
  });

  it('names the field and the reason for a file it cannot take', async () => {
    const sqlite = sqliteFile(path.join(dir, 'not-a-sheet.sqlite'), ['create table a (b)']);
    const empty = await uploadFile(t.app, owner.headers, 'empty.csv', 'only,a,header\n');
    const db = await uploadFile(t.app, owner.headers, 'db.sqlite', sqlite);
    for (const [up, text] of [
      [empty, /holds no rows/],
      [db, /not a CSV or XLSX file/],
    ] as const) {
      const r = await qry(t.app, owner, 'datasources.create', {
        name: 'Bad',
        kind: 'file',
        fileId: (up.json() as { fileId: string }).fileId,
      });
      expect(r.status).toBe(400);
      expect(r.error?.fields?.fileId?.[0]).toMatch(text);
    }
  });
});

describe('sealed secrets', () => {
  it('open only with the same key and for the same source', () => {
    const key = randomBytes(32);
    const sealed = sealWith(key, 'src1', 'hunter2');
    expect(openWith(key, 'src1', sealed)).toBe('hunter2');
    expect(() => openWith(randomBytes(32), 'src1', sealed)).toThrow();
    expect(() => openWith(key, 'src2', sealed)).toThrow();
    // One bit of the ciphertext flipped (a changed base64 character may decode to the same bytes).
    const [version, iv, tag, body] = sealed.split('.');
    const bytes = Buffer.from(body ?? '', 'base64url');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const tampered = [version, iv, tag, bytes.toString('base64url')].join('.');
    expect(tampered).not.toBe(sealed);
    expect(() => openWith(key, 'src1', tampered)).toThrow();
  });
});
