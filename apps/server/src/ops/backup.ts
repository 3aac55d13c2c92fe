import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/index.js';
import { migrations } from '../db/migrations/index.js';
import SQLite from '../db/sqlite.js';

/**
 * Backups of a whole installation (docs/deploy.md): the database, the stored files and the keys
 * that open what is sealed in the database. A backup is a folder:
 *
 * - `manifest.json` — what it holds (format, time, database kind, migrations, file count);
 * - `fiscus.sqlite` — SQLite's online backup (consistent while the server runs), or
 *   `database.pgdump` — `pg_dump --format=custom` of the server's schema (PostgreSQL);
 * - `files/` — the stored files (uploads, exports; not files still being written);
 * - `keys/secrets-key`, `keys/jwt-secret` — present when they were generated into DATA_DIR
 *   (without the secrets key, data sources' passwords cannot be opened). A backup is as secret as
 *   the installation: it is written readable by its owner only.
 */
export interface BackupManifest {
  format: 'fiscus-backup';
  version: 1;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** Migrations applied in the backed-up database (a newer server migrates it further). */
  migrations: string[];
  files: number;
  fileBytes: number;
  keys: string[];
}

const KEYS = ['secrets-key', 'jwt-secret'] as const;
const SQLITE_NAME = 'fiscus.sqlite';
const PG_DUMP_NAME = 'database.pgdump';

/** A backup or restore that cannot go on, with a message for the operator. */
export class BackupError extends Error {
  override name = 'BackupError';
}

function isPostgres(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

function sqliteFileOf(config: Config): string {
  const url = config.databaseUrl;
  return url?.startsWith('file:') ? url.slice(5) : url || path.join(config.dataDir, SQLITE_NAME);
}

/**
 * The connection string for pg_dump/pg_restore and the schema the server uses: a
 * `options=-c search_path=…` parameter (one schema per installation on a shared server) becomes
 * `--schema`, which the tools take as an argument rather than from the URL.
 */
function pgTarget(url: string): { url: string; schema?: string } {
  const u = new URL(url);
  const options = u.searchParams.get('options') ?? '';
  const schema = /(?:^|\s)-c\s*search_path=([A-Za-z_][A-Za-z0-9_]*)/.exec(options)?.[1];
  // Session options are not needed by the tools (and URLSearchParams would write their spaces as
  // "+", which libpq does not read back).
  u.searchParams.delete('options');
  return schema ? { url: u.toString(), schema } : { url: u.toString() };
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          e.code === 'ENOENT'
            ? `${cmd} was not found: install the PostgreSQL client tools (the same major version as the server) and try again`
            : `${cmd} could not start: ${e.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${cmd} failed (exit ${code}): ${err.trim().slice(0, 2000)}`)),
    );
  });
}

/** Files under `dir` (recursively), skipping `skip` at its top: count and bytes. */
async function tally(dir: string, skip: ReadonlySet<string> = new Set()) {
  let files = 0;
  let bytes = 0;
  if (!existsSync(dir)) return { files, bytes };
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const rel = path.relative(dir, path.join(e.parentPath, e.name));
    if (skip.has(rel.split(path.sep)[0] as string)) continue;
    files++;
    bytes += (await stat(path.join(e.parentPath, e.name))).size;
  }
  return { files, bytes };
}

function stamp(d = new Date()): string {
  return d
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
}

/** Where backups go by default: `backups/` beside DATA_DIR. */
export function defaultBackupRoot(config: Config): string {
  return path.join(path.dirname(config.dataDir), 'backups');
}

/**
 * Writes a backup of the installation `config` describes into a new folder under `root`
 * (default: `backups/` beside DATA_DIR) while the server may keep running, and answers its
 * folder and manifest.
 */
export async function backup(
  config: Config,
  root = defaultBackupRoot(config),
): Promise<{ dir: string; manifest: BackupManifest }> {
  const dir = path.join(root, `fiscus-backup-${stamp()}`);
  if (existsSync(dir)) throw new BackupError(`${dir} exists already`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);

  let applied: string[];
  let database: BackupManifest['database'];
  if (isPostgres(config.databaseUrl)) {
    database = 'postgres';
    const target = pgTarget(config.databaseUrl);
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${path.join(dir, PG_DUMP_NAME)}`,
      ...(target.schema ? [`--schema=${target.schema}`] : []),
      `--dbname=${target.url}`,
    ]);
    const rows = await pgQuery<{ name: string }>(
      config.databaseUrl,
      'select name from kysely_migration order by name',
    );
    applied = rows.map((r) => r.name);
  } else {
    database = 'sqlite';
    const file = sqliteFileOf(config);
    if (!existsSync(file)) throw new BackupError(`There is no database at ${file}`);
    const out = path.join(dir, SQLITE_NAME);
    const source = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(out);
    } finally {
      source.close();
    }
    const copy = new SQLite(out, { readonly: true, fileMustExist: true });
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok')
        throw new BackupError(`The backup's database is damaged: ${String(check)}`);
      applied = (
        copy.prepare('select name from kysely_migration order by name').all() as { name: string }[]
      ).map((r) => r.name);
    } finally {
      copy.close();
    }
    await chmod(out, 0o600);
  }

  const filesDir = path.join(config.dataDir, 'files');
  if (existsSync(filesDir)) {
    await cp(filesDir, path.join(dir, 'files'), {
      recursive: true,
      filter: (src) => path.relative(filesDir, src).split(path.sep)[0] !== 'tmp',
    });
  }
  const keys: string[] = [];
  for (const key of KEYS) {
    const from = path.join(config.dataDir, key);
    if (!existsSync(from)) continue;
    await mkdir(path.join(dir, 'keys'), { recursive: true, mode: 0o700 });
    await cp(from, path.join(dir, 'keys', key));
    await chmod(path.join(dir, 'keys', key), 0o600);
    keys.push(key);
  }
  const { files, bytes } = await tally(path.join(dir, 'files'));
  const manifest: BackupManifest = {
    format: 'fiscus-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database,
    migrations: applied,
    files,
    fileBytes: bytes,
    keys,
  };
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n', {
    mode: 0o600,
  });
  return { dir, manifest };
}

