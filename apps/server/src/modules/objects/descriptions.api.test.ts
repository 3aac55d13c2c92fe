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

/** One of each kind of entity that has a description, made with descriptions in two languages. */
async function makeAll() {
  const o = await ok(t.app, u, 'objects.create', {
    name: 'Scenarios',
    kind: 'reference',
    description: 'Versions of the budget.',
    descriptions: { ru: ' Версии бюджета. ', de: 'Fassungen des Budgets.', fr: '' },
  });
  await ok(t.app, u, 'fields.create', { objectId: o.id, name: 'Amount', type: 'decimal' });
  const proc = await ok(t.app, u, 'procedures.create', {
    name: 'Budget assembly',
    description: 'Consolidates the budgets.',
    descriptions: { ru: 'Сводит бюджеты.', pt: 'Consolida os orçamentos.' },
    params: [{ name: 'from', type: 'record', objectId: o.id, required: true }],
  });
  const cube = await ok(t.app, u, 'cubes.create', {
    objectId: o.id,
    name: 'Budget report',
    description: 'Amounts by scenario.',
    descriptions: { de: 'Beträge je Szenario.' },
    dimensions: [{ key: 'name', field: 'name' }],
    measures: [{ key: 'amount', fn: 'sum', field: 'amount' }],
  });
  const report = await ok(t.app, u, 'reports.create', {
    name: 'Scenario list',
    description: 'Every scenario.',
    descriptions: { fr: 'Tous les scénarios.' },
    source: 'view',
    objectId: o.id,
  });
  return { o, proc, cube, report };
}

describe('descriptions in other languages', () => {
  it('objects, procedures, cubes and reports keep a description per language through create, list, get and update', async () => {
    const { o, proc, cube, report } = await makeAll();
    const made = [
      { kind: 'objects', id: o.id, descriptions: o.descriptions },
      { kind: 'procedures', id: proc.id, descriptions: proc.descriptions },
      { kind: 'cubes', id: cube.id, descriptions: cube.descriptions },
      { kind: 'reports', id: report.id, descriptions: report.descriptions },
    ];
    // Trimmed; an empty description is no description.
    expect(made.map((m) => m.descriptions)).toEqual([
      { ru: 'Версии бюджета.', de: 'Fassungen des Budgets.' },
      { ru: 'Сводит бюджеты.', pt: 'Consolida os orçamentos.' },
      { de: 'Beträge je Szenario.' },
      { fr: 'Tous les scénarios.' },
    ]);
    for (const m of made) {
      const list = await ok(t.app, u, `${m.kind}.list`, {});
      const listed = list.items.find((x: { id: string }) => x.id === m.id);
      expect(listed.descriptions, m.kind).toEqual(m.descriptions);
      // Other changes (the default description too) leave them alone; a map replaces them.
      const renamed = await ok(t.app, u, `${m.kind}.update`, {
        id: m.id,
        name: 'Renamed',
        description: 'Changed.',
      });
      expect(renamed.descriptions, m.kind).toEqual(m.descriptions);
      await ok(t.app, u, `${m.kind}.update`, { id: m.id, descriptions: { pt: ' Nova ' } });
      expect((await ok(t.app, u, `${m.kind}.get`, { id: m.id })).descriptions, m.kind).toEqual({
        pt: 'Nova',
      });
      const cleared = await ok(t.app, u, `${m.kind}.update`, { id: m.id, descriptions: {} });
      expect(cleared.descriptions, m.kind).toEqual({});
    }
  });

  it('refuses a language the console lacks and a description longer than 2000 characters, in the caller’s language', async () => {
    const { o, proc, cube, report } = await makeAll();
    for (const [kind, id] of [
      ['objects', o.id],
      ['procedures', proc.id],
      ['cubes', cube.id],
      ['reports', report.id],
    ]) {
      const es = await qry(t.app, u, `${kind}.update`, { id, descriptions: { es: 'Nada' } });
      expect(es.status, kind).toBe(400);
      expect(Object.keys(es.error?.fields ?? {}).join(), kind).toMatch(/descriptions/);
      // 2000 characters are fine, one more is refused, named at the language, in Russian.
      await ok(t.app, u, `${kind}.update`, { id, descriptions: { de: 'x'.repeat(2000) } });
      const long = await qry(
        t.app,
        u,
        `${kind}.update`,
        { id, descriptions: { de: 'x'.repeat(2001) } },
        'ru',
      );
      expect(long.status, kind).toBe(400);
      expect(long.error?.fields?.['descriptions.de'], kind).toEqual(['Не более 2000 символов.']);
      const de = await qry(
        t.app,
        u,
        `${kind}.update`,
        { id, descriptions: { ru: 'x'.repeat(2001) } },
        'de',
      );
      expect(de.error?.fields?.['descriptions.ru'], kind).toEqual(['Höchstens 2000 Zeichen.']);
      // Nothing refused was kept.
      expect((await ok(t.app, u, `${kind}.get`, { id })).descriptions, kind).toEqual({
        de: 'x'.repeat(2000),
      });
    }
    const made = await qry(t.app, u, 'procedures.create', {
      name: 'Too long',
      descriptions: { fr: 'x'.repeat(2001) },
    });
    expect(made.status).toBe(400);
    expect(made.error?.fields?.['descriptions.fr']).toEqual(['Must be at most 2000 characters.']);
  });

  it('an action keeps the question it asks before running per language, at most 500 characters', async () => {
    const { o, proc } = await makeAll();
    const a = await ok(t.app, u, 'actions.create', {
      name: 'Assemble',
      procedureId: proc.id,
      objectId: o.id,
      placement: ['card'],
      recordParam: 'from',
      confirm: 'Assemble this scenario?',
      confirms: { ru: ' Собрать этот сценарий? ', de: 'Dieses Szenario zusammenführen?', pt: '' },
    });
    expect(a.confirms).toEqual({
      ru: 'Собрать этот сценарий?',
      de: 'Dieses Szenario zusammenführen?',
    });
    const listed = (await ok(t.app, u, 'actions.list', {})).items.find(
      (x: { id: string }) => x.id === a.id,
    );
    expect(listed.confirms).toEqual(a.confirms);
    const moved = await ok(t.app, u, 'actions.update', { id: a.id, confirm: 'Assemble now?' });
    expect(moved.confirms).toEqual(a.confirms);
    await ok(t.app, u, 'actions.update', { id: a.id, confirms: { fr: 'Consolider ?' } });
    expect((await ok(t.app, u, 'actions.get', { id: a.id })).confirms).toEqual({
      fr: 'Consolider ?',
    });
    const long = await qry(
      t.app,
      u,
      'actions.update',
      { id: a.id, confirms: { ru: 'x'.repeat(501) } },
      'fr',
    );
    expect(long.status).toBe(400);
    expect(long.error?.fields?.['confirms.ru']).toEqual(['Au plus 500 caractères.']);
    const es = await qry(t.app, u, 'actions.update', { id: a.id, confirms: { es: 'Sí' } });
    expect(es.status).toBe(400);
  });
});
