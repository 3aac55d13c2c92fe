import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
});
afterAll(async () => t.cleanup());

interface Entry {
  id: number;
  action: string;
  before: { n?: unknown } | null;
  after: { n?: unknown } | null;
}

describe('record history under concurrency', () => {
  it('chains exactly: every entry starts where the one before it ended', async () => {
    const o = await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Counter' });
    await ok(t.app, u, 'fields.create', { objectId: o.id, name: 'N', code: 'n', type: 'integer' });
    const r = await ok<{ id: number }>(t.app, u, 'records.create', {
      objectId: o.id,
      values: { name: 'counter', n: 0 },
    });
    const UPDATES = 150;
    const answers = await Promise.all(
      Array.from({ length: UPDATES }, (_, i) =>
        qry(t.app, u, 'records.update', { objectId: o.id, id: r.id, values: { n: i + 1 } }),
      ),
    );
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    const h = await ok<{ items: Entry[] }>(t.app, u, 'records.history', {
      objectId: o.id,
      id: r.id,
      limit: 500,
    });
    const chain = [...h.items].sort((a, b) => a.id - b.id);
    expect(chain[0]?.action).toBe('create');
    expect(chain).toHaveLength(UPDATES + 1);
    const broken = chain
      .slice(1)
      .filter((e, k) => e.before?.n !== chain[k]?.after?.n)
      .map((e) => e.id);
    expect(broken).toEqual([]);
    // The last entry's "after" is the stored value.
    const now = await ok<{ values: { n: number } }>(t.app, u, 'records.get', {
      objectId: o.id,
      id: r.id,
    });
    expect(chain.at(-1)?.after?.n).toBe(now.values.n);
  }, 300_000);
});
