import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { uploadFile } from '../../test/files-helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
});
afterAll(async () => {
  await t.cleanup();
});

const samples = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../lib/test-fixtures/encodings',
);

interface Preview {
  rows: (string | null)[][];
  encoding: string | null;
  encodings: { encoding: string; sample: string }[];
  encodingUncertain: boolean;
}

async function upload(name: string, bytes: Buffer): Promise<string> {
  const res = await uploadFile(t.app, u.headers, name, bytes);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ type: 'text/csv' });
  return res.json<{ fileId: string }>().fileId;
}

async function draft(fileId: string, objectId: string) {
  return ok<{ id: string; settings: { encoding: string } }>(t.app, u, 'imports.create', {
    objectId,
    fileId,
  });
}

async function names(objectId: string): Promise<string[]> {
  const list = await ok<{ rows: { values: { name: string } }[] }>(t.app, u, 'records.list', {
    objectId,
    fields: ['name'],
    orderby: { isActive: true, sorts: [{ field: 'name', dir: 'asc' }] },
  });
  return list.rows.map((r) => r.values.name);
}

async function object(): Promise<string> {
  return (await ok<{ id: string }>(t.app, u, 'objects.create', { name: `E ${Math.random()}` })).id;
}

describe('imports: CSV encodings', () => {
  it('reads a German Windows-1252 file as German, not as Cyrillic', async () => {
    const fileId = await upload(
      'de.csv',
      await readFile(path.join(samples, 'de.windows-1252.csv')),
    );
    const objectId = await object();
    const imp = await draft(fileId, objectId);
    expect(imp.settings.encoding).toBe('windows-1252');
    const p = await ok<Preview>(t.app, u, 'imports.preview', { id: imp.id, limit: 2 });
    expect(p).toMatchObject({ encoding: 'windows-1252', encodingUncertain: false });
    expect(p.encodings).toEqual([
      { encoding: 'windows-1252', sample: expect.stringContaining('Straße') as string },
    ]);
    expect(p.rows[0]?.[1]).toBe('Jürgen Müller');
  });

  it('imports UTF-16 files with and without a byte-order mark', async () => {
    for (const file of ['ru.utf-16be.csv', 'fr.utf-16be.csv', 'de.utf-16le-bom.csv']) {
      const fileId = await upload(file, await readFile(path.join(samples, file)));
      const objectId = await object();
      const imp = await draft(fileId, objectId);
      await ok(t.app, u, 'imports.update', {
        id: imp.id,
        settings: { mapping: [{ column: 1, field: 'name' }] },
      });
      await ok(t.app, u, 'imports.run', { id: imp.id });
      await t.app.jobs.idle();
      const got = await names(objectId);
      expect(got).toHaveLength(file.startsWith('de') ? 7 : 6);
      expect(got).toContain(
        file.startsWith('ru')
          ? 'Иванов Сергей Петрович'
          : file.startsWith('fr')
            ? 'Éloïse Lefèvre'
            : 'Jürgen Müller',
      );
    }
  });

  it('asks when the encoding is uncertain, and runs once one is chosen', async () => {
    const bytes = iconv.encode('Name;Price\nCœur;5\n', 'iso-8859-15');
    const fileId = await upload('coeur.csv', bytes);
    const objectId = await object();
    const imp = await draft(fileId, objectId);
    expect(imp.settings.encoding).toBe('auto');
    const p = await ok<Preview>(t.app, u, 'imports.preview', { id: imp.id });
    expect(p.encodingUncertain).toBe(true);
    expect(p.encodings).toEqual([
      { encoding: 'iso-8859-15', sample: 'Cœur;5' },
      { encoding: 'windows-1252', sample: 'C½ur;5' },
    ]);
    await ok(t.app, u, 'imports.update', {
      id: imp.id,
      settings: { mapping: [{ column: 0, field: 'name' }] },
    });
    const refused = await qry(t.app, u, 'imports.run', { id: imp.id }, 'de');
    expect(refused.status).toBe(400);
    expect(refused.error?.fields?.['settings.encoding']).toEqual([
      'Die Datei lässt sich als ISO-8859-15, Windows-1252 lesen; wählen Sie ihre Kodierung in der Vorschau.',
    ]);
    // Choosing shows the rows that way at once, then the import runs.
    const chosen = await ok<Preview>(t.app, u, 'imports.preview', {
      id: imp.id,
      settings: { encoding: 'windows-1252' },
    });
    expect(chosen.rows).toEqual([['C½ur', '5']]);
    await ok(t.app, u, 'imports.update', { id: imp.id, settings: { encoding: 'iso-8859-15' } });
    await ok(t.app, u, 'imports.run', { id: imp.id });
    await t.app.jobs.idle();
    expect(await names(objectId)).toEqual(['Cœur']);
  });
});
