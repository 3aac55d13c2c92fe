import { buildAbility, rulesForRole } from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type { Db, DialectName } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { isoNow } from '../../lib/clock.js';
import type { OpContext, Q } from '../../platform/context.js';
import { recordEvent } from '../../platform/events/index.js';
import type { FinishedJob, JobContext, JobOutcome } from '../../platform/jobs.js';
import {
  invalidateObject,
  loadObject,
  type FieldMeta,
  type ObjectMeta,
} from '../../platform/meta.js';
import { sourceColumnExpr } from '../../platform/relation.js';
import {
  openSource,
  sourceFailure,
  sourceRows,
  streamSource,
  tableRef,
  type SourceDb,
} from '../../platform/sources/index.js';
import { decode, encode } from '../../platform/values.js';
import { mountsText } from './mounts.messages.js';
import { checkMount, mountRow, problemsText } from './mounts.service.js';

export interface SyncParams {
  objectId: string;
  /** Copy every row even when the mount could sync incrementally. */
  full: boolean;
}

/** Bound values one statement may carry. */
const MAX_PARAMS: Record<DialectName, number> = { sqlite: 32_766, postgres: 65_535, mysql: 65_535 };
const SLICE = 10_000;

class Cancelled extends Error {}

/**
 * A column's converter into the record table's form (the records' own encoding, for the
 * platform's database `dialect`), chosen once per column: a sync runs every value of a million
 * rows through it. The source's values come in the platform's form of the source's dialect (see
 * `sourceColumnExpr`): decimals as SQLite units or PostgreSQL numeric text.
 */
function storeValue(f: FieldMeta, dialect: DialectName): (v: unknown) => unknown {
  switch (f.type) {
    case 'text':
    case 'longtext':
    case 'email':
    case 'url':
    case 'phone':
    case 'select':
    case 'date':
    case 'datetime':
      return (v) => (v === null || v === undefined ? null : typeof v === 'string' ? v : String(v));
    default:
      return (v) => encode(f, decode(f, v), dialect);
  }
}

function placeholders(dialect: DialectName, rows: number, width: number, fixed: string): string {
  const out: string[] = [];
  let n = 0;
  for (let r = 0; r < rows; r++) {
    const row: string[] = [];
    for (let c = 0; c < width; c++) row.push(dialect === 'postgres' ? `$${++n}` : '?');
    out.push(`(${row[0]}, ${fixed}${width > 1 ? `, ${row.slice(1).join(', ')}` : ''})`);
  }
  return out.join(', ');
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Multi-row INSERT (or upsert by id) statements into an object's table: as many rows per
 * statement as the bound-value limit allows, the SQL text made once per size, the values of one
 * statement in one array. The rows' `created_at`/`updated_at` (the sync's time, made by the
 * server) are written into the text, not bound once per row.
 */
function writer(db: Db, meta: ObjectMeta, upsert: boolean, now: string) {
  if (!ISO_INSTANT.test(now)) throw new Error('not an instant');
  const q = (s: string) => `"${s.replaceAll('"', '""')}"`;
  const bound = ['id', ...meta.fields.map((f) => f.column)];
  const cols = ['id', 'created_at', 'updated_at', ...meta.fields.map((f) => f.column)];
  const width = bound.length;
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS[db.dialect] / width));
  const head = `insert into ${q(meta.table)} (${cols.map(q).join(', ')}) values `;
  const fixed = `'${now}', '${now}'`;
  const tail = upsert
    ? ` on conflict (id) do update set ${cols
        .slice(2)
        .map((c) => `${q(c)} = excluded.${q(c)}`)
        .join(', ')}, deleted_at = null, deleted_by = null`
    : '';
  const texts = new Map<number, string>();
  const textOf = (rows: number) => {
    let t = texts.get(rows);
    if (!t) texts.set(rows, (t = `${head}${placeholders(db.dialect, rows, width, fixed)}${tail}`));
    return t;
  };
  return {
    width,
    perStatement,
    /** Writes `rows` rows whose values (`width` each, row after row) are in `values`. */
    async write(trx: Q, values: unknown[], rows: number): Promise<void> {
      await trx.executeQuery(CompiledQuery.raw(textOf(rows), values));
    },
  };
}

function later(a: unknown, b: unknown): boolean {
  if (b === null || b === undefined) return false;
  if (a === null || a === undefined) return true;
  if (typeof a === 'number' && typeof b === 'number') return b > a;
  return String(b) > String(a);
}

