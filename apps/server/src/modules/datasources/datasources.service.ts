import type {
  Datasource,
  datasourcesCreateInput,
  datasourcesPreviewInput,
  datasourcesTestInput,
  datasourcesUpdateInput,
  SourceReason,
  SslMode,
} from '@fiscus/contracts';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isoNow, nowMs } from '../../lib/clock.js';
import { randomKey } from '../../lib/ids.js';
import type { OpContext } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { commonText } from '../../platform/messages.js';
import {
  SourceError,
  closeSource,
  fileSourcePath,
  findTable,
  listTables,
  openSource,
  previewRows,
  reasonOf,
  reasonText,
  seal,
  sourceEnv,
  sourceFailure,
  sourceRow,
  specOf,
  testSource,
  type PfDatasourcesTable,
  type SourceSpec,
} from '../../platform/sources/index.js';
import { findFile, tempDir, tempPath } from '../files/index.js';
import { formatOfType } from '../imports/index.js';
import { fileToSqlite, type FileTable } from './file-source.js';
import { datasourcesText } from './datasources.messages.js';
import { isOwnDatabase } from './own-database.js';

type CreateInput = z.output<typeof datasourcesCreateInput>;
type UpdateInput = z.output<typeof datasourcesUpdateInput>;
type TestInput = z.output<typeof datasourcesTestInput>;
type PreviewInput = z.output<typeof datasourcesPreviewInput>;

interface Settings {
  host?: string | null;
  port?: number | null;
  database?: string | null;
  user?: string | null;
  password?: string | null;
  sslMode?: SslMode | null;
}

type ServerKind = 'postgres' | 'mysql';

/** A source kind that connects to a database server (host, port, user, password). */
function isServer(kind: string | undefined): kind is ServerKind {
  return kind === 'postgres' || kind === 'mysql';
}

const DEFAULT_PORT: Record<ServerKind, number> = { postgres: 5432, mysql: 3306 };
const PROTOCOLS: Record<ServerKind, string[]> = {
  postgres: ['postgres:', 'postgresql:'],
  mysql: ['mysql:', 'mariadb:'],
};

/** The SSL mode an address names (libpq's `sslmode`, MySQL's `ssl-mode`). */
function sslModeOf(u: URL): SslMode | undefined {
  const mode = (u.searchParams.get('sslmode') ?? u.searchParams.get('ssl-mode') ?? '')
    .toLowerCase()
    .replaceAll('_', '-');
  switch (mode) {
    case 'disable':
    case 'disabled':
      return 'disable';
    case 'allow':
    case 'prefer':
    case 'preferred':
      return 'prefer';
    case 'require':
    case 'required':
      return 'require';
    case 'verify-ca':
    case 'verify-full':
    case 'verify-identity':
      return 'verify-full';
    default:
      return undefined;
  }
}

/**
 * The parts of a `postgres://` (PostgreSQL) or `mysql://`/`mariadb://` (MySQL/MariaDB) address;
 * 400 on `url` when it is not one of the source's kind.
 */
function parseUrl(ctx: OpContext, kind: ServerKind, url: string): Settings {
  const bad = () =>
    invalid(ctx.lang, {
      url: [
        datasourcesText(ctx.lang, kind === 'mysql' ? 'ds.url_invalid_mysql' : 'ds.url_invalid'),
      ],
    });
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw bad();
  }
  if (!PROTOCOLS[kind].includes(u.protocol) || !u.hostname) throw bad();
  const sslMode = sslModeOf(u);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : DEFAULT_PORT[kind],
    ...(database ? { database } : {}),
    ...(u.username ? { user: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(sslMode ? { sslMode } : {}),
  };
}

