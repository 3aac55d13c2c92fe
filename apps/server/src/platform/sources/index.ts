import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/dialect.js';
import type { OpContext } from '../context.js';
import { AppError } from '../../lib/app-error.js';
import type { Lang } from '../messages.js';
import { sourcesText } from './sources.messages.js';
import { useSecretsKey, unseal } from './secrets.js';
import type { SourceReason } from '@fiscus/contracts';
import {
  SourceError,
  reasonOf,
  sourceDb,
  type SourceDb,
  type SourceLimits,
  type SourceSpec,
} from './connect.js';
import type { PfDatasourcesTable } from './sources.tables.js';
import './sources.tables.js';

/**
 * External data sources as the kernel reaches them: the app registers, per database handle,
 * the limits of source connections, the secrets key and how an uploaded file's path is found
 * (`useSources`); `openSource` then gives the pooled handle of a source of the caller's domain.
 */
export interface SourceEnv {
  limits: SourceLimits;
  /** Where the lanes of SQLite sources report (connect.ts). */
  log: FastifyBaseLogger;
  secretsKey: Buffer;
  /** The stored path of a file of the domain, or undefined. */
  filePath(domainId: string, fileId: string): Promise<string | undefined>;
  /** Where the SQLite databases made from CSV/XLSX file sources are kept. */
  sourcesDir: string;
}

const envs = new WeakMap<object, SourceEnv>();

export function useSources(db: Db, env: SourceEnv): void {
  envs.set(db.kysely, env);
  useSecretsKey(db, env.secretsKey);
}

export function sourceEnv(db: Db): SourceEnv {
  const env = envs.get(db.kysely);
  if (!env) throw new Error('data sources are not set up for this database');
  return env;
}

/** The SQLite database a CSV/XLSX file source's rows were written into. */
export function fileSourcePath(db: Db, sourceId: string): string {
  if (!/^[a-z0-9]{24}$/.test(sourceId)) throw new Error('not a source id');
  return path.join(sourceEnv(db).sourcesDir, `${sourceId}.sqlite`);
}

/** The connection settings of a stored source (its password opened). */
export async function specOf(db: Db, row: PfDatasourcesTable): Promise<SourceSpec> {
  if (row.kind === 'file') return { kind: 'sqlite', file: fileSourcePath(db, row.id) };
  if (row.kind === 'sqlite') {
    const file = row.file_id ? await sourceEnv(db).filePath(row.domain_id, row.file_id) : undefined;
    return { kind: 'sqlite', file: file ?? null };
  }
  let password: string | null = null;
  if (row.secret) {
    const plain = unseal(db, row.id, row.secret);
    if (plain === undefined) throw new SourceError('secret_unreadable', 'secret unreadable');
    password = plain;
  }
  return {
    kind: row.kind === 'mysql' ? 'mysql' : 'postgres',
    host: row.host,
    port: row.port,
    database: row.database,
    user: row.username,
    password,
    sslMode: row.ssl_mode as SourceSpec['sslMode'],
  };
}

/** A stored source of the caller's domain, or 404. */
export async function sourceRow(
  ctx: Pick<OpContext, 'db' | 'domainId' | 'lang'>,
  id: string,
): Promise<PfDatasourcesTable> {
  const row = await ctx.db.kysely
    .selectFrom('pf_datasources')
    .selectAll()
    .where('id', '=', id)
    .where('domain_id', '=', ctx.domainId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', sourcesText(ctx.lang, 'src.not_found'));
  return row;
}

/** The pooled handle of a source of the caller's domain (404 for anything else). */
export async function openSource(
  ctx: Pick<OpContext, 'db' | 'domainId' | 'lang'>,
  id: string,
): Promise<SourceDb> {
  const row = await sourceRow(ctx, id);
  const env = sourceEnv(ctx.db);
  return sourceDb(ctx.db, row.id, await specOf(ctx.db, row), env.limits, env.log);
}

export { reasonOf };
export {
  SourceError,
  closeSource,
  closeSources,
  testSource,
  type SourceDb,
  type SourceSpec,
} from './connect.js';
export {
  findTable,
  listTables,
  mountedScale,
  previewRows,
  proposeType,
  tableRef,
} from './introspect.js';
export { seal } from './secrets.js';
export { sourceRows, streamSource } from './stream.js';
export type { PfDatasourcesTable, PfMountsTable } from './sources.tables.js';
export { sourcesText as srcT } from './sources.messages.js';

/** The reason a source failed, in the caller's language. */
export function reasonText(lang: Lang, reason: SourceReason, limits?: SourceLimits): string {
  const seconds = (ms: number | undefined) => String(Math.round((ms ?? 0) / 1000));
  switch (reason) {
    case 'timeout':
      return sourcesText(lang, 'src.reason.timeout', {
        seconds: seconds(limits?.connectTimeoutMs),
      });
    case 'statement_timeout':
      return sourcesText(lang, 'src.reason.statement_timeout', {
        seconds: seconds(limits?.statementTimeoutMs),
      });
    default:
      return sourcesText(lang, `src.reason.${reason}`);
  }
}

/**
 * A failure of a query on a source as the API answers it: 422 with the reason in the caller's
 * language (a source that is down or slow is not the server's fault, nor a 500).
 */
export function sourceFailure(db: Db, lang: Lang, err: unknown): AppError {
  if (err instanceof AppError) return err;
  const reason = reasonOf(err);
  return new AppError('unprocessable', reasonText(lang, reason, envs.get(db.kysely)?.limits));
}