/** Whether the PostgreSQL schema of `url` holds a Fiscus installation already. */
async function pgHoldsInstallation(url: string): Promise<boolean> {
  const rows = await pgQuery<{ t: string | null }>(
    url,
    "select to_regclass('kysely_migration')::text as t",
  );
  return rows[0]?.t != null;
}

/** One statement on a connection of its own (the server's pool is not running here). */
async function pgQuery<R extends object>(url: string, text: string): Promise<R[]> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

async function readManifest(dir: string): Promise<BackupManifest> {
  const file = path.join(dir, 'manifest.json');
  if (!existsSync(file)) throw new BackupError(`${dir} is not a Fiscus backup (no manifest.json)`);
  const m = JSON.parse(await readFile(file, 'utf8')) as Partial<BackupManifest>;
  if (m.format !== 'fiscus-backup' || m.version !== 1)
    throw new BackupError(`${dir} is not a Fiscus backup of a format this version reads`);
  const known = new Set(Object.keys(migrations));
  const newer = (m.migrations ?? []).filter((name) => !known.has(name));
  if (newer.length)
    throw new BackupError(
      `The backup was taken by a newer Fiscus (it has ${newer.length} migrations this version does not know, e.g. ${newer[0]}): restore it with that version or a later one`,
    );
  return m as BackupManifest;
}

/**
 * Restores the backup in `dir` into the installation `config` describes. Stop the server first.
 * An existing database, files or keys are never overwritten: without `force` the restore
 * refuses; with it they are moved aside into `DATA_DIR/replaced-<time>/` (PostgreSQL: the
 * schema's objects are dropped and recreated from the dump — take a backup first).
 */
export async function restore(
  config: Config,
  dir: string,
  opts: { force?: boolean } = {},
): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  const pgUrl = isPostgres(config.databaseUrl) ? config.databaseUrl : undefined;
  if ((manifest.database === 'postgres') !== !!pgUrl)
    throw new BackupError(
      `The backup holds a ${manifest.database === 'postgres' ? 'PostgreSQL' : 'SQLite'} database but this installation uses ${pgUrl ? 'PostgreSQL' : 'SQLite'} (DATABASE_URL)`,
    );
  const { dataDir } = config;
  await mkdir(dataDir, { recursive: true });
  const sqliteFile = sqliteFileOf(config);
  const present = [
    ...(pgUrl ? [] : [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]),
    path.join(dataDir, 'files'),
    ...KEYS.map((k) => path.join(dataDir, k)),
  ].filter((p) => existsSync(p));
  if (pgUrl && (await pgHoldsInstallation(pgUrl)))
    present.push(
      `the database's schema${pgTarget(pgUrl).schema ? ` ${pgTarget(pgUrl).schema}` : ''}`,
    );
  if (present.length && !opts.force)
    throw new BackupError(
      `${dataDir} already holds an installation (${present.map((p) => path.basename(p)).join(', ')}): restore into an empty DATA_DIR, or pass --force to move it aside into ${path.join(dataDir, 'replaced-<time>')}`,
    );
  if (present.length) {
    const aside = path.join(dataDir, `replaced-${stamp()}`);
    await mkdir(aside, { recursive: true, mode: 0o700 });
    for (const p of present) if (existsSync(p)) await rename(p, path.join(aside, path.basename(p)));
  }

  if (pgUrl) {
    const target = pgTarget(pgUrl);
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--exit-on-error',
      `--dbname=${target.url}`,
      path.join(dir, PG_DUMP_NAME),
    ]);
  } else {
    await cp(path.join(dir, SQLITE_NAME), sqliteFile);
    await chmod(sqliteFile, 0o600);
  }
  if (existsSync(path.join(dir, 'files')))
    await cp(path.join(dir, 'files'), path.join(dataDir, 'files'), { recursive: true });
  for (const key of manifest.keys) {
    const from = path.join(dir, 'keys', key);
    if (!existsSync(from)) throw new BackupError(`The backup's key ${key} is missing`);
    await cp(from, path.join(dataDir, key));
    await chmod(path.join(dataDir, key), 0o600);
  }
  return manifest;
}
