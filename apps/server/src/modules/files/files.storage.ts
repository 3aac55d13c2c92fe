import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FileInfo } from '@fiscus/contracts';
import type { Db } from '../../db/dialect.js';
import type { PfFilesTable } from '../../platform/tables.js';
import { isoNow } from '../../lib/clock.js';
import { randomKey } from '../../lib/ids.js';

/**
 * Stored files live under `DATA_DIR/files/<first two letters>/<id>`; ids are made here, so no
 * name from a client ever reaches the file system. `DATA_DIR/files/tmp` holds files being
 * written (uploads in progress, exports being generated).
 */
export function filesRoot(dataDir: string): string {
  return path.join(dataDir, 'files');
}

const ID = /^[a-z0-9]{16,40}$/;

/** Path of a stored file by its id (which must be one of ours). */
export function storedPath(dataDir: string, id: string): string {
  if (!ID.test(id)) throw new Error('not a file id');
  return path.join(filesRoot(dataDir), id.slice(0, 2), id);
}

/** The temp folder (made when missing). */
export async function tempDir(dataDir: string): Promise<string> {
  const dir = path.join(filesRoot(dataDir), 'tmp');
  await mkdir(dir, { recursive: true });
  return dir;
}

/** A fresh path under the temp folder for a file being written. */
export async function tempPath(dataDir: string, id = randomKey()): Promise<string> {
  if (!ID.test(id)) throw new Error('not a temp id');
  return path.join(await tempDir(dataDir), id);
}

export function fileInfoOf(r: PfFilesTable): FileInfo {
  return {
    id: r.id,
    name: r.name,
    size: Number(r.size),
    type: r.type,
    sha256: r.sha256,
    createdAt: r.created_at,
    createdBy: r.created_by,
  };
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Display name kept with a file: no path parts, no control characters, at most 255 chars. */
export function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (clean || 'file').slice(0, 255);
}

/**
 * Moves a finished temp file into the store and records it for the domain. `type` is the
 * content type detected from the bytes; `sha256` is computed when not given.
 */
export async function storeFile(
  db: Db,
  dataDir: string,
  input: {
    tempFile: string;
    domainId: string;
    userId: string | null;
    name: string;
    type: string;
    purpose: 'upload' | 'import-log' | 'export' | 'report';
    sha256?: string;
  },
): Promise<FileInfo> {
  const id = randomKey();
  const target = storedPath(dataDir, id);
  await mkdir(path.dirname(target), { recursive: true });
  const { size } = await stat(input.tempFile);
  const sha256 = input.sha256 ?? (await sha256Of(input.tempFile));
  await rename(input.tempFile, target);
  const row: PfFilesTable = {
    id,
    domain_id: input.domainId,
    name: cleanName(input.name),
    size,
    type: input.type,
    sha256,
    purpose: input.purpose,
    created_by: input.userId,
    created_at: isoNow(),
  };
  try {
    await db.kysely.insertInto('pf_files').values(row).execute();
  } catch (err) {
    await rm(target, { force: true });
    throw err;
  }
  return fileInfoOf(row);
}

/** A file of the domain with its path on disk, or undefined (unknown, or another domain's). */
export async function findFile(
  db: Db,
  dataDir: string,
  domainId: string,
  id: string,
): Promise<{ info: FileInfo; path: string } | undefined> {
  if (!ID.test(id)) return undefined;
  const row = await db.kysely
    .selectFrom('pf_files')
    .selectAll()
    .where('id', '=', id)
    .where('domain_id', '=', domainId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { info: fileInfoOf(row), path: storedPath(dataDir, id) };
}