/** Settings from an input: the url's parts, overridden by the separate fields. */
function settingsOf(
  ctx: OpContext,
  kind: ServerKind,
  input: Settings & { url?: string | undefined },
): Settings {
  const fromUrl = input.url ? parseUrl(ctx, kind, input.url) : {};
  const out: Settings = { ...fromUrl };
  for (const k of ['host', 'port', 'database', 'user', 'password', 'sslMode'] as const) {
    if (input[k] !== undefined) (out as Record<string, unknown>)[k] = input[k];
  }
  return out;
}

function requireServer(ctx: OpContext, s: Settings): void {
  const errors: Record<string, string[]> = {};
  if (!s.host) errors.host = [commonText(ctx.lang, 'field.required')];
  if (!s.database) errors.database = [commonText(ctx.lang, 'field.required')];
  if (!s.user) errors.user = [commonText(ctx.lang, 'field.required')];
  if (Object.keys(errors).length) throw invalid(ctx.lang, errors);
}

async function sqliteFile(ctx: OpContext, app: FastifyInstance, fileId: string | undefined) {
  if (!fileId) throw invalid(ctx.lang, { fileId: [commonText(ctx.lang, 'field.required')] });
  const file = await findFile(ctx.db, app.config.dataDir, ctx.domainId, fileId);
  if (!file) throw invalid(ctx.lang, { fileId: [commonText(ctx.lang, 'error.not_found')] });
  if (file.info.type !== 'application/x-sqlite3')
    throw invalid(ctx.lang, { fileId: [datasourcesText(ctx.lang, 'ds.file_not_sqlite')] });
  return file;
}

/** An uploaded CSV or XLSX file of the domain, for a file source. */
async function tableFile(ctx: OpContext, app: FastifyInstance, fileId: string | undefined) {
  if (!fileId) throw invalid(ctx.lang, { fileId: [commonText(ctx.lang, 'field.required')] });
  const file = await findFile(ctx.db, app.config.dataDir, ctx.domainId, fileId);
  if (!file) throw invalid(ctx.lang, { fileId: [commonText(ctx.lang, 'error.not_found')] });
  const format = formatOfType(file.info.type);
  if (!format)
    throw invalid(ctx.lang, { fileId: [datasourcesText(ctx.lang, 'ds.file_not_table')] });
  return { ...file, format };
}

/**
 * Writes a CSV/XLSX file's rows into the SQLite database at `target` (file-source.ts); a file
 * that cannot be read, or holds no rows, is a 400 on `fileId` naming why.
 */
async function writeFileSource(
  ctx: OpContext,
  app: FastifyInstance,
  file: Awaited<ReturnType<typeof tableFile>>,
  target: string,
): Promise<FileTable[]> {
  await mkdir(path.dirname(target), { recursive: true });
  let tables: FileTable[];
  try {
    tables = await fileToSqlite(file.path, file.format, target, {
      baseName: file.info.name.replace(/\.[^.]*$/, ''),
      lang: ctx.lang,
      tempDir: await tempDir(app.config.dataDir),
      fileSize: file.info.size,
    });
  } catch (err) {
    if (err instanceof AppError) throw invalid(ctx.lang, { fileId: [err.message] });
    throw err;
  }
  if (!tables.some((t) => t.rows > 0)) {
    await rm(target, { force: true });
    throw invalid(ctx.lang, { fileId: [datasourcesText(ctx.lang, 'ds.file_empty')] });
  }
  return tables;
}

