import { writeFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Config } from '../config/index.js';
import { storeFile, tempPath } from '../modules/files/index.js';
import type { RegisteredUser } from './auth-helpers.js';
import { ok } from './qry-helpers.js';

type TestApp = { app: FastifyInstance; config: Config };

/** A CSV file of `text` stored as `user`'s upload (as an upload leaves it); answers its id. */
export async function storedCsv(t: TestApp, user: RegisteredUser, text: string): Promise<string> {
  const tmp = await tempPath(t.config.dataDir);
  await writeFile(tmp, text);
  const file = await storeFile(t.app.db, t.config.dataDir, {
    tempFile: tmp,
    domainId: user.session.domain.id,
    userId: user.session.user.id,
    name: 'rows.csv',
    type: 'text/csv',
    purpose: 'upload',
  });
  return file.id;
}

/** Imports CSV `text` into an object with `settings` as `user`, and expects the job to succeed. */
export async function importCsv(
  t: TestApp,
  user: RegisteredUser,
  objectId: string,
  text: string,
  settings: Record<string, unknown>,
): Promise<void> {
  const fileId = await storedCsv(t, user, text);
  const imp = await ok<{ id: string }>(t.app, user, 'imports.create', { objectId, fileId });
  await ok(t.app, user, 'imports.update', { id: imp.id, settings });
  await ok(t.app, user, 'imports.run', { id: imp.id });
  await t.app.jobs.idle();
  const done = await ok<{ status: string; error: string | null }>(t.app, user, 'imports.get', {
    id: imp.id,
  });
  expect(done.status, done.error ?? '').toBe('succeeded');
}
