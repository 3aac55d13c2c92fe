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
