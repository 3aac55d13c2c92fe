import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { postForm, uploadFile } from '../../test/files-helpers.js';
import { AND, group, ok, qry } from '../../test/qry-helpers.js';

/** Tenant isolation: user B (own domain) tries every op on user A's ids. */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let a: RegisteredUser;
let b: RegisteredUser;
let objA: { id: string; tableName: string; fields: { id: string }[] };
let fieldA: { id: string };
let viewA: { id: string };
let sharedA: { id: string };
let objB: { id: string };

const def = {
  filter: {
    isactive: false,
    isexpanded: true,
    name: 'root',
    operator: { id: 1, sid: 'and', name: 'AND' },
    children: [],
    conditions: [],
  },
  groupby: { isActive: false, groups: [] },
  orderby: { isActive: false, sorts: [] },
};

beforeAll(async () => {
  t = await makeTestApp();
  a = await registerUser(t.app);
  b = await registerUser(t.app);
  objA = await ok(t.app, a, 'objects.create', { name: 'Secret salaries' });
  fieldA = await ok(t.app, a, 'fields.create', {
    objectId: objA.id,
    name: 'Salary',
    type: 'money',
  });
  await ok(t.app, a, 'records.create', {
    objectId: objA.id,
    values: { name: 'Alice', salary: 9000 },
  });
  await ok(t.app, a, 'records.create', {
    objectId: objA.id,
    values: { name: 'Bob', salary: 8000 },
  });
  viewA = await ok(t.app, a, 'views.save', { objectId: objA.id, name: 'mine', definition: def });
  sharedA = await ok(t.app, a, 'views.save', {
    objectId: objA.id,
    name: 'team',
    shared: true,
    definition: def,
  });
  objB = await ok(t.app, b, 'objects.create', { name: 'Mine' });
  await ok(t.app, b, 'records.create', { objectId: objB.id, values: { name: 'B one' } });
});
afterAll(async () => t.cleanup());

