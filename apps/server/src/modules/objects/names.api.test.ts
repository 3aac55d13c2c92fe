import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';
import { findFile } from '../files/index.js';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
});
afterAll(async () => t.cleanup());

describe('names in other languages', () => {
  it('objects keep a name per language beside the default, in list and get', async () => {
    const o = await ok(t.app, u, 'objects.create', {
      name: 'Vehicles',
      names: { ru: ' Транспорт ', de: 'Fahrzeuge', fr: '' },
    });
    // Trimmed; an empty name is no name.
    expect(o.names).toEqual({ ru: 'Транспорт', de: 'Fahrzeuge' });
    const list = await ok(t.app, u, 'objects.list', {});
    expect(list.items.find((x: { id: string }) => x.id === o.id).names).toEqual({
      ru: 'Транспорт',
      de: 'Fahrzeuge',
    });
    // The map replaces the stored one; other changes leave it alone.
    const renamed = await ok(t.app, u, 'objects.update', { id: o.id, name: 'Fleet' });
    expect(renamed.names).toEqual({ ru: 'Транспорт', de: 'Fahrzeuge' });
    const upd = await ok(t.app, u, 'objects.update', {
      id: o.id,
      names: { ru: 'Автопарк', pt: 'Frota' },
    });
    expect(upd).toMatchObject({ name: 'Fleet', names: { ru: 'Автопарк', pt: 'Frota' } });
    expect((await ok(t.app, u, 'objects.get', { id: o.id })).names).toEqual({
      ru: 'Автопарк',
      pt: 'Frota',
    });
    const cleared = await ok(t.app, u, 'objects.update', { id: o.id, names: {} });
    expect(cleared.names).toEqual({});
  });

  it('refuses a language the console does not have, and names that are too long', async () => {
    const bad = await qry(t.app, u, 'objects.create', { name: 'X', names: { es: 'Vehículos' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error?.fields ?? {}).join()).toMatch(/names/);
    const long = await qry(t.app, u, 'objects.create', {
      name: 'X',
      names: { de: 'x'.repeat(121) },
    });
    expect(long.status).toBe(400);
    expect(long.error?.fields?.['names.de']).toBeDefined();
  });

  it('fields keep translations through create, update and type changes', async () => {
    const o = await ok(t.app, u, 'objects.create', { name: 'Lines' });
    expect(o.fields[0].names).toEqual({});
    const f = await ok(t.app, u, 'fields.create', {
      objectId: o.id,
      name: 'Amount',
      type: 'decimal',
      names: { ru: 'Сумма', fr: 'Montant' },
    });
    expect(f.names).toEqual({ ru: 'Сумма', fr: 'Montant' });
    const changed = await ok(t.app, u, 'fields.update', { id: f.id, type: 'money' });
    expect(changed).toMatchObject({ type: 'money', names: { ru: 'Сумма', fr: 'Montant' } });
    const upd = await ok(t.app, u, 'fields.update', { id: f.id, names: { de: 'Betrag' } });
    expect(upd.names).toEqual({ de: 'Betrag' });
    const meta = await ok(t.app, u, 'objects.get', { id: o.id });
    expect(meta.fields.find((x: { id: string }) => x.id === f.id).names).toEqual({ de: 'Betrag' });
  });

  it('an export names its columns, sheet and file in the language of the one who asked', async () => {
    const o = await ok(t.app, u, 'objects.create', {
      name: 'Taxes',
      names: { ru: 'Налоги' },
    });
    await ok(t.app, u, 'fields.update', { id: o.fields[0].id, names: { ru: 'Название' } });
    await ok(t.app, u, 'fields.create', {
      objectId: o.id,
      name: 'Rate',
      type: 'percent',
      names: { ru: 'Ставка' },
    });
    await ok(t.app, u, 'records.create', { objectId: o.id, values: { name: 'VAT', rate: 20 } });
    const started = await qry(t.app, u, 'records.export', { objectId: o.id, format: 'csv' }, 'ru');
    expect(started.status).toBe(200);
    await t.app.jobs.idle();
    const job = await ok(t.app, u, 'exports.get', { id: (started.data as { id: string }).id });
    const file = await findFile(t.app.db, t.config.dataDir, u.session.domain.id, job.fileId);
    expect(file?.info.name).toMatch(/^Налоги \d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(file!.path, 'utf8');
    expect(text.split('\r\n')[0]).toBe('\ufeffНазвание,Ставка');
    // Someone reading in English gets the default names.
    const en = await qry(t.app, u, 'records.export', { objectId: o.id, format: 'csv' }, 'en');
    await t.app.jobs.idle();
    const job2 = await ok(t.app, u, 'exports.get', { id: (en.data as { id: string }).id });
    const file2 = await findFile(t.app.db, t.config.dataDir, u.session.domain.id, job2.fileId);
    expect((await readFile(file2!.path, 'utf8')).split('\r\n')[0]).toBe('\ufeffName,Rate');
  });
});

describe('names of procedures, actions, cubes and reports', () => {
  it('each keeps a name per language through create, list, get and update, and refuses bad ones', async () => {
    const o = await ok(t.app, u, 'objects.create', { name: 'Scenarios', kind: 'reference' });
    await ok(t.app, u, 'fields.create', {
      objectId: o.id,
      name: 'Amount',
      type: 'decimal',
    });
    const proc = await ok(t.app, u, 'procedures.create', {
      name: 'Budget assembly',
      names: { ru: ' Сборка бюджета ', de: 'Budgetzusammenführung', fr: '' },
      params: [{ name: 'from', type: 'record', objectId: o.id, required: true }],
    });
    const made = [
      {
        kind: 'procedures',
        id: proc.id,
        names: proc.names,
      },
      await (async () => {
        const a = await ok(t.app, u, 'actions.create', {
          name: 'Assemble',
          names: { ru: 'Собрать', pt: 'Montar' },
          procedureId: proc.id,
          objectId: o.id,
          placement: ['card'],
          recordParam: 'from',
        });
        return { kind: 'actions', id: a.id, names: a.names };
      })(),
      await (async () => {
        const c = await ok(t.app, u, 'cubes.create', {
          objectId: o.id,
          name: 'Budget report',
          names: { ru: 'Бюджетный отчёт', de: 'Budgetbericht' },
          dimensions: [{ key: 'name', field: 'name' }],
          measures: [{ key: 'amount', fn: 'sum', field: 'amount' }],
        });
        return { kind: 'cubes', id: c.id, names: c.names };
      })(),
      await (async () => {
        const r = await ok(t.app, u, 'reports.create', {
          name: 'Scenario list',
          names: { fr: 'Liste des scénarios' },
          source: 'view',
          objectId: o.id,
        });
        return { kind: 'reports', id: r.id, names: r.names };
      })(),
    ];
    // Trimmed; an empty name is no name.
    expect(made.map((m) => m.names)).toEqual([
      { ru: 'Сборка бюджета', de: 'Budgetzusammenführung' },
      { ru: 'Собрать', pt: 'Montar' },
      { ru: 'Бюджетный отчёт', de: 'Budgetbericht' },
      { fr: 'Liste des scénarios' },
    ]);
    for (const m of made) {
      const list = await ok(t.app, u, `${m.kind}.list`, {});
      expect(list.items.find((x: { id: string }) => x.id === m.id).names, m.kind).toEqual(m.names);
      // Other changes leave the names alone; a map replaces them; an empty map clears them.
      const renamed = await ok(t.app, u, `${m.kind}.update`, { id: m.id, name: 'Renamed' });
      expect(renamed.names, m.kind).toEqual(m.names);
      await ok(t.app, u, `${m.kind}.update`, { id: m.id, names: { pt: ' Novo ' } });
      expect((await ok(t.app, u, `${m.kind}.get`, { id: m.id })).names, m.kind).toEqual({
        pt: 'Novo',
      });
      const cleared = await ok(t.app, u, `${m.kind}.update`, { id: m.id, names: {} });
      expect(cleared.names, m.kind).toEqual({});

      // Refused like object names: a language the console lacks, a name too long.
      const es = await qry(t.app, u, `${m.kind}.update`, { id: m.id, names: { es: 'Nombre' } });
      expect(es.status, m.kind).toBe(400);
      expect(Object.keys(es.error?.fields ?? {}).join(), m.kind).toMatch(/names/);
      const long = await qry(t.app, u, `${m.kind}.update`, {
        id: m.id,
        names: { de: 'x'.repeat(121) },
      });
      expect(long.status, m.kind).toBe(400);
      expect(long.error?.fields?.['names.de'], m.kind).toBeDefined();
      expect((await ok(t.app, u, `${m.kind}.get`, { id: m.id })).names, m.kind).toEqual({});
    }
  });
});

describe('labels of select choices in other languages', () => {
  it('are kept with the choice and shown in the caller’s language: groups, cube members, exports', async () => {
    const o = await ok(t.app, u, 'objects.create', { name: 'Risks' });
    const f = await ok(t.app, u, 'fields.create', {
      objectId: o.id,
      name: 'Level',
      type: 'select',
      options: {
        choices: [
          { value: 'high', label: 'High', labels: { ru: ' Высокий ', de: 'Hoch', fr: '' } },
          { value: 'low', label: 'Low' },
        ],
      },
    });
    // Trimmed; an empty label is no label.
    expect(f.options.choices).toEqual([
      { value: 'high', label: 'High', labels: { ru: 'Высокий', de: 'Hoch' } },
      { value: 'low', label: 'Low' },
    ]);
    await ok(t.app, u, 'records.create', { objectId: o.id, values: { name: 'A', level: 'high' } });
    await ok(t.app, u, 'records.create', { objectId: o.id, values: { name: 'B', level: 'low' } });

    const groups = async (lang: string) =>
      (
        await qry(
          t.app,
          u,
          'records.groups',
          {
            objectId: o.id,
            groupby: { isActive: true, groups: [{ field: 'level', aggregates: [] }] },
          },
          lang,
        )
      ).data.groups.map((g: { display: Record<string, string> }) => g.display.level);
    expect((await groups('ru')).sort()).toEqual(['Low', 'Высокий']);
    expect((await groups('en')).sort()).toEqual(['High', 'Low']);

    const cube = await ok(t.app, u, 'cubes.create', {
      objectId: o.id,
      name: 'Risks',
      dimensions: [{ key: 'level', field: 'level' }],
      measures: [{ key: 'n', fn: 'count' }],
    });
    const members = async (lang: string) => {
      const r = await qry(
        t.app,
        u,
        'cubes.query',
        { cubeId: cube.id, rows: ['level'], cols: [], measures: ['n'] },
        lang,
      );
      expect(r.status).toBe(200);
      return r.data.rows.items
        .filter((i: { kind: string }) => i.kind === 'leaf')
        .map((i: { labels: string[] }) => i.labels[0]);
    };
    expect(await members('de')).toContain('Hoch');
    expect(await members('ru')).toContain('Высокий');
    expect(await members('pt')).toContain('High');

    const started = await qry(t.app, u, 'records.export', { objectId: o.id, format: 'csv' }, 'ru');
    await t.app.jobs.idle();
    const job = await ok(t.app, u, 'exports.get', { id: (started.data as { id: string }).id });
    const file = await findFile(t.app.db, t.config.dataDir, u.session.domain.id, job.fileId);
    const text = await readFile(file!.path, 'utf8');
    expect(text).toContain('A,Высокий');
    expect(text).toContain('B,Low');

    // Refused like names: a language the console lacks, a label too long — named at the choice.
    const es = await qry(t.app, u, 'fields.update', {
      id: f.id,
      options: { choices: [{ value: 'high', labels: { es: 'Alto' } }] },
    });
    expect(es.status).toBe(400);
    expect(Object.keys(es.error?.fields ?? {}).join()).toMatch(/choices\.0\.labels/);
    const long = await qry(t.app, u, 'fields.update', {
      id: f.id,
      options: { choices: [{ value: 'high', labels: { de: 'x'.repeat(201) } }] },
    });
    expect(long.status).toBe(400);
    expect(long.error?.fields?.['options.choices.0.labels.de']).toBeDefined();
  });
});

describe('names of catalog records in other languages', () => {
  it('are kept with the record and shown wherever a reference shows it, in the caller’s language', async () => {
    const scenarios = await ok(t.app, u, 'objects.create', {
      name: 'Scenarios',
      kind: 'reference',
    });
    const lines = await ok(t.app, u, 'objects.create', { name: 'Lines' });
    await ok(t.app, u, 'fields.create', {
      objectId: lines.id,
      name: 'Scenario',
      type: 'reference',
      options: { target: scenarios.id },
    });
    await ok(t.app, u, 'fields.create', { objectId: lines.id, name: 'Amount', type: 'decimal' });
    const budget = await ok(t.app, u, 'records.create', {
      objectId: scenarios.id,
      values: { name: 'Budget' },
      names: { ru: ' Бюджет ', de: 'Budget', fr: '' },
    });
    expect(budget.names).toEqual({ ru: 'Бюджет', de: 'Budget' });
    const actual = await ok(t.app, u, 'records.create', {
      objectId: scenarios.id,
      values: { name: 'Actual' },
    });
    expect(actual.names).toEqual({});
    await ok(t.app, u, 'records.create', {
      objectId: lines.id,
      values: { name: 'Rent', scenario: budget.id, amount: 10 },
    });
    await ok(t.app, u, 'records.create', {
      objectId: lines.id,
      values: { name: 'Fuel', scenario: actual.id, amount: 5 },
    });

    // The catalog's list and card carry the names; the records pointing at them show them.
    const list = await ok(t.app, u, 'records.list', { objectId: scenarios.id });
    expect(list.rows.map((r: { names: unknown }) => r.names)).toEqual([
      { ru: 'Бюджет', de: 'Budget' },
      {},
    ]);
    const shown = async (lang: string) => {
      const r = await qry(t.app, u, 'records.list', { objectId: lines.id }, lang);
      return r.data.rows.map((x: { display: Record<string, string> }) => x.display.scenario);
    };
    expect(await shown('ru')).toEqual(['Бюджет', 'Actual']);
    expect(await shown('en')).toEqual(['Budget', 'Actual']);

    // Cube members and exports in the caller's language.
    const cube = await ok(t.app, u, 'cubes.create', {
      objectId: lines.id,
      name: 'Lines',
      dimensions: [{ key: 'scenario', field: 'scenario' }],
      measures: [{ key: 'amount', fn: 'sum', field: 'amount' }],
    });
    const members = await qry(
      t.app,
      u,
      'cubes.query',
      { cubeId: cube.id, rows: ['scenario'], cols: [], measures: ['amount'] },
      'ru',
    );
    expect(
      members.data.rows.items
        .filter((i: { kind: string }) => i.kind === 'leaf')
        .map((i: { labels: string[] }) => i.labels[0])
        .sort(),
    ).toEqual(['Actual', 'Бюджет']);
    const started = await qry(
      t.app,
      u,
      'records.export',
      { objectId: lines.id, format: 'csv' },
      'ru',
    );
    await t.app.jobs.idle();
    const job = await ok(t.app, u, 'exports.get', { id: (started.data as { id: string }).id });
    const file = await findFile(t.app.db, t.config.dataDir, u.session.domain.id, job.fileId);
    expect(await readFile(file!.path, 'utf8')).toContain('Rent,Бюджет,10');

    // Names alone change; a map replaces them; other changes leave them alone.
    const renamed = await ok(t.app, u, 'records.update', {
      objectId: scenarios.id,
      id: budget.id,
      values: {},
      names: { pt: 'Orçamento' },
    });
    expect(renamed).toMatchObject({ values: { name: 'Budget' }, names: { pt: 'Orçamento' } });
    const edited = await ok(t.app, u, 'records.update', {
      objectId: scenarios.id,
      id: budget.id,
      values: { name: 'Budget 2027' },
    });
    expect(edited.names).toEqual({ pt: 'Orçamento' });
    expect(await shown('ru')).toEqual(['Budget 2027', 'Actual']);

    // Refused like other names; a record that is not there is not found.
    const es = await qry(t.app, u, 'records.update', {
      objectId: scenarios.id,
      id: budget.id,
      values: {},
      names: { es: 'Presupuesto' },
    });
    expect(es.status).toBe(400);
    const long = await qry(t.app, u, 'records.create', {
      objectId: scenarios.id,
      values: { name: 'X' },
      names: { de: 'x'.repeat(121) },
    });
    expect(long.status).toBe(400);
    expect(long.error?.fields?.['names.de']).toBeDefined();
    const missing = await qry(t.app, u, 'records.update', {
      objectId: scenarios.id,
      id: 999999,
      values: {},
      names: { de: 'Nichts' },
    });
    expect(missing.status).toBe(404);

    // Another domain sees nothing of them.
    const other = await registerUser(t.app);
    const foreign = await qry(t.app, other, 'records.update', {
      objectId: scenarios.id,
      id: budget.id,
      values: {},
      names: { de: 'Fremd' },
    });
    expect(foreign.status).toBe(404);
  });
});
