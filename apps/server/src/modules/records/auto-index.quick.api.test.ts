import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAggregateName } from '../../platform/aggregates.js';
import { listIndexes } from '../../platform/ddl.js';
import type { IndexJobParams } from '../../platform/index-jobs.js';
import { holdingRoom, MAX_VIEW_INDEXES } from '../../platform/index-policy.js';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { insertRecords, makeTestApp } from '../../test/helpers.js';
import { ok } from '../../test/qry-helpers.js';

/**
 * The job runner's quick slot (platform/jobs.ts) on SQLite: an automatic job that fills no text
 * index — a group-by's maintained aggregate, a filter's B-tree index — is built while the
 * domain's slot is taken by a long job, instead of waiting for it to end; a shape that wants a
 * text or search index waits its turn there.
 */
const ROWS = 1500;
const KINDS = ['Gas', 'Öl', 'Strom'];
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let objectId: string;
const sqlite = !process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  t = await makeTestApp({ autoIndexes: { enabled: true, minRows: 1000 } });
  u = await registerUser(t.app);
  objectId = (await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Meters' })).id;
  for (const [code, type, options] of [
    ['amount', 'integer', {}],
    ['kind', 'select', { choices: KINDS.map((value) => ({ value })) }],
    ['site', 'text', {}],
  ] as const)
    await ok(t.app, u, 'fields.create', { objectId, name: code, code, type, options });
  const now = new Date().toISOString();
  await insertRecords(
    t.app.db.kysely,
    objectId,
    ['created_at', 'updated_at', 'name', 'amount', 'kind', 'site'],
    ROWS,
    (n) => [now, now, `Meter ${n}`, n % 97, KINDS[n % KINDS.length], `Site ${n % 13}`],
  );
}, 120_000);
afterAll(async () => t.cleanup());

const groupBy = (field: string) => ({
  isActive: true,
  groups: [{ field, aggregates: [{ field: 'amount', fn: 'sum' }] }],
});
const read = (op: string, input: Record<string, unknown>) =>
  ok(t.app, u, op, { objectId, ...input });
const aggregates = async () =>
  (await listIndexes(t.app.db.kysely, objectId)).filter((ix) => ix.kind === 'aggregate');
/** The automatic index jobs of the object, by whether their shape searches. */
const indexJobs = async () =>
  (
    await t.app.db.kysely
      .selectFrom('pf_jobs')
      .select(['params', 'status'])
      .where('kind', '=', 'index')
      .execute()
  ).map((j) => ({
    search: !!(JSON.parse(j.params) as IndexJobParams).auto?.definition.search,
    status: j.status,
  }));
async function until<T>(what: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (;;) {
    const v = await what();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('automatic builds beside a long job', () => {
  it.runIf(sqlite)(
    'builds a group-by’s aggregate while the domain’s slot runs a long job; a search’s index waits for it',
    async () => {
      // A long job of the domain holds the one slot of the two it may run (jobs.ts).
      let release = () => {};
      const gate = new Promise<void>((r) => (release = r));
      let running = () => {};
      const started = new Promise<void>((r) => (running = r));
      t.app.jobs.register('sync', {
        async run() {
          running();
          await gate;
          return {};
        },
      });
      const long = await t.app.jobs.enqueue({
        kind: 'sync',
        domainId: u.session.domain.id,
        userId: null,
        lang: 'en',
        params: {},
      });
      await started;
      try {
        // A group-by read twice: its aggregate is built while the long job still runs.
        for (let i = 0; i < 2; i++) await read('records.groups', { groupby: groupBy('kind') });
        expect((await until(aggregates, (a) => a.length === 1)).length).toBe(1);
        // A word search read twice wants a search index: its job waits for the domain's slot,
        // while a group-by read after it still gets its aggregate in the quick slot.
        for (let i = 0; i < 2; i++)
          await read('records.list', { search: 'site', offset: 0, limit: 10 });
        for (let i = 0; i < 2; i++) await read('records.groups', { groupby: groupBy('site') });
        await until(aggregates, (a) => a.length === 2);
        expect(await indexJobs()).toEqual(
          expect.arrayContaining([
            { search: true, status: 'queued' },
            { search: false, status: 'succeeded' },
          ]),
        );
        expect((await t.app.jobs.get(u.session.domain.id, long.id, 'en')).status).toBe('running');
      } finally {
        release();
      }
      await t.app.jobs.idle();
      expect((await indexJobs()).map((j) => j.status)).toEqual([
        'succeeded',
        'succeeded',
        'succeeded',
      ]);
      expect(
        (await listIndexes(t.app.db.kysely, objectId)).some(
          (ix) => ix.kind === 'trigram' && ix.automatic,
        ),
      ).toBe(true);
    },
  );

  it('counts an automatic build underway against the object’s limit of indexes', async () => {
    const k = t.app.db.kysely;
    const recorded = async () =>
      (await listIndexes(k, objectId)).filter((ix) => !isAggregateName(ix.name)).length;
    // One place left: taken by a text index being filled (held until it is recorded).
    const fakes = MAX_VIEW_INDEXES - 1 - (await recorded());
    await k
      .insertInto('pf_indexes')
      .values(
        Array.from({ length: fakes }, (_, i) => ({
          name: `held_room_${i}`,
          object_id: objectId,
          columns: '[]',
          is_unique: 0,
          created_at: new Date().toISOString(),
          automatic: 0,
        })),
      )
      .execute();
    const shape = (field: string, sort: string) => ({
      filter: {
        isactive: true,
        isexpanded: true,
        name: '',
        operator: { id: 1, sid: 'and', name: 'AND' },
        children: [],
        conditions: [{ field, op: 'gt', value: 5 }],
      },
      orderby: { isActive: true, sorts: [{ field: sort, dir: 'asc' }] },
      offset: 0,
      limit: 10,
    });
    let release = () => {};
    const filling = new Promise<void>((r) => (release = r));
    const held = holdingRoom(t.app.db, objectId, 'tx_filled_meanwhile', () => filling);
    try {
      for (let i = 0; i < 2; i++) await read('records.list', shape('amount', 'name'));
      await t.app.jobs.idle();
      expect(await recorded()).toBe(MAX_VIEW_INDEXES - 1);
    } finally {
      release();
      await held;
    }
    // Once it is no longer underway, the place is free for the next shape.
    for (let i = 0; i < 2; i++) await read('records.list', shape('amount', 'site'));
    await t.app.jobs.idle();
    expect(await recorded()).toBe(MAX_VIEW_INDEXES);
    await k.deleteFrom('pf_indexes').where('name', 'like', 'held_room_%').execute();
  });
});