async function outOf(ctx: OpContext, rows: PfDatasourcesTable[]): Promise<Datasource[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const counts = await ctx.db.kysely
    .selectFrom('pf_mounts')
    .select(['source_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('domain_id', '=', ctx.domainId)
    .where('source_id', 'in', ids)
    .groupBy('source_id')
    .execute();
  const fileIds = rows.map((r) => r.file_id).filter((f): f is string => !!f);
  const files = fileIds.length
    ? await ctx.db.kysely
        .selectFrom('pf_files')
        .select(['id', 'name'])
        .where('domain_id', '=', ctx.domainId)
        .where('id', 'in', fileIds)
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind as Datasource['kind'],
    host: r.host,
    port: r.port === null ? null : Number(r.port),
    database: r.database,
    user: r.username,
    sslMode: r.ssl_mode as SslMode | null,
    hasPassword: !!r.secret,
    fileId: r.file_id,
    fileName: files.find((f) => f.id === r.file_id)?.name ?? null,
    status: r.status as Datasource['status'],
    statusReason: r.status_reason as SourceReason | null,
    testedAt: r.tested_at,
    mounts: Number(counts.find((c) => c.source_id === r.id)?.n ?? 0),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

export async function listDatasources(ctx: OpContext): Promise<{ items: Datasource[] }> {
  const rows = await ctx.db.kysely
    .selectFrom('pf_datasources')
    .selectAll()
    .where('domain_id', '=', ctx.domainId)
    .orderBy('name')
    .execute();
  return { items: await outOf(ctx, rows) };
}

export async function getDatasource(ctx: OpContext, id: string): Promise<Datasource> {
  return (await outOf(ctx, [await sourceRow(ctx, id)]))[0] as Datasource;
}

/** Refuses settings that point at the platform's own database (tenants' data). */
async function guardOwn(
  ctx: OpContext,
  app: FastifyInstance,
  kind: ServerKind,
  s: Settings,
): Promise<void> {
  // The platform's own database is SQLite or PostgreSQL, never a MySQL server.
  if (app.config.sourceAllowOwnDatabase || kind !== 'postgres') return;
  if (await isOwnDatabase(app.config.databaseUrl, s))
    throw invalid(ctx.lang, { host: [reasonText(ctx.lang, 'own_database')] });
}

export async function createDatasource(
  ctx: OpContext,
  app: FastifyInstance,
  input: CreateInput,
): Promise<Datasource> {
  const id = randomKey();
  const now = isoNow();
  const row: PfDatasourcesTable = {
    id,
    domain_id: ctx.domainId,
    name: input.name,
    kind: input.kind,
    host: null,
    port: null,
    database: null,
    username: null,
    ssl_mode: null,
    secret: null,
    file_id: null,
    status: 'untested',
    status_reason: null,
    tested_at: null,
    created_by: ctx.userId,
    created_at: now,
    updated_at: now,
  };
  if (isServer(input.kind)) {
    const s = settingsOf(ctx, input.kind, input);
    requireServer(ctx, s);
    await guardOwn(ctx, app, input.kind, s);
    row.host = s.host ?? null;
    row.port = s.port ?? DEFAULT_PORT[input.kind];
    row.database = s.database ?? null;
    row.username = s.user ?? null;
    row.ssl_mode = s.sslMode ?? 'prefer';
    row.secret = s.password ? seal(ctx.db, id, s.password) : null;
  } else if (input.kind === 'file') {
    const file = await tableFile(ctx, app, input.fileId);
    await writeFileSource(ctx, app, file, fileSourcePath(ctx.db, id));
    row.file_id = file.info.id;
  } else {
    const file = await sqliteFile(ctx, app, input.fileId);
    row.file_id = file.info.id;
  }
  try {
    await ctx.db.kysely.insertInto('pf_datasources').values(row).execute();
  } catch (err) {
    if (row.kind === 'file') await rm(fileSourcePath(ctx.db, id), { force: true });
    throw err;
  }
  return getDatasource(ctx, id);
}

export async function updateDatasource(
  ctx: OpContext,
  app: FastifyInstance,
  input: UpdateInput,
): Promise<Datasource> {
  const row = await sourceRow(ctx, input.id);
  const patch: Partial<PfDatasourcesTable> = { updated_at: isoNow() };
  if (input.name !== undefined) patch.name = input.name;
  let connectionChanged = false;
  /** A file source's new database, put in place once the row says so. */
  let next: string | undefined;
  if (row.kind === 'file') {
    if (input.fileId !== undefined && input.fileId !== row.file_id) {
      const file = await tableFile(ctx, app, input.fileId);
      next = `${fileSourcePath(ctx.db, row.id)}.next`;
      await writeFileSource(ctx, app, file, next);
      patch.file_id = file.info.id;
      connectionChanged = true;
    }
  } else if (isServer(row.kind)) {
    const s = settingsOf(ctx, row.kind, input);
    const merged: Settings = {
      host: s.host ?? row.host,
      port: s.port ?? row.port,
      database: s.database ?? row.database,
      user: s.user ?? row.username,
      sslMode: s.sslMode ?? (row.ssl_mode as SslMode | null),
    };
    requireServer(ctx, merged);
    await guardOwn(ctx, app, row.kind, merged);
    patch.host = merged.host ?? null;
    patch.port = merged.port ?? DEFAULT_PORT[row.kind];
    patch.database = merged.database ?? null;
    patch.username = merged.user ?? null;
    patch.ssl_mode = merged.sslMode ?? 'prefer';
    if (s.password !== undefined)
      patch.secret = s.password ? seal(ctx.db, row.id, s.password) : null;
    connectionChanged =
      patch.host !== row.host ||
      Number(patch.port) !== Number(row.port) ||
      patch.database !== row.database ||
      patch.username !== row.username ||
      patch.ssl_mode !== row.ssl_mode ||
      patch.secret !== undefined;
  } else if (input.fileId !== undefined && input.fileId !== row.file_id) {
    const file = await sqliteFile(ctx, app, input.fileId);
    patch.file_id = file.info.id;
    connectionChanged = true;
  }
  if (connectionChanged) {
    patch.status = 'untested';
    patch.status_reason = null;
    patch.tested_at = null;
  }
  await ctx.db.kysely
    .updateTable('pf_datasources')
    .set(patch)
    .where('id', '=', row.id)
    .where('domain_id', '=', ctx.domainId)
    .execute();
  if (next) await rename(next, fileSourcePath(ctx.db, row.id));
  if (connectionChanged) await closeSource(ctx.db, row.id);
  return getDatasource(ctx, row.id);
}

export async function deleteDatasource(ctx: OpContext, id: string): Promise<{ ok: true }> {
  const row = await sourceRow(ctx, id);
  const used = await ctx.db.kysely
    .selectFrom('pf_mounts')
    .innerJoin('pf_objects', 'pf_objects.id', 'pf_mounts.object_id')
    .select('pf_objects.name')
    .where('pf_mounts.domain_id', '=', ctx.domainId)
    .where('pf_mounts.source_id', '=', row.id)
    .orderBy('pf_objects.name')
    .execute();
  if (used.length)
    throw new AppError(
      'conflict',
      datasourcesText(ctx.lang, 'ds.in_use', {
        names: used
          .slice(0, 5)
          .map((u) => `"${u.name}"`)
          .join(', '),
      }),
    );
  await ctx.db.kysely
    .deleteFrom('pf_datasources')
    .where('id', '=', row.id)
    .where('domain_id', '=', ctx.domainId)
    .execute();
  await closeSource(ctx.db, row.id);
  if (row.kind === 'file') await rm(fileSourcePath(ctx.db, row.id), { force: true });
  return { ok: true };
}

/** Test connection: settings of a stored source (with changes), or settings not saved yet. */
export async function testDatasource(ctx: OpContext, app: FastifyInstance, input: TestInput) {
  const started = nowMs();
  const limits = sourceEnv(ctx.db).limits;
  let spec: SourceSpec;
  const row = input.id ? await sourceRow(ctx, input.id) : undefined;
  const kind = row?.kind ?? input.kind;
  if (!kind) throw invalid(ctx.lang, { kind: [commonText(ctx.lang, 'field.required')] });
  if (input.kind && row && input.kind !== row.kind)
    throw invalid(ctx.lang, { kind: [datasourcesText(ctx.lang, 'ds.kind_fixed')] });
  const answer = (reason: SourceReason | null, version: string | null) => ({
    ok: reason === null,
    reason,
    message: reason ? reasonText(ctx.lang, reason, limits) : (version ?? ''),
    version,
    ms: Math.round(nowMs() - started),
  });
  let made: string | undefined;
  try {
    if (kind === 'file') {
      if (input.fileId) {
        // The file as it would be mounted: written into a database of its own, then opened.
        const file = await tableFile(ctx, app, input.fileId);
        made = await tempPath(app.config.dataDir);
        const tables = await writeFileSource(ctx, app, file, made);
        const spec = { kind: 'sqlite' as const, file: made };
        try {
          await testSource(spec, limits);
          return answer(
            null,
            `${file.format.toUpperCase()}: ${tables.map((t) => t.name).join(', ')}`,
          );
        } catch (err) {
          return answer(reasonOf(err), null);
        }
      }
      if (!row) throw invalid(ctx.lang, { fileId: [commonText(ctx.lang, 'field.required')] });
      spec = await specOf(ctx.db, row);
    } else if (kind === 'sqlite') {
      if (input.fileId) {
        const file = await sqliteFile(ctx, app, input.fileId);
        spec = { kind: 'sqlite', file: file.path };
      } else if (row) spec = await specOf(ctx.db, row);
      else throw invalid(ctx.lang, { fileId: [commonText(ctx.lang, 'field.required')] });
    } else {
      const server: ServerKind = kind === 'mysql' ? 'mysql' : 'postgres';
      const s = settingsOf(ctx, server, input);
      const stored = row ? ((await specOf(ctx.db, row)) as Settings) : {};
      const merged: Settings = {
        host: s.host ?? stored.host,
        port: s.port ?? stored.port ?? DEFAULT_PORT[server],
        database: s.database ?? stored.database,
        user: s.user ?? stored.user,
        password: s.password !== undefined ? s.password : stored.password,
        sslMode: s.sslMode ?? stored.sslMode ?? 'prefer',
      };
      requireServer(ctx, merged);
      await guardOwn(ctx, app, server, merged);
      spec = { kind: server, ...merged };
    }
  } catch (err) {
    if (err instanceof SourceError) return answer(err.reason, null);
    throw err;
  } finally {
    if (made) await rm(made, { force: true });
  }
  let result: ReturnType<typeof answer>;
  try {
    result = answer(null, await testSource(spec, limits));
  } catch (err) {
    result = answer(reasonOf(err), null);
  }
  // The stored source's state follows a test of its stored settings.
  const unchanged =
    row &&
    !input.url &&
    input.host === undefined &&
    input.port === undefined &&
    input.database === undefined &&
    input.user === undefined &&
    input.password === undefined &&
    input.sslMode === undefined &&
    input.fileId === undefined;
  if (unchanged) {
    await ctx.db.kysely
      .updateTable('pf_datasources')
      .set({
        status: result.ok ? 'ok' : 'failed',
        status_reason: result.reason,
        tested_at: isoNow(),
      })
      .where('id', '=', row.id)
      .execute();
  }
  return result;
}

export async function datasourceTables(ctx: OpContext, id: string) {
  try {
    return await listTables(await openSource(ctx, id));
  } catch (err) {
    throw sourceFailure(ctx.db, ctx.lang, err);
  }
}

export async function datasourcePreview(ctx: OpContext, input: PreviewInput) {
  let db;
  try {
    db = await openSource(ctx, input.id);
  } catch (err) {
    throw sourceFailure(ctx.db, ctx.lang, err);
  }
  const table = await findTable(db, input.schema ?? null, input.table).catch((err: unknown) => {
    throw sourceFailure(ctx.db, ctx.lang, err);
  });
  if (!table) throw new AppError('not_found', commonText(ctx.lang, 'error.not_found'));
  try {
    return {
      columns: table.columns.map((c) => ({ name: c.name, type: c.type })),
      rows: await previewRows(db, ctx, table, input.limit),
    };
  } catch (err) {
    throw sourceFailure(ctx.db, ctx.lang, err);
  }
}