describe('user B cannot see or change user A’s data by id', () => {
  it.each([
    ['objects.get', () => ({ id: objA.id })],
    ['objects.update', () => ({ id: objA.id, name: 'pwned' })],
    ['objects.delete', () => ({ id: objA.id })],
    ['fields.create', () => ({ objectId: objA.id, name: 'x', type: 'text' })],
    ['fields.update', () => ({ id: fieldA.id, name: 'pwned' })],
    ['fields.delete', () => ({ id: fieldA.id })],
    ['fields.check', () => ({ objectId: objA.id, computed: { kind: 'formula', formula: '1' } })],
    [
      'fields.check',
      () => ({ objectId: objB.id, id: fieldA.id, computed: { kind: 'formula', formula: '1' } }),
    ],
    ['records.list', () => ({ objectId: objA.id })],
    ['records.count', () => ({ objectId: objA.id })],
    [
      'records.groups',
      () => ({ objectId: objA.id, groupby: { isActive: true, groups: [{ field: 'name' }] } }),
    ],
    ['records.get', () => ({ objectId: objA.id, id: 1 })],
    ['records.create', () => ({ objectId: objA.id, values: { name: 'x' } })],
    ['records.update', () => ({ objectId: objA.id, id: 1, values: { name: 'x' } })],
    ['records.createMany', () => ({ objectId: objA.id, rows: [{ name: 'x' }] })],
    [
      'records.upsertMany',
      () => ({ objectId: objA.id, key: 'id', rows: [{ id: 1, name: 'x' }, { name: 'y' }] }),
    ],
    ['records.delete', () => ({ objectId: objA.id, ids: [1, 2] })],
    ['records.restore', () => ({ objectId: objA.id, ids: [1, 2] })],
    ['records.history', () => ({ objectId: objA.id, id: 1 })],
    ['views.list', () => ({ objectId: objA.id })],
    ['views.save', () => ({ objectId: objA.id, name: 'x', definition: def })],
    ['views.save', () => ({ id: viewA.id, objectId: objB.id, name: 'x', definition: def })],
    ['views.save', () => ({ id: sharedA.id, objectId: objB.id, name: 'x', definition: def })],
    ['views.delete', () => ({ id: viewA.id })],
    ['views.delete', () => ({ id: sharedA.id })],
    ['domains.rename', () => ({ id: a.session.domain.id, name: 'pwned' })],
    ['domains.switch', () => ({ id: a.session.domain.id })],
    ['members.setRole', () => ({ userId: a.session.user.id, role: 'viewer' })],
    ['members.remove', () => ({ userId: a.session.user.id })],
  ])('%s → 403/404', async (op, input) => {
    const r = await qry(t.app, b, op, input());
    expect([403, 404]).toContain(r.status);
  });

  it('nothing of A changed and nothing of A is listed for B', async () => {
    const full = await ok(t.app, a, 'objects.get', { id: objA.id });
    expect(full.name).toBe('Secret salaries');
    expect(full.fields.map((f: { name: string }) => f.name)).toEqual(['Name', 'Salary']);
    const rows = await ok(t.app, a, 'records.list', { objectId: objA.id });
    expect(
      rows.rows.map((r: { values: { name: string }; deletedAt: string | null }) => [
        r.values.name,
        r.deletedAt,
      ]),
    ).toEqual([
      ['Alice', null],
      ['Bob', null],
    ]);
    expect((await ok(t.app, a, 'views.list', { objectId: objA.id })).items).toHaveLength(2);
    expect((await ok(t.app, b, 'objects.list', {})).items.map((o: { id: string }) => o.id)).toEqual(
      [objB.id],
    );
    expect(
      (await ok(t.app, b, 'tables.list', {})).items.map((x: { tableName: string }) => x.tableName),
    ).not.toContain(objA.tableName);
    expect((await ok(t.app, b, 'domains.list', {})).items.map((d: { id: string }) => d.id)).toEqual(
      [b.session.domain.id],
    );
    expect(
      (await ok(t.app, b, 'members.list', {})).items.map((m: { userId: string }) => m.userId),
    ).toEqual([b.session.user.id]);
  });

  it('B cannot point a reference at A’s object, nor reach it through filters or batches', async () => {
    const r = await qry(t.app, b, 'fields.create', {
      objectId: objB.id,
      name: 'Leak',
      type: 'reference',
      options: { target: objA.id },
    });
    expect(r.status).toBe(400);
    expect(r.error?.fields?.['options.target']).toBeDefined();
    // filters only name fields of the object itself: A's field id is unknown on B's object
    const f = await qry(t.app, b, 'records.list', {
      objectId: objB.id,
      filter: group(AND, [{ field: fieldA.id, op: 'gt', value: 0 }]),
    });
    expect(f.status).toBe(400);
    // same record id in B's own object is B's record
    expect((await ok(t.app, b, 'records.get', { objectId: objB.id, id: 1 })).values.name).toBe(
      'B one',
    );
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/qry',
      headers: b.headers,
      payload: {
        op: 'batch',
        ops: [
          { op: 'records.get', objectId: objA.id, id: 1 },
          { op: 'records.get', objectId: objB.id, id: 1 },
        ],
      },
    });
    const body = batch.json() as { data: { error?: { code: string }; data?: unknown }[] };
    expect(body.data[0]?.error?.code).toBe('not_found');
    expect(body.data[1]?.data).toBeDefined();
  });
});