/** The `sync` job: copies a mounted table into the object's own table, in one transaction. */
export async function runSync(
  app: FastifyInstance,
  job: JobContext<SyncParams>,
): Promise<JobOutcome> {
  const ctx: OpContext = {
    db: job.db,
    domainId: job.domainId,
    userId: job.userId ?? '',
    ability: buildAbility(rulesForRole('viewer')),
    lang: job.lang,
  };
  const row = await mountRow(ctx, job.params.objectId);
  invalidateObject(ctx.db, row.object_id);
  const meta = await loadObject(ctx, row.object_id);
  const mount = meta.mount;
  if (!mount || !row.source_id)
    throw new AppError('not_found', mountsText(ctx.lang, 'mnt.not_found'));
  const problems = await checkMount(ctx, row.object_id);
  if (problems.length)
    throw new AppError(
      'unprocessable',
      mountsText(ctx.lang, 'mnt.sync_blocked', { problems: problemsText(ctx.lang, problems) }),
    );
  let src: SourceDb;
  try {
    src = await openSource(ctx, row.source_id);
  } catch (err) {
    throw sourceFailure(ctx.db, ctx.lang, err);
  }
  const dialect = src.dialect;
  const key = row.key_column;
  const updated = row.updated_column;
  const watermark = row.watermark === null ? undefined : (JSON.parse(row.watermark) as unknown);
  const incremental = !job.params.full && !!key && !!updated && watermark !== undefined;
  const fields = meta.fields.filter((f) => mount.columns.has(f.id));
  const select: RawBuilder<unknown>[] = [
    key ? sql`${sql.id(key)} as "c0"` : sql`null as "c0"`,
    ...fields.map((f, i) => {
      const c = mount.columns.get(f.id) as { column: string; sourceType: string };
      return sql`${sourceColumnExpr(dialect, f, c.column, c.sourceType)} as ${sql.id(`c${i + 1}`)}`;
    }),
  ];
  if (updated) select.push(sql`${sql.id(updated)} as ${sql.id(`c${fields.length + 1}`)}`);
  const from = tableRef({ schema: row.source_schema, name: row.source_table });
  const where = incremental ? sql`where ${sql.id(updated as string)} > ${watermark}` : sql``;
  const order = key ? sql`order by ${sql.id(key)}` : sql``;
  const query = sql`select ${sql.join(select)} from ${from} ${where} ${order}`;
  let total: number;
  try {
    const rows = await sourceRows<{ n: number | string }>(
      src,
      ctx,
      'heavy',
      sql`select count(*) as n from ${from} ${where}`,
    );
    total = Number(rows[0]?.n ?? 0);
  } catch (err) {
    throw sourceFailure(ctx.db, ctx.lang, err);
  }
  job.progress(0, total);

  const store = fields.map((f) => storeValue(f, ctx.db.dialect));
  const now = isoNow();
  const out = writer(ctx.db, meta, incremental, now);
  const width = out.width;
  const per = out.perStatement;
  let processed = 0;
  let nextId = 1;
  let mark = watermark;
  const markAt = select.length - 1;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if (!incremental) await sql`delete from ${sql.id(meta.table)}`.execute(trx);
    /** Rows of the slice at `from` (up to `n`) into `values`, column by column; rows kept. */
    const fill = (slice: unknown[][], from: number, n: number, values: unknown[]): number => {
      let kept = 0;
      for (let r = 0; r < n; r++) {
        const row = slice[from + r] as unknown[];
        const id = key ? Number(row[0]) : nextId++;
        if (!Number.isSafeInteger(id)) continue;
        values[kept * width] = id;
        if (updated && later(mark, row[markAt])) mark = row[markAt];
        kept++;
      }
      if (kept !== n) return -1;
      for (let c = 0; c < store.length; c++) {
        const conv = store[c] as (v: unknown) => unknown;
        const col = c + 1;
        for (let r = 0, at = col; r < n; r++, at += width)
          values[at] = conv((slice[from + r] as unknown[])[col]);
      }
      return n;
    };
    try {
      await streamSource(src, ctx, query.compile(src.kysely), SLICE, async (slice) => {
        if (job.signal.aborted) throw new Cancelled('cancelled');
        for (let from = 0; from < slice.length; from += per) {
          const n = Math.min(per, slice.length - from);
          // One array per statement (Kysely freezes what it is given), none per row.
          let values = new Array<unknown>(n * width);
          let rows = fill(slice, from, n, values);
          if (rows < 0) {
            // A key beyond what a record id holds: such rows are left out.
            const kept = slice
              .slice(from, from + n)
              .filter((r) => !key || Number.isSafeInteger(Number(r[0])));
            values = new Array<unknown>(kept.length * width);
            rows = kept.length ? fill(kept, 0, kept.length, values) : 0;
          }
          if (rows) await out.write(trx, values, rows);
        }
        processed += slice.length;
        job.progress(processed, Math.max(total, processed));
      });
    } catch (err) {
      if (err instanceof Cancelled || err instanceof AppError || job.signal.aborted) throw err;
      throw sourceFailure(ctx.db, ctx.lang, err);
    }
    const done = isoNow();
    await trx
      .updateTable('pf_mounts')
      .set({
        last_sync_at: done,
        last_sync_rows: processed,
        watermark: updated && mark !== undefined && mark !== null ? JSON.stringify(mark) : null,
        attention: null,
        next_sync_at: row.schedule_minutes
          ? new Date(Date.now() + Number(row.schedule_minutes) * 60_000).toISOString()
          : null,
      })
      .where('object_id', '=', row.object_id)
      .execute();
    await recordEvent(ctx.db, trx, {
      kind: 'sync.finished',
      domainId: ctx.domainId,
      userId: job.userId,
      objectId: meta.id,
      objectName: meta.name,
      count: processed,
      data: { rows: processed, incremental },
      links: { objectId: meta.id, jobId: job.id },
    });
  });
  return { processed, result: { rows: processed, incremental } };
}

/** A failed or cancelled sync leaves its event on the ribbon. */
export async function syncFinished(db: Db, job: FinishedJob<SyncParams>): Promise<void> {
  if (job.status === 'succeeded') return;
  const o = await db.kysely
    .selectFrom('pf_objects')
    .select(['id', 'name'])
    .where('id', '=', job.params.objectId)
    .where('domain_id', '=', job.domainId)
    .executeTakeFirst();
  await recordEvent(db, db.kysely, {
    kind: 'sync.failed',
    domainId: job.domainId,
    userId: job.userId,
    objectId: o?.id ?? null,
    objectName: o?.name ?? null,
    count: 0,
    data: { message: job.error ?? '' },
    links: { ...(o ? { objectId: o.id } : {}), jobId: job.id },
  });
}
