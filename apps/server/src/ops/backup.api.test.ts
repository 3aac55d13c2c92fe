import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config/index.js';
import { registerUser, type RegisteredUser } from '../test/auth-helpers.js';
import { sha256Hex, uploadFile } from '../test/files-helpers.js';
import { makeTestApp } from '../test/helpers.js';
import { ok } from '../test/qry-helpers.js';
import { backup, BackupError, restore } from './backup.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('backup and restore of a whole installation', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let u: RegisteredUser;
  let objectId: string;
  let fileId: string;
  const roots: string[] = [];
  const tmp = (tag: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `fiscus-${tag}-`));
    roots.push(dir);
    return dir;
  };

  beforeAll(async () => {
    t = await makeTestApp();
    u = await registerUser(t.app);
    const obj = await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Ledger' });
    objectId = obj.id;
    await ok(t.app, u, 'fields.create', {
      objectId,
      name: 'Amount',
      type: 'decimal',
      options: { scale: 4 },
    });
    for (let i = 1; i <= 25; i++)
      await ok(t.app, u, 'records.create', {
        objectId,
        values: { name: `Line ${i} — ü`, amount: `${i}234567890.1234` },
      });
    const up = await uploadFile(t.app, u.headers, 'contract.pdf', PDF);
    expect(up.statusCode, up.body).toBe(200);
    fileId = (up.json() as { fileId: string }).fileId;
  });
  afterAll(async () => {
    await t.cleanup().catch(() => undefined);
    for (const r of roots) rmSync(r, { recursive: true, force: true });
  });

  async function listed(app: Awaited<ReturnType<typeof buildApp>>) {
    const page = await ok<{ rows: Record<string, unknown>[] }>(app, u, 'records.list', {
      objectId,
      limit: 100,
    });
    return page.rows.map((r) => [r.name, r.amount]);
  }

  it('a backup taken while the server runs restores into a fresh data directory with every record and file', async () => {
    const before = await listed(t.app);
    expect(before).toHaveLength(25);
    const { dir, manifest } = await backup(t.config, tmp('backups'));
    expect(manifest).toMatchObject({
      format: 'fiscus-backup',
      database: t.app.db.dialect,
      files: 1,
      keys: ['secrets-key'],
    });
    expect(statSync(dir).mode & 0o077).toBe(0);

    const fresh = tmp('restored');
    const config: Config = { ...t.config, dataDir: fresh };
    if (t.app.db.dialect === 'postgres') {
      // The same schema, emptied as after losing the database server.
      await t.app.close();
      const url = new URL(t.config.databaseUrl as string);
      const schema = /search_path=(\S+)/.exec(url.searchParams.get('options') ?? '')?.[1];
      url.searchParams.delete('options');
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      await c.query(`drop schema "${schema}" cascade`);
      await c.end();
    }
    await restore(config, dir);
    expect(readFileSync(path.join(fresh, 'secrets-key'))).toEqual(
      readFileSync(path.join(t.config.dataDir, 'secrets-key')),
    );

    const app = await buildApp({ config, logger: false });
    await app.ready();
    try {
      expect(await listed(app)).toEqual(before);
      const res = await app.inject({
        method: 'POST',
        url: '/api/download',
        headers: u.headers,
        payload: { fileId },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(sha256Hex(res.rawPayload)).toBe(sha256Hex(PDF));
    } finally {
      await app.close();
    }
    if (t.app.db.dialect === 'postgres') {
      // Restoring again over the restored schema needs --force (the database is never dropped
      // unasked).
      await expect(restore({ ...config, dataDir: tmp('again') }, dir)).rejects.toThrow(/--force/);
    }
  });

  // On PostgreSQL the same refusal is checked at the end of the test above.
  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'never overwrites an installation unasked; --force moves it aside (SQLite)',
    async () => {
      const { dir } = await backup(t.config, tmp('backups'));
      const target = tmp('occupied');
      const config: Config = { ...t.config, dataDir: target };
      await restore(config, dir);
      const err = await restore(config, dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BackupError);
      expect((err as Error).message).toMatch(/already holds an installation.*--force/);
      await restore(config, dir, { force: true });
      const aside = readdirSync(target).filter((n) => n.startsWith('replaced-'));
      expect(aside).toHaveLength(1);
      expect(existsSync(path.join(target, aside[0] as string, 'fiscus.sqlite'))).toBe(true);
      expect(existsSync(path.join(target, 'fiscus.sqlite'))).toBe(true);
    },
  );

  it('refuses a folder that is not a backup, naming it', async () => {
    const empty = tmp('empty');
    await expect(restore({ ...t.config, dataDir: tmp('x') }, empty)).rejects.toThrow(
      /is not a Fiscus backup/,
    );
  });
});
