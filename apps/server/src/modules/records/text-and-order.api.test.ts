import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { AND, group, ok } from '../../test/qry-helpers.js';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let obj: { id: string };

const names = ['Москва-Сити', 'ÄRGERLICH', 'Ärger', 'ÉCOLE Nationale', 'plain TEXT', 'Zürich'];

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
  obj = await ok(t.app, u, 'objects.create', { name: 'Places' });
  await ok(t.app, u, 'fields.create', { objectId: obj.id, name: 'Rank', type: 'integer' });
  await ok(t.app, u, 'fields.create', {
    objectId: obj.id,
    name: 'Tags',
    type: 'multiselect',
    options: { choices: ['Äpfel', 'Birnen', 'Щи'].map((value) => ({ value })) },
  });
  const tags: Record<string, string[]> = { 'Москва-Сити': ['Щи'], ÄRGERLICH: ['Äpfel', 'Birnen'] };
  // Ranks repeat (0, 1, 2, 0, …), so an order by rank is never an order by id.
  for (const [i, name] of names.entries())
    await ok(t.app, u, 'records.create', {
      objectId: obj.id,
      values: { name, rank: i % 3, tags: tags[name] ?? null },
    });
});
afterAll(async () => {
  await t.cleanup();
});

async function namesWhere(field: string, op: string, value: unknown): Promise<string[]> {
  const out = await ok<{ rows: { values: { name: string } }[] }>(t.app, u, 'records.list', {
    objectId: obj.id,
    filter: group(AND, [{ field, op, value }]),
  });
  return out.rows.map((r) => r.values.name).sort();
}

async function namesFound(search: string): Promise<string[]> {
  const out = await ok<{ rows: { values: { name: string } }[] }>(t.app, u, 'records.list', {
    objectId: obj.id,
    search,
  });
  return out.rows.map((r) => r.values.name).sort();
}

describe('case-insensitive text matching beyond ASCII', () => {
  it('contains, starts_with and not_contains fold Cyrillic, German and French letters', async () => {
    expect(await namesWhere('name', 'contains', 'москва')).toEqual(['Москва-Сити']);
    expect(await namesWhere('name', 'contains', 'СИТИ')).toEqual(['Москва-Сити']);
    expect(await namesWhere('name', 'starts_with', 'ärger')).toEqual(['ÄRGERLICH', 'Ärger']);
    expect(await namesWhere('name', 'starts_with', 'ÄRGERL')).toEqual(['ÄRGERLICH']);
    expect(await namesWhere('name', 'contains', 'école')).toEqual(['ÉCOLE Nationale']);
    expect(await namesWhere('name', 'contains', 'ZÜR')).toEqual(['Zürich']);
    expect(await namesWhere('name', 'not_contains', 'москва')).not.toContain('Москва-Сити');
    expect(await namesWhere('name', 'not_contains', 'москва')).toHaveLength(names.length - 1);
  });

  it('keeps ASCII matching case-insensitive and wildcards literal', async () => {
    expect(await namesWhere('name', 'contains', 'Plain text')).toEqual(['plain TEXT']);
    expect(await namesWhere('name', 'contains', '%')).toEqual([]);
  });

  it('multiselect membership folds case the same way (contains, in, not_in)', async () => {
    expect(await namesWhere('tags', 'contains', 'äpfel')).toEqual(['ÄRGERLICH']);
    expect(await namesWhere('tags', 'contains', 'ЩИ')).toEqual(['Москва-Сити']);
    expect(await namesWhere('tags', 'in', ['щи', 'BIRNEN'])).toEqual(['ÄRGERLICH', 'Москва-Сити']);
    const without = await namesWhere('tags', 'not_in', ['щи', 'äpfel']);
    expect(without).toHaveLength(names.length - 2);
    expect(without).not.toContain('Москва-Сити');
    expect(without).not.toContain('ÄRGERLICH');
  });

  it('search folds case the same way', async () => {
    expect(await namesFound('москва')).toEqual(['Москва-Сити']);
    expect(await namesFound('ärgerlich')).toEqual(['ÄRGERLICH']);
    expect(await namesFound('ärger')).toEqual(['ÄRGERLICH', 'Ärger']);
    expect(await namesFound('école nationale')).toEqual(['ÉCOLE Nationale']);
  });
});

describe('sorting', () => {
  const order = async (sorts: { field: string; dir: 'asc' | 'desc' }[]) => {
    const out = await ok<{ rows: { id: number; values: { rank: number } }[] }>(
      t.app,
      u,
      'records.list',
      { objectId: obj.id, orderby: { isActive: true, sorts } },
    );
    return out.rows.map((r) => [r.id, r.values.rank] as const);
  };
  const ids = (rows: (readonly [number, number])[]) => rows.map(([id]) => id);

  it('orders by id first when id is the first key', async () => {
    const byIdDesc = await order([
      { field: 'id', dir: 'desc' },
      { field: 'rank', dir: 'asc' },
    ]);
    expect(ids(byIdDesc)).toEqual(ids(byIdDesc).sort((a, b) => b - a));
    const byIdAsc = await order([
      { field: 'id', dir: 'asc' },
      { field: 'rank', dir: 'desc' },
    ]);
    expect(ids(byIdAsc)).toEqual(ids(byIdAsc).sort((a, b) => a - b));
  });

  it('still orders by the other key first when id comes second', async () => {
    const rows = await order([
      { field: 'rank', dir: 'asc' },
      { field: 'id', dir: 'desc' },
    ]);
    expect(rows).toEqual([...rows].sort((a, b) => a[1] - b[1] || b[0] - a[0]));
    expect(rows.map(([, rank]) => rank)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});