describe('user B cannot reach user A’s files, uploads, imports or jobs', () => {
  let fileA: string;
  let importA: string;
  let exportA: string;
  let uploadA: string;

  beforeAll(async () => {
    const up = await uploadFile(t.app, a.headers, 'salaries.csv', 'Name;Salary\nCarol;7000\n');
    expect(up.statusCode).toBe(200);
    fileA = (up.json() as { fileId: string }).fileId;
    const started = await postForm(
      t.app,
      '/api/uploadchunk',
      { name: 'big.csv', size: '100' },
      a.headers,
    );
    uploadA = (started.json() as { uploadId: string }).uploadId;
    importA = (await ok(t.app, a, 'imports.create', { objectId: objA.id, fileId: fileA })).id;
    exportA = (await ok(t.app, a, 'records.export', { objectId: objA.id, format: 'csv' })).id;
    await t.app.jobs.idle();
  });

  it('downloads and file infos of A’s files are not found', async () => {
    const dl = await t.app.inject({
      method: 'POST',
      url: '/api/download',
      headers: b.headers,
      payload: { fileId: fileA },
    });
    expect(dl.statusCode).toBe(404);
    expect((await ok(t.app, b, 'files.get', { ids: [fileA] })).items).toEqual([]);
    // A still gets it.
    expect((await ok(t.app, a, 'files.get', { ids: [fileA] })).items).toHaveLength(1);
  });

  it('B cannot add chunks to A’s upload nor ask what it holds', async () => {
    const chunk = await postForm(
      t.app,
      '/api/uploadchunk',
      { uploadId: uploadA, offset: '0', chunk: { data: 'x'.repeat(10), filename: 'c' } },
      b.headers,
    );
    expect(chunk.statusCode).toBe(404);
    const state = await postForm(t.app, '/api/uploadchunk', { uploadId: uploadA }, b.headers);
    expect(state.statusCode).toBe(404);
  });

  it('B cannot import A’s file into its own object', async () => {
    const r = await qry(t.app, b, 'imports.create', { objectId: objB.id, fileId: fileA });
    expect(r.status).toBe(404);
  });

  it.each([
    ['imports.get', () => ({ id: importA })],
    ['imports.preview', () => ({ id: importA })],
    ['imports.update', () => ({ id: importA, settings: { mode: 'replace' } })],
    ['imports.run', () => ({ id: importA })],
    ['imports.cancel', () => ({ id: importA })],
    ['imports.log', () => ({ id: importA })],
    ['imports.logFile', () => ({ id: importA })],
    ['exports.get', () => ({ id: exportA })],
  ])('%s on A’s id is not found', async (op, input) => {
    const r = await qry(t.app, b, op, input());
    expect(r.status).toBe(404);
  });

  it('imports.delete and lists of B leave A’s imports alone', async () => {
    const del = await qry(t.app, b, 'imports.delete', { ids: [importA] });
    expect(del.status === 404 || del.data?.affected === 0).toBe(true);
    expect((await ok(t.app, b, 'imports.list', {})).items).toEqual([]);
    expect((await ok(t.app, a, 'imports.get', { id: importA })).id).toBe(importA);
  });
});

describe('tokens and webhooks of one domain reach nothing of another', () => {
  it('B’s domain token sees nothing of A’s domain', async () => {
    const { secret } = await ok(t.app, b, 'domainTokens.create', {
      name: 'B loader',
      scope: 'write',
      expiresInDays: null,
    });
    const as = { headers: { authorization: `Bearer ${secret}` } };
    for (const [op, input] of [
      ['objects.get', { id: objA.id }],
      ['records.list', { objectId: objA.id }],
      ['records.get', { objectId: objA.id, id: 1 }],
      ['records.history', { objectId: objA.id, id: 1 }],
      ['records.create', { objectId: objA.id, values: { name: 'x' } }],
      ['records.update', { objectId: objA.id, id: 1, values: { name: 'x' } }],
    ] as const)
      expect((await qry(t.app, as, op, input)).status, op).toBe(404);
    const objects = await ok(t.app, as, 'objects.list', {});
    expect(objects.items.map((o: { id: string }) => o.id)).toEqual([objB.id]);
    // A token limited to A's object cannot be made in B's domain.
    const limited = await qry(t.app, b, 'domainTokens.create', {
      name: 'Reach',
      scope: 'read',
      expiresInDays: null,
      objects: [objA.id],
    });
    expect(limited.status).toBe(400);
  });

  it('B cannot revoke A’s domain token nor touch A’s webhooks', async () => {
    const tok = await ok(t.app, a, 'domainTokens.create', {
      name: 'A loader',
      scope: 'read',
      expiresInDays: null,
    });
    expect((await qry(t.app, b, 'domainTokens.revoke', { id: tok.token.id })).status).toBe(404);
    expect(
      (await ok(t.app, b, 'domainTokens.list', {})).items.map((x: { id: string }) => x.id),
    ).not.toContain(tok.token.id);
    const hook = await ok(t.app, a, 'webhooks.create', {
      name: 'A ERP',
      url: 'https://erp.example.com/hooks',
      events: ['record.created'],
    });
    const id = hook.webhook.id;
    for (const [op, input] of [
      ['webhooks.update', { id, name: 'pwned' }],
      ['webhooks.rotateSecret', { id }],
      ['webhooks.test', { id }],
      ['webhooks.deliveries', { id }],
      ['webhooks.delete', { id }],
    ] as const)
      expect((await qry(t.app, b, op, input)).status, op).toBe(404);
    expect((await ok(t.app, b, 'webhooks.list', {})).items).toEqual([]);
    // B's webhook with A's object is refused.
    const cross = await qry(t.app, b, 'webhooks.create', {
      name: 'B',
      url: 'https://erp.example.com/hooks',
      events: ['record.created'],
      objects: [objA.id],
    });
    expect(cross.status).toBe(400);
    expect((await ok(t.app, a, 'webhooks.list', {})).items[0].name).toBe('A ERP');
  });
});
