import { rm } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  importSettingsSchema,
  type ImportFormat,
  type ImportResult,
  type ImportSettings,
} from '@fiscus/contracts';
import { CompiledQuery, sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, DialectName } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { isoNow } from '../../lib/clock.js';
import { JobFailure, type JobContext, type JobOutcome } from '../../platform/jobs.js';
import { commonText } from '../../platform/messages.js';
import {
  checkRules,
  columnType,
  encode,
  parseValue,
  storageOf,
  type Parsed,
} from '../../platform/values.js';
import { findFile, tempDir } from '../files/index.js';
import {
  ensureIndex,
  groupedViewIndexes,
  listIndexes,
  restoreIndexes,
  suspendIndexes,
} from '../../platform/ddl.js';
import { refreshStatistics } from '../../platform/stats.js';
import { loadObject, storedFields, type FieldMeta, type ObjectMeta } from '../../platform/meta.js';
import { upkeepByGroups } from '../../platform/aggregates.js';
import { auditVia } from '../../platform/audit.js';
import { type Q } from '../../platform/context.js';
import { safeIdent } from '../../platform/ident.js';
import { pfText } from '../../platform/platform.messages.js';
import { importsText } from './imports.messages.js';
import './imports.tables.js';
import {
  choiceMatcher,
  multiselectCell,
  ReferenceResolver,
  selectCell,
  type ChoiceMatcher,
} from './lookups.js';
import { columnNames, prepareCell, readRows } from './reader.js';

export interface ImportJobParams {
  importId: string;
}

/** Most log entries kept per run; the count of failed rows goes on past it. */
export const LOG_CAP = 10_000;
/** Rows written to the staging table per flush (PostgreSQL: one statement, see `unnestText`). */
const FLUSH_ROWS = 10_000;
/**
 * Rows per statement of the checks on SQLite, and the most per committed slice of its apply.
 * SQLite runs a statement on the server's own thread; one statement over a million staged rows
 * would hold every request for seconds, so these statements run slice by slice with a turn of
 * the event loop between slices. PostgreSQL runs them whole: its statements do not hold the
 * event loop.
 */
export const APPLY_SLICE = 10_000;

/** Slices run so far by this process (tests watch them advance between turns of the loop). */
let slicesRun = 0;
export function appliedSlices(): number {
  return slicesRun;
}

/**
 * Runs `statement` over the rows of `table` in slices of `APPLY_SLICE` of `column` (a rowid or
 * id) on SQLite, giving it the condition of each slice on `alias.column`; once with a condition
 * that is always true on PostgreSQL. Answers the rows affected in all.
 */
async function sliced(
  k: Q,
  dialect: DialectName,
  table: string,
  alias: string,
  column: 'rowid' | 'id',
  statement: (range: RawBuilder<SqlBool>) => Promise<{ numAffectedRows?: bigint }>,
): Promise<number> {
  if (dialect !== 'sqlite') return Number((await statement(sql`1 = 1`)).numAffectedRows ?? 0);
  const { rows } = await sql<{
    lo: number | null;
    hi: number | null;
  }>`select min(${sql.id(column)}) as lo, max(${sql.id(column)}) as hi from ${sql.id(table)}`.execute(
    k,
  );
  const lo = Number(rows[0]?.lo ?? 1);
  const hi = Number(rows[0]?.hi ?? 0);
  const ref = sql.ref(`${alias}.${column}`);
  let affected = 0;
  for (let from = lo; from <= hi; from += APPLY_SLICE) {
    const res = await statement(sql<SqlBool>`${ref} between ${from} and ${from + APPLY_SLICE - 1}`);
    affected += Number(res.numAffectedRows ?? 0);
    slicesRun++;
    await yieldToLoop();
  }
  return affected;
}
/** …or sooner, once the rows waiting hold this many characters of text (long cells). */
const FLUSH_TEXT = 32 * 1024 * 1024;
/** Characters of text one INSERT carries at most (one row may exceed it alone). */
const STATEMENT_TEXT = 4 * 1024 * 1024;
/** Rows read from the file per batch (converted and checked in one turn of the event loop). */
const READ_BATCH = 1_000;

const CACHED_TYPES = new Set(['date', 'datetime', 'select', 'boolean']);
const CACHE_MAX = 50_000;

const STAGING = /^imp_[a-z0-9]{16,40}$/;
/** The staging table of a job (server-made name, checked again here). */
export function stagingName(jobId: string): string {
  const name = `imp_${jobId}`;
  if (!STAGING.test(name)) throw new Error('refusing staging table name');
  return name;
}

/**
 * SQLite: the staging table lives in a database file of its own, attached to the app's writing
 * connection under this name (unqualified names find it: `imp_…` exists nowhere else) — so
 * that the end of an import detaches and deletes a file instead of dropping a table of a
 * million rows, which SQLite does by freeing its pages one by one on the server's thread (a
 * third of a second in which no request was answered).
 */
function stagingSchema(jobId: string): string {
  return `${stagingName(jobId)}_db`;
}

/** The name of an index on the staging table (SQLite: in the staging table's database). */
function stagingIndex(dialect: DialectName, jobId: string, name: string) {
  return dialect === 'sqlite' ? sql.id(stagingSchema(jobId), name) : sql.id(name);
}

async function stagingFile(dataDir: string, jobId: string): Promise<string> {
  return path.join(await tempDir(dataDir), `${stagingName(jobId)}.stage`);
}

/** SQLite: attaches a fresh staging database for the job; answers its schema name. */
async function attachStaging(db: Db, jobId: string, dataDir: string): Promise<string> {
  const schema = stagingSchema(jobId);
  const file = await stagingFile(dataDir, jobId);
  await rm(file, { force: true });
  await sql`attach database ${file} as ${sql.id(schema)}`.execute(db.kysely);
  // Scratch data: no write-ahead log and no sync (a crash loses nothing the import needs: it
  // starts over); its rollback journal stays in memory.
  await sql.raw(`pragma "${schema}".journal_mode = memory`).execute(db.kysely);
  await sql.raw(`pragma "${schema}".synchronous = off`).execute(db.kysely);
  return schema;
}

/** Drops the job's staging table (SQLite: detaches and deletes its file). */
export async function dropStaging(db: Db, jobId: string, dataDir: string): Promise<void> {
  if (db.dialect !== 'sqlite') {
    await sql`drop table if exists ${sql.id(stagingName(jobId))}`.execute(db.kysely);
    return;
  }
  const schema = stagingSchema(jobId);
  const { rows } = await sql<{
    name: string;
  }>`select name from pragma_database_list where name = ${schema}`.execute(db.kysely);
  if (rows.length) await sql`detach database ${sql.id(schema)}`.execute(db.kysely);
  await rm(await stagingFile(dataDir, jobId), { force: true });
}

export interface Target {
  /** Column index in the file. */
  col: number;
  field: FieldMeta;
  /** Column of the staging table. */
  scol: string;
}

interface LogEntry {
  row: number;
  column: string | null;
  field: string | null;
  value: string | null;
  message: string;
}

/** Mapped columns → fields (validated by the service before a run; checked again here). */
export function targetsOf(meta: ObjectMeta, settings: ImportSettings): Target[] {
  const out: Target[] = [];
  for (const m of settings.mapping) {
    if (!m.field) continue;
    const f = meta.fields.find((x) => x.code === m.field);
    if (!f || f.computed || out.some((o) => o.field === f || o.col === m.column)) continue;
    out.push({ col: m.column, field: f, scol: `s${out.length}` });
  }
  return out;
}

function valueText(v: string | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  return v.length > 1000 ? `${v.slice(0, 1000)}…` : v;
}

/** The JSON of field values (API form) of a table alias, built in SQL for bulk audit rows. */
function jsonOf(
  dialect: DialectName,
  alias: string,
  cols: { id: string; col: string; field: FieldMeta }[],
) {
  const parts: RawBuilder<unknown>[] = [];
  const per = dialect === 'postgres' ? 50 : 60;
  for (let i = 0; i < cols.length; i += per) {
    const args: RawBuilder<unknown>[] = [];
    for (const c of cols.slice(i, i + per)) {
      const x = sql.ref(`${alias}.${c.col}`);
      let e: RawBuilder<unknown>;
      if (c.field.type === 'boolean')
        e =
          dialect === 'postgres'
            ? sql`(${x} <> 0)`
            : sql`case when ${x} is null then null when ${x} <> 0 then json('true') else json('false') end`;
      else if (c.field.type === 'multiselect')
        e = dialect === 'postgres' ? sql`cast(${x} as jsonb)` : sql`json(${x})`;
      else e = sql`${x}`;
      args.push(sql.lit(c.id), e);
    }
    parts.push(
      dialect === 'postgres'
        ? sql`jsonb_build_object(${sql.join(args)})`
        : sql`json_object(${sql.join(args)})`,
    );
  }
  if (!parts.length) return dialect === 'postgres' ? sql`'{}'` : sql`'{}'`;
  if (dialect === 'postgres') return sql`cast(${sql.join(parts, sql` || `)} as text)`;
  // json_patch drops null members of later parts; readers treat a missing member as null.
  return parts
    .slice(1)
    .reduce((acc, p) => sql`json_patch(${acc}, ${p})`, parts[0] as RawBuilder<unknown>);
}

function notSame(dialect: DialectName, a: RawBuilder<unknown>, b: RawBuilder<unknown>) {
  return dialect === 'postgres' ? sql`${a} is distinct from ${b}` : sql`not (${a} is ${b})`;
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return (
    err.code === '23505' ||
    err.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(String(err.message ?? ''))
  );
}

/**
 * The import job: reads the file, converts and checks every row with the fields' rules, writes
 * good rows to a staging table in short transactions (the API stays responsive), checks keys,
 * unique values and references in SQL, then applies everything — all or nothing (see `apply`).
 * The staging table is dropped however the job ends.
 */
export async function runImport(
  ctx: JobContext<ImportJobParams>,
  dataDir: string,
): Promise<JobOutcome> {
  const { db, lang } = ctx;
  const k = db.kysely;
  const imp = await k
    .selectFrom('pf_imports')
    .selectAll()
    .where('id', '=', ctx.params.importId)
    .where('domain_id', '=', ctx.domainId)
    .executeTakeFirst();
  if (!imp) throw new AppError('not_found', importsText(lang, 'imp.not_found'));
  const meta = await loadObject({ db, domainId: ctx.domainId, lang }, imp.object_id, k);
  const settings = importSettingsSchema.parse(JSON.parse(imp.settings));
  const file = await findFile(db, dataDir, ctx.domainId, imp.file_id);
  if (!file) throw new AppError('not_found', importsText(lang, 'imp.file_not_found'));
  const targets = targetsOf(meta, settings);
  if (!targets.length) throw new AppError('unprocessable', importsText(lang, 'imp.nothing_mapped'));
  const keyTarget =
    settings.mode === 'update'
      ? targets.find((x) => x.field.code === settings.keyField)
      : undefined;
  if (settings.mode === 'update' && !keyTarget)
    throw new AppError('unprocessable', importsText(lang, 'imp.key_required'));

  await k.deleteFrom('pf_import_log').where('import_id', '=', imp.id).execute();
  const staging = stagingName(ctx.id);
  const dialect = db.dialect;
  const colDefs = targets.map(
    (x) =>
      sql`${sql.id(x.scol)} ${sql.raw(columnType(storageOf(x.field.type, x.field.options), dialect))}`,
  );
  await dropStaging(db, ctx.id, dataDir);
  // SQLite: a database file of its own attached to the app's writing connection (see
  // `stagingSchema`). PostgreSQL: a real (unlogged) table, since the pool has many sessions.
  const table =
    dialect === 'postgres'
      ? sql`unlogged table ${sql.id(staging)}`
      : sql`table ${sql.id(await attachStaging(db, ctx.id, dataDir), staging)}`;
  try {
    await sql`create ${table} (n bigint not null, k bigint, c smallint, ${sql.join(
      colDefs,
    )})`.execute(k);
    return await importInto(ctx, {
      importId: imp.id,
      jobId: ctx.id,
      format: imp.format as ImportFormat,
      path: file.path,
      fileSize: file.info.size,
      tempDir: await tempDir(dataDir),
      meta,
      settings,
      targets,
      keyTarget,
      staging,
    });
  } finally {
    await dropStaging(db, ctx.id, dataDir).catch((err: unknown) =>
      ctx.log.warn({ err }, 'staging table not dropped'),
    );
  }
}

interface Plan {
  importId: string;
  jobId: string;
  format: ImportFormat;
  path: string;
  fileSize: number;
  tempDir: string;
  meta: ObjectMeta;
  settings: ImportSettings;
  targets: Target[];
  keyTarget: Target | undefined;
  staging: string;
}

/**
 * PostgreSQL: the INSERT of a whole flush into the staging table, one array parameter per
 * column (`unnest` pairs them up row by row). Measured against multi-row VALUES statements of
 * 2,000 rows: the database spends a quarter of the processor time (it parses 11 arrays instead
 * of 22,000 parameters per 2,000 rows, and plans one statement per flush), the server two
 * thirds — time the import no longer takes from the other tenants' statements on the same
 * cores. Each array element is sent as the text the parameter would have been.
 */
function unnestText(staging: string, cols: string[], types: string[]): string {
  const arrays = types.map((t, i) => `cast($${i + 1} as ${t}[])`);
  return `insert into "${staging}" (${cols.map((c) => `"${c}"`).join(', ')}) select * from unnest(${arrays.join(', ')})`;
}

/** Multi-row INSERT text for `rows` rows of `width` values, per dialect (cached). */
function insertText(dialect: DialectName, staging: string, cols: string[], rows: number): string {
  const width = cols.length;
  const head = `insert into "${staging}" (${cols.map((c) => `"${c}"`).join(', ')}) values `;
  const groups: string[] = new Array<string>(rows);
  if (dialect === 'postgres') {
    let p = 1;
    for (let r = 0; r < rows; r++) {
      const g: string[] = new Array<string>(width);
      for (let c = 0; c < width; c++) g[c] = `$${p++}`;
      groups[r] = `(${g.join(',')})`;
    }
  } else {
    const g = `(${new Array<string>(width).fill('?').join(',')})`;
    groups.fill(g);
  }
  return head + groups.join(',');
}

async function importInto(ctx: JobContext<ImportJobParams>, plan: Plan): Promise<JobOutcome> {
  const { db, lang } = ctx;
  const k = db.kysely;
  const { settings, targets, staging, meta } = plan;
  const dialect = db.dialect;
  const width = targets.length + 1;
  const maxParams = dialect === 'postgres' ? 65_000 : 32_000;
  const perStatement = Math.max(1, Math.min(2_000, Math.floor(maxParams / width)));
  const texts = new Map<number, string>();
  const stagingCols = ['n', ...targets.map((x) => x.scol)];
  const unnestInsert = unnestText(staging, stagingCols, [
    'bigint',
    ...targets.map((x) => columnType(storageOf(x.field.type, x.field.options), dialect)),
  ]);
  const textFor = (rows: number) => {
    let s = texts.get(rows);
    if (!s) texts.set(rows, (s = insertText(dialect, staging, stagingCols, rows)));
    return s;
  };

  let names: string[] = [];
  let headerSeen = !settings.header;
  let processed = 0;
  let failed = 0;
  let logged = 0;
  let pendingRows = 0;
  /** Characters of text values waiting to be written, in all and in the statement being filled. */
  let pendingText = 0;
  let statementText = 0;
  /** Values of the INSERT being filled; full ones wait in `ready` for the next flush. */
  let params: unknown[] = [];
  let ready: unknown[][] = [];
  let logs: LogEntry[] = [];
  let fraction = 0;
  const targetName = (x: Target) => names[x.col] ?? `#${x.col + 1}`;

  const flushLogs = async () => {
    const list = logs;
    logs = [];
    for (let i = 0; i < list.length; i += 500) {
      await k
        .insertInto('pf_import_log')
        .values(
          list.slice(i, i + 500).map((e) => ({
            import_id: plan.importId,
            job_id: ctx.id,
            row_no: e.row,
            column_name: e.column,
            field: e.field,
            value: e.value,
            message: e.message,
          })),
        )
        .execute();
    }
  };
  const addLog = (e: LogEntry) => {
    if (logged >= LOG_CAP) return;
    logged++;
    logs.push(e);
  };
  const flush = async () => {
    if (params.length) {
      ready.push(params);
      params = [];
    }
    statementText = 0;
    pendingText = 0;
    if (ready.length) {
      const statements = ready;
      ready = [];
      if (dialect === 'sqlite') {
        // Into a TEMP table: one statement (≤ 2,000 rows) at a time with a turn of the event
        // loop between, so that requests are answered between them.
        for (const p of statements) {
          await k.executeQuery(CompiledQuery.raw(textFor(p.length / width), p));
          await yieldToLoop();
        }
      } else {
        // One statement for the whole flush: a column's values as one array.
        const columns: unknown[][] = Array.from({ length: width }, () => []);
        for (const p of statements)
          for (let i = 0; i < p.length; i++) (columns[i % width] as unknown[]).push(p[i]);
        await k.executeQuery(CompiledQuery.raw(unnestInsert, columns));
      }
    }
    pendingRows = 0;
    if (logs.length) await flushLogs();
    ctx.progress(
      processed,
      fraction > 0 ? Math.max(processed, Math.round(processed / fraction)) : null,
    );
    if (ctx.signal.aborted) throw new Error('cancelled');
    await yieldToLoop();
  };
  /** Under `stop`, the first bad row ends the job (its problems are logged first). */
  const failRow = async (row: number, entries: LogEntry[]) => {
    const first = entries[0] as LogEntry;
    const text = first.column
      ? importsText(lang, 'imp.row_failed', { row, column: first.column, reason: first.message })
      : importsText(lang, 'imp.row_failed_plain', { row, reason: first.message });
    logs = [];
    for (const e of entries) addLog(e);
    await flushLogs();
    throw new AppError('unprocessable', text);
  };

  const fields = targets.map((x) => x.field);
  // Types with few distinct values (dates, choices, yes/no) parse each distinct text once.
  const caches = fields.map((f) =>
    CACHED_TYPES.has(f.type) ? new Map<string, Parsed>() : undefined,
  );
  const required = fields.map((f) => !!f.options.required);
  const stop = settings.onError === 'stop';
  const keyIndex = plan.keyTarget ? targets.indexOf(plan.keyTarget) : -1;
  let rowErrors: LogEntry[] = [];
  // Exported files hold labels and display texts: choices and references are looked up.
  const matchers: (ChoiceMatcher | undefined)[] = fields.map((f) =>
    f.type === 'select' || f.type === 'multiselect' ? choiceMatcher(f) : undefined,
  );
  const references = await referenceTargets(ctx, fields);
  const resolvers = fields.map((f, j) => {
    const target = references[j];
    return target ? new ReferenceResolver(db, target, f) : undefined;
  });
  /** A cell as the value parser takes it: choices by label, references by display text. */
  const cellOf = (j: number, f: FieldMeta, raw: string): Parsed | unknown => {
    const match = matchers[j];
    if (match && f.type === 'select') return selectCell(match, raw);
    if (match && f.type === 'multiselect') return multiselectCell(match, raw);
    const resolver = resolvers[j];
    if (resolver) {
      const m = resolver.match(raw);
      if ('id' in m) return m.id;
      const target = references[j] as ObjectMeta;
      if ('ambiguous' in m)
        return refused(
          importsText(lang, 'imp.ref_ambiguous', {
            value: raw,
            count: m.ambiguous,
            object: target.name,
          }),
        );
      const n = prepareCell(f.type, f.options, raw);
      if (typeof n !== 'number')
        return refused(importsText(lang, 'imp.ref_unknown', { value: raw, object: target.name }));
      return n;
    }
    return prepareCell(f.type, f.options, raw);
  };

  await readRows(
    plan.path,
    plan.format,
    settings,
    { batchSize: READ_BATCH, lang, fileSize: plan.fileSize, tempDir: plan.tempDir },
    async (batch, frac) => {
      fraction = frac;
      const { rows, nums } = batch;
      for (let j = 0; j < targets.length; j++) {
        const resolver = resolvers[j];
        if (!resolver) continue;
        const col = (targets[j] as Target).col;
        const texts: string[] = [];
        for (const r of rows) {
          const v = r[col];
          if (v) texts.push(v);
        }
        await resolver.prepare(texts);
      }
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i] as (string | null)[];
        const rowNo = nums[i] as number;
        if (!headerSeen) {
          headerSeen = true;
          names = columnNames(row, Math.max(row.length, ...targets.map((x) => x.col + 1)));
          continue;
        }
        processed++;
        const start = params.length;
        params.push(rowNo);
        for (let j = 0; j < targets.length; j++) {
          const x = targets[j] as Target;
          const f = fields[j] as FieldMeta;
          const raw = row[x.col];
          let value: unknown = null;
          let error: string | undefined;
          if (raw !== null && raw !== undefined && raw !== '') {
            const cache = caches[j];
            let p = cache?.get(raw);
            if (!p) {
              const cell = cellOf(j, f, raw);
              p = isRefusal(cell) ? cell.parsed : parseValue(f.type, f.options, cell, lang);
              if (cache) {
                if (cache.size >= CACHE_MAX) cache.clear();
                cache.set(raw, p);
              }
            }
            if (p.ok) {
              value = p.value;
              error = checkRules(f.type, f.options, value, lang);
            } else error = p.error;
          }
          if (!error && (value === null || (Array.isArray(value) && !value.length))) {
            value = null;
            if (j === keyIndex) error = importsText(lang, 'imp.key_empty');
            else if (required[j]) error = commonText(lang, 'field.required');
          }
          if (error) {
            rowErrors.push({
              row: rowNo,
              column: targetName(x),
              field: f.code,
              value: valueText(raw),
              message: error,
            });
            continue;
          }
          const encoded = encode(f, value, dialect);
          if (typeof encoded === 'string') {
            pendingText += encoded.length;
            statementText += encoded.length;
          }
          params.push(encoded);
        }
        if (rowErrors.length) {
          params.length = start;
          failed++;
          if (stop) await failRow(rowNo, rowErrors);
          for (const e of rowErrors) addLog(e);
          rowErrors = [];
          continue;
        }
        pendingRows++;
        if (params.length >= perStatement * width || statementText >= STATEMENT_TEXT) {
          ready.push(params);
          params = [];
          statementText = 0;
        }
      }
      if (pendingRows >= FLUSH_ROWS || pendingText >= FLUSH_TEXT) await flush();
      // Batches can follow one another without the event loop turning (a large chunk of the
      // file read at once): requests get their turn after each.
      else await yieldToLoop();
    },
  );
  if (!processed && !failed)
    throw new AppError('unprocessable', importsText(lang, 'imp.empty_file'));
  await flush();

  // Checks that need every row (keys, unique values, references) run in SQL: a bad row is
  // marked in the staging table (c = 2, 3, … per check), at most the log's room is read back.
  const st = sql.id(staging);
  const obj = sql.id(meta.table);
  let mark = 1;
  let firstBad: LogEntry | undefined;
  const check = async (x: Target, cond: RawBuilder<unknown>, message: string) => {
    mark++;
    const c = sql.id(x.scol);
    const count = await sliced(k, dialect, staging, 's', 'rowid', (range) =>
      sql`update ${st} as s set c = ${mark} where ${range} and s.c is null and ${cond}`.execute(k),
    );
    if (!count) return;
    failed += count;
    const room = stop ? 1 : Math.max(0, LOG_CAP - logged);
    if (!room) return;
    const { rows } = await sql<{
      n: number | string;
      v: unknown;
    }>`select s.n, s.${c} as v from ${st} s where s.c = ${mark} order by s.n limit ${room}`.execute(
      k,
    );
    for (const r of rows) {
      const e: LogEntry = {
        row: Number(r.n),
        column: targetName(x),
        field: x.field.code,
        value: r.v === null || r.v === undefined ? null : valueText(String(r.v)),
        message,
      };
      if (stop) {
        if (!firstBad || e.row < firstBad.row) firstBad = e;
      } else addLog(e);
    }
  };
  if (plan.keyTarget) {
    const kc = sql.id(plan.keyTarget.scol);
    const kf = sql.id(plan.keyTarget.field.column);
    await ensureIndex(k, dialect, meta.id, meta.table, [{ column: plan.keyTarget.field.column }]);
    await sql`create index ${stagingIndex(dialect, plan.jobId, `${staging}_k`)} on ${st} (${kc}, n)`.execute(
      k,
    );
    await check(
      plan.keyTarget,
      sql`exists (select 1 from ${st} s2 where s2.${kc} = s.${kc} and s2.n < s.n)`,
      importsText(lang, 'imp.key_twice'),
    );
    await sliced(k, dialect, staging, staging, 'rowid', (range) =>
      sql`update ${st} set k = (select min(o.id) from ${obj} o where o.${kf} = ${st}.${kc} and o.deleted_at is null) where ${range}`.execute(
        k,
      ),
    );
  }
  for (const x of targets) {
    const c = sql.id(x.scol);
    if (x.field.options.unique) {
      if (x !== plan.keyTarget) {
        await sql`create index ${stagingIndex(dialect, plan.jobId, `${staging}_${x.scol}`)} on ${st} (${c}, n)`.execute(
          k,
        );
        await check(
          x,
          sql`s.${c} is not null and exists (select 1 from ${st} s2 where s2.${c} = s.${c} and s2.n < s.n)`,
          importsText(lang, 'imp.unique_in_file'),
        );
      }
      await check(
        x,
        sql`s.${c} is not null and exists (select 1 from ${obj} o where o.${sql.id(x.field.column)} = s.${c} and o.id <> coalesce(s.k, 0))`,
        pfText(lang, 'pf.unique'),
      );
    }
    if (x.field.type === 'reference') {
      let target: ObjectMeta | undefined;
      try {
        target = x.field.options.target
          ? await loadObject({ db, domainId: ctx.domainId, lang }, x.field.options.target)
          : undefined;
      } catch {
        target = undefined;
      }
      const exists = target
        ? sql`exists (select 1 from ${sql.id(target.table)} r where r.id = s.${c})`
        : sql`1 = 0`;
      await check(
        x,
        sql`s.${c} is not null and not ${exists}`,
        pfText(lang, 'pf.reference_missing'),
      );
    }
  }
  if (firstBad) await failRow(firstBad.row, [firstBad]);
  if (mark > 1) {
    await flushLogs();
    await sql`delete from ${st} where c is not null`.execute(k);
  }
  if (ctx.signal.aborted) throw new Error('cancelled');
  // Every row had a problem: nothing is applied (a replace would empty the object for nothing).
  if (failed > 0 && failed >= processed) throw nothingImported(lang, processed, failed);

  const result = await apply(ctx, plan);
  // Bad rows were left out: they count as skipped, and as failed for what went wrong.
  result.failed = failed;
  result.skipped += failed;
  if (failed > 0 && !result.inserted && !result.updated)
    throw nothingImported(lang, processed, failed, result);
  // The planner chooses indexes from statistics: bring them up to date with the new data.
  if (result.inserted || result.updated || plan.settings.mode === 'replace')
    await refreshStatistics(ctx.db, plan.meta.table);
  return { result, processed };
}

/** The columns a new record gets from the staging table `s`, and their values. */
function newRecordColumns(ctx: JobContext<ImportJobParams>, plan: Plan, now: string) {
  const dialect = ctx.db.dialect;
  const { meta, targets } = plan;
  const user = ctx.userId;
  const mapped = new Set(targets.map((x) => x.field.id));
  // Unmapped fields with a default get it on new records, as when a record is created.
  const defaults: { field: FieldMeta; value: unknown }[] = [];
  for (const f of meta.fields) {
    if (mapped.has(f.id) || f.options.default === undefined) continue;
    const p = parseValue(f.type, f.options, f.options.default, ctx.lang);
    if (p.ok && p.value !== null) defaults.push({ field: f, value: encode(f, p.value, dialect) });
  }
  const cols = [
    ...targets.map((x) => sql.id(x.field.column)),
    ...defaults.map((d) => sql.id(d.field.column)),
    sql.id('created_at'),
    sql.id('created_by'),
    sql.id('updated_at'),
    sql.id('updated_by'),
  ];
  const vals = [
    ...targets.map((x) => sql.ref(`s.${x.scol}`)),
    ...defaults.map((d) => sql`${d.value}`),
    sql`${now}`,
    sql`${user}`,
    sql`${now}`,
    sql`${user}`,
  ];
  return { cols, vals };
}

/**
 * Applies the staged rows to the object: on PostgreSQL in one transaction (its row locks keep
 * every other writer going); on SQLite in short committed slices (see `applyInSlices`).
 */
async function apply(ctx: JobContext<ImportJobParams>, plan: Plan): Promise<ImportResult> {
  if (ctx.db.dialect !== 'sqlite') return applyWhole(ctx, plan);
  const suspended = await suspendForImport(ctx.db, plan);
  if (suspended) ctx.log.info({ object: plan.meta.id }, 'import: grouped views indexes suspended');
  try {
    return await applyInSlices(ctx, plan);
  } finally {
    // After the import, or after it was undone (failed, cancelled, stopped).
    if (suspended) await restoreIndexes(ctx.db.kysely, ctx.db.dialect, plan.meta.id);
  }
}

/**
 * When a large import (SQLite) suspends the indexes of the object's grouped views: from this
 * many rows staged, and when they are at least a tenth of the object's records. Each such index
 * costs every imported row an entry on a random page of the index (about twice the rest of the
 * row's work); built again after the import it costs one sorted pass over the records. The
 * grouped views' group-bys are answered by their maintained aggregates meanwhile.
 */
export const importIndexPolicy = { suspendFrom: 20_000 };

/** After a crash: builds again the indexes an interrupted import had suspended. */
export async function restoreImportIndexes(db: Db, params: ImportJobParams): Promise<void> {
  const imp = await db.kysely
    .selectFrom('pf_imports')
    .select('object_id')
    .where('id', '=', params.importId)
    .executeTakeFirst();
  if (imp) await restoreIndexes(db.kysely, db.dialect, imp.object_id);
}

/** Suspends the object's grouped views' indexes for a large import; answers whether it did. */
async function suspendForImport(db: Db, plan: Plan): Promise<boolean> {
  const k = db.kysely;
  const indexes = groupedViewIndexes(await listIndexes(k, plan.meta.id));
  if (!indexes.length) return false;
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from ${sql.id(plan.staging)}`.execute(k);
  const staged = Number(rows[0]?.n ?? 0);
  if (staged < importIndexPolicy.suspendFrom) return false;
  const { rows: top } = await sql<{
    n: number | string | null;
  }>`select max(id) as n from ${sql.id(plan.meta.table)}`.execute(k);
  if (staged * 10 < Number(top[0]?.n ?? 0)) return false;
  await suspendIndexes(k, db.dialect, plan.meta.id, indexes);
  return true;
}

/** The apply in one transaction (PostgreSQL). */
async function applyWhole(ctx: JobContext<ImportJobParams>, plan: Plan): Promise<ImportResult> {
  const { db, lang } = ctx;
  const dialect = db.dialect;
  const { meta, targets, settings, staging } = plan;
  const st = sql.id(staging);
  const obj = sql.id(meta.table);
  const now = isoNow();
  const user = ctx.userId;
  // The API token the import was run through, if any (see platform/audit.ts).
  const via = auditVia.getStore() ?? null;
  const result: ImportResult = { inserted: 0, updated: 0, skipped: 0, failed: 0 };
  const { cols, vals } = newRecordColumns(ctx, plan, now);
  const allCols = storedFields(meta).map((f) => ({ id: f.id, col: f.column, field: f }));
  try {
    await db.kysely.transaction().execute(async (trx: Q) => {
      if (settings.mode === 'replace') {
        await sliced(trx, dialect, meta.table, 'o', 'id', (range) =>
          sql`insert into pf_audit (domain_id, object_id, record_id, action, user_id, at, before, after, via)
          select ${ctx.domainId}, ${meta.id}, o.id, 'delete', ${user}, ${now}, ${jsonOf(dialect, 'o', allCols)}, null, ${via}
          from ${obj} o where ${range} and o.deleted_at is null`.execute(trx),
        );
        await sliced(trx, dialect, meta.table, 'o', 'id', (range) =>
          sql`update ${obj} as o set deleted_at = ${now}, deleted_by = ${user} where ${range} and o.deleted_at is null`.execute(
            trx,
          ),
        );
      }
      let insertWhere = sql`1 = 1`;
      if (settings.mode === 'update') {
        const changed = sql.join(
          targets.map((x) =>
            notSame(dialect, sql.ref(`o.${x.field.column}`), sql.ref(`s.${x.scol}`)),
          ),
          sql` or `,
        );
        result.updated = await sliced(trx, dialect, staging, 's', 'rowid', (range) =>
          sql`update ${st} as s set c = 1 where ${range} and s.k is not null and exists (select 1 from ${obj} o where o.id = s.k and (${changed}))`.execute(
            trx,
          ),
        );
        const cols = targets.map((x) => ({ id: x.field.id, col: x.field.column, field: x.field }));
        const scols = targets.map((x) => ({ id: x.field.id, col: x.scol, field: x.field }));
        await sliced(trx, dialect, staging, 's', 'rowid', (range) =>
          sql`insert into pf_audit (domain_id, object_id, record_id, action, user_id, at, before, after, via)
          select ${ctx.domainId}, ${meta.id}, o.id, 'update', ${user}, ${now}, ${jsonOf(dialect, 'o', cols)}, ${jsonOf(dialect, 's', scols)}, ${via}
          from ${st} s join ${obj} o on o.id = s.k where ${range} and s.c = 1`.execute(trx),
        );
        const sets = targets.map((x) => sql`${sql.id(x.field.column)} = s.${sql.id(x.scol)}`);
        await sliced(trx, dialect, staging, 's', 'rowid', (range) =>
          sql`update ${obj} set ${sql.join(sets)}, updated_at = ${now}, updated_by = ${user} from ${st} s where ${range} and ${obj}.id = s.k and s.c = 1`.execute(
            trx,
          ),
        );
        const { rows } = await sql<{
          matched: number | string;
          missing: number | string;
        }>`select sum(case when k is not null then 1 else 0 end) as matched, sum(case when k is null then 1 else 0 end) as missing from ${st}`.execute(
          trx,
        );
        const matched = Number(rows[0]?.matched ?? 0);
        const missing = Number(rows[0]?.missing ?? 0);
        result.skipped = matched - result.updated + (settings.insertMissing ? 0 : missing);
        if (!settings.insertMissing) return;
        insertWhere = sql`s.k is null`;
      }
      // Slices in staging order: new records get their ids in the file's row order.
      result.inserted = await sliced(trx, dialect, staging, 's', 'rowid', (range) =>
        sql`insert into ${obj} (${sql.join(cols)}) select ${sql.join(vals)} from ${st} s where ${range} and ${insertWhere}`.execute(
          trx,
        ),
      );
    });
  } catch (e) {
    if (isUniqueViolation(e)) {
      const text = String((e as { message?: string }).message ?? '');
      const f = meta.fields.find((x) => x.options.unique && text.includes(x.column));
      throw new AppError(
        'conflict',
        importsText(lang, 'imp.apply_unique', { field: f?.name ?? '' }),
      );
    }
    throw e;
  }
  return result;
}

// ---- SQLite: the apply in committed slices ---------------------------------------------------

/**
 * Writes per committed slice of the apply on SQLite aim at this many milliseconds: SQLite has
 * one writer for the whole database, so every other write — any tenant's record edit, a
 * sign-in's new session — waits for the slice being written, never for the whole import.
 */
const SLICE_TARGET_MS = 25;
/** Rows of the first slice, and the fewest per slice. */
const SLICE_MIN = 500;
/** The fewest and most rows per committed slice (see `applySliceRows`). */
let sliceRows = { min: SLICE_MIN, max: APPLY_SLICE };

/**
 * Sets the fewest and most rows per committed slice of the apply on SQLite (by default 500 and
 * `APPLY_SLICE`; slices in between take about SLICE_TARGET_MS each); answers the bounds before.
 * Small slices let a small import be watched slice by slice.
 */
export function applySliceRows(min: number, max: number): { min: number; max: number } {
  const before = sliceRows;
  sliceRows = { min: Math.max(1, min), max: Math.max(1, min, max) };
  return before;
}

const UNDO = /^impu_[a-z0-9]{16,40}$/;
/**
 * The undo journal of an apply on SQLite (a table of the database file, not a temporary one:
 * it must outlive a crash): one row per committed slice of inserts or deletions (the id range
 * it touched), and the row as it was of every record an update changed. Columns `j_*` are the
 * journal's; the others are the record's own columns, named as in the object's table.
 */
export function undoName(jobId: string): string {
  const name = `impu_${jobId}`;
  if (!UNDO.test(name)) throw new Error('refusing undo journal name');
  return name;
}

/**
 * Runs `slice` over `column` from `lo` to `hi` in ranges, each range in a transaction of its
 * own, sized so that one takes about SLICE_TARGET_MS; the event loop turns between them (other
 * writers waiting for the database go first). Stops with the signal.
 */
async function committedSlices(
  k: Q,
  lo: number,
  hi: number,
  signal: AbortSignal,
  slice: (trx: Q, from: number, to: number) => Promise<void>,
): Promise<void> {
  const { min, max } = sliceRows;
  let size = min;
  for (let from = lo; from <= hi;) {
    signal.throwIfAborted();
    const to = Math.min(hi, from + size - 1);
    const t0 = performance.now();
    await k.transaction().execute((trx) => slice(trx, from, to));
    const ms = Math.max(1, performance.now() - t0);
    size = Math.round(Math.min(max, Math.max(min, (size * SLICE_TARGET_MS) / ms)));
    from = to + 1;
    slicesRun++;
    await yieldToLoop();
  }
}

async function rangeOf(k: Q, table: string, column: 'rowid' | 'id') {
  const { rows } = await sql<{
    lo: number | null;
    hi: number | null;
  }>`select min(${sql.id(column)}) as lo, max(${sql.id(column)}) as hi from ${sql.id(table)}`.execute(
    k,
  );
  return { lo: Number(rows[0]?.lo ?? 1), hi: Number(rows[0]?.hi ?? 0) };
}

/**
 * The apply on SQLite. One transaction over a million rows would hold SQLite's one writer for
 * seconds (under load, tens of seconds): every other tenant's write and every sign-in would wait
 * for it. Instead each slice of deletions, updates and inserts commits on its own, together with
 * what undoes it (`undoName`), so the import stays all or nothing: when it fails, is cancelled
 * or the server stops, the slices already written are undone (at once, or by the job's recovery
 * at the next start), and the import ends failed with the object as it was. Readers may see the
 * import arrive slice by slice while it is written.
 */
async function applyInSlices(ctx: JobContext<ImportJobParams>, plan: Plan): Promise<ImportResult> {
  const { db, lang } = ctx;
  const k = db.kysely;
  const dialect = db.dialect;
  const { meta, targets, settings, staging } = plan;
  const st = sql.id(staging);
  const obj = sql.id(meta.table);
  const undoTable = undoName(ctx.id);
  const undo = sql.id(undoTable);
  const now = isoNow();
  const user = ctx.userId;
  // The API token the import was run through, if any (see platform/audit.ts).
  const via = auditVia.getStore() ?? null;
  const result: ImportResult = { inserted: 0, updated: 0, skipped: 0, failed: 0 };
  const { cols, vals } = newRecordColumns(ctx, plan, now);
  const allCols = storedFields(meta).map((f) => ({ id: f.id, col: f.column, field: f }));
  const changedCols = [...new Set(targets.map((x) => x.field.column))];
  // Untyped columns: SQLite keeps every value exactly as it was written.
  const before = [...changedCols, 'updated_at', 'updated_by'];
  await sql`drop table if exists ${undo}`.execute(k);
  await sql`create table ${undo} (j_kind text not null, j_lo integer not null, j_hi integer not null, j_at text not null, j_user text, j_object text not null, j_table text not null, ${sql.join(
    before.map((c) => sql.id(c)),
  )})`.execute(k);
  const journal = (trx: Q, kind: string, lo: number, hi: number) =>
    sql`insert into ${undo} (j_kind, j_lo, j_hi, j_at, j_user, j_object, j_table) values (${kind}, ${lo}, ${hi}, ${now}, ${user}, ${meta.id}, ${meta.table})`.execute(
      trx,
    );
  try {
    if (settings.mode === 'replace') {
      const { lo, hi } = await rangeOf(k, meta.table, 'id');
      await committedSlices(k, lo, hi, ctx.signal, async (trx, from, to) => {
        await sql`insert into pf_audit (domain_id, object_id, record_id, action, user_id, at, before, after, via)
          select ${ctx.domainId}, ${meta.id}, o.id, 'delete', ${user}, ${now}, ${jsonOf(dialect, 'o', allCols)}, null, ${via}
          from ${obj} o where o.id between ${from} and ${to} and o.deleted_at is null`.execute(trx);
        // The same records before and after: the live ones become deleted at `now` by `user`
        // (and any deleted so before stay so).
        const gone = sql<SqlBool>`r.id between ${from} and ${to} and (r.deleted_at is null or (r.deleted_at = ${now} and r.deleted_by is ${user}))`;
        await upkeepByGroups(trx, dialect, meta.id, meta.table, async (upkeep) => {
          await upkeep?.take(gone, ['deleted_at']);
          await sql`update ${obj} as o set deleted_at = ${now}, deleted_by = ${user} where o.id between ${from} and ${to} and o.deleted_at is null`.execute(
            trx,
          );
          await upkeep?.put(gone, ['deleted_at']);
        });
        await journal(trx, 'delete', from, to);
      });
    }
    let insertWhere = sql`1 = 1`;
    const { lo, hi } = await rangeOf(k, staging, 'rowid');
    if (settings.mode === 'update') {
      const changed = sql.join(
        targets.map((x) =>
          notSame(dialect, sql.ref(`o.${x.field.column}`), sql.ref(`s.${x.scol}`)),
        ),
        sql` or `,
      );
      const tcols = targets.map((x) => ({ id: x.field.id, col: x.field.column, field: x.field }));
      const scols = targets.map((x) => ({ id: x.field.id, col: x.scol, field: x.field }));
      const sets = targets.map((x) => sql`${sql.id(x.field.column)} = s.${sql.id(x.scol)}`);
      await committedSlices(k, lo, hi, ctx.signal, async (trx, from, to) => {
        const range = sql`s.rowid between ${from} and ${to}`;
        const marked =
          await sql`update ${st} as s set c = 1 where ${range} and s.k is not null and exists (select 1 from ${obj} o where o.id = s.k and (${changed}))`.execute(
            trx,
          );
        const n = Number(marked.numAffectedRows ?? 0);
        if (!n) return;
        result.updated += n;
        await sql`insert into ${undo} (j_kind, j_lo, j_hi, j_at, j_user, j_object, j_table, ${sql.join(
          before.map((c) => sql.id(c)),
        )}) select 'update', o.id, o.id, ${now}, ${user}, ${meta.id}, ${meta.table}, ${sql.join(
          before.map((c) => sql.ref(`o.${c}`)),
        )} from ${st} s join ${obj} o on o.id = s.k where ${range} and s.c = 1`.execute(trx);
        await sql`insert into pf_audit (domain_id, object_id, record_id, action, user_id, at, before, after, via)
          select ${ctx.domainId}, ${meta.id}, o.id, 'update', ${user}, ${now}, ${jsonOf(dialect, 'o', tcols)}, ${jsonOf(dialect, 's', scols)}, ${via}
          from ${st} s join ${obj} o on o.id = s.k where ${range} and s.c = 1`.execute(trx);
        const changing = sql<SqlBool>`r.id in (select s.k from ${st} s where ${range} and s.c = 1)`;
        await upkeepByGroups(trx, dialect, meta.id, meta.table, async (upkeep) => {
          await upkeep?.take(changing, changedCols);
          await sql`update ${obj} set ${sql.join(sets)}, updated_at = ${now}, updated_by = ${user} from ${st} s where ${range} and ${obj}.id = s.k and s.c = 1`.execute(
            trx,
          );
          await upkeep?.put(changing, changedCols);
        });
      });
      const { rows } = await sql<{
        matched: number | string | null;
        missing: number | string | null;
      }>`select sum(case when k is not null then 1 else 0 end) as matched, sum(case when k is null then 1 else 0 end) as missing from ${st}`.execute(
        k,
      );
      const matched = Number(rows[0]?.matched ?? 0);
      const missing = Number(rows[0]?.missing ?? 0);
      result.skipped = matched - result.updated + (settings.insertMissing ? 0 : missing);
      if (!settings.insertMissing) {
        await dropUndo(db, ctx.id);
        return result;
      }
      insertWhere = sql`s.k is null`;
    }
    // Slices in staging order: new records get their ids in the file's row order. SQLite gives
    // the rows of one statement consecutive ids, the last one `insertId`.
    await committedSlices(k, lo, hi, ctx.signal, async (trx, from, to) => {
      const n = await upkeepByGroups(trx, dialect, meta.id, meta.table, async (upkeep) => {
        const res =
          await sql`insert into ${obj} (${sql.join(cols)}) select ${sql.join(vals)} from ${st} s where s.rowid between ${from} and ${to} and ${insertWhere} order by s.rowid`.execute(
            trx,
          );
        const n = Number(res.numAffectedRows ?? 0);
        if (!n) return 0;
        const last = Number(res.insertId);
        await upkeep?.put(sql<SqlBool>`r.id between ${last - n + 1} and ${last}`);
        await journal(trx, 'insert', last - n + 1, last);
        return n;
      });
      result.inserted += n;
    });
    // Done: the journal goes (the job's end is recorded next).
    await dropUndo(db, ctx.id);
    return result;
  } catch (e) {
    await undoApply(db, ctx.id).catch((err: unknown) =>
      ctx.log.error({ err }, 'import not undone; the next start undoes it'),
    );
    if (isUniqueViolation(e)) {
      const text = String((e as { message?: string }).message ?? '');
      const f = meta.fields.find((x) => x.options.unique && text.includes(x.column));
      throw new AppError(
        'conflict',
        importsText(lang, 'imp.apply_unique', { field: f?.name ?? '' }),
      );
    }
    throw e;
  }
}

/** A record column kept in an undo journal (checked: the journal's names come from the file). */
function ownColumn(c: string): string {
  return c === 'updated_at' || c === 'updated_by' ? c : safeIdent(c);
}

/** Undo journal rows handled per transaction when undoing. */
const UNDO_BATCH = 2_000;

/**
 * Undoes what an apply on SQLite committed, newest slice first, from its journal (see
 * `undoName`), and drops the journal: new records are removed, updated ones get back their
 * values, deleted ones come back, and the import's history entries go. Each journal row goes in
 * the transaction that undoes it, so an undo cut off by a crash goes on at the next start.
 */
export async function undoApply(db: Db, jobId: string): Promise<void> {
  if (db.dialect !== 'sqlite') return;
  const k = db.kysely;
  const undoTable = undoName(jobId);
  const undo = sql.id(undoTable);
  const exists = await sql<{
    n: number;
  }>`select count(*) as n from sqlite_master where type = 'table' and name = ${undoTable}`.execute(
    k,
  );
  if (!Number(exists.rows[0]?.n)) return;
  const columns = (
    await sql<{ name: string }>`select name from pragma_table_info(${undoTable})`.execute(k)
  ).rows
    .map((r) => r.name)
    .filter((c) => !c.startsWith('j_'));
  for (;;) {
    const { rows } = await sql<{
      rid: number;
      kind: string;
      lo: number;
      hi: number;
      at: string;
      user: string | null;
      object: string;
      tbl: string;
    }>`select rowid as rid, j_kind as kind, j_lo as lo, j_hi as hi, j_at as at, j_user as user, j_object as object, j_table as tbl from ${undo} order by rowid desc limit ${UNDO_BATCH}`.execute(
      k,
    );
    if (!rows.length) break;
    await k.transaction().execute(async (trx) => {
      for (const r of rows) {
        const t = sql.id(safeIdent(r.tbl));
        if (r.kind === 'insert') {
          await sql`delete from ${t} where id between ${r.lo} and ${r.hi}`.execute(trx);
        } else if (r.kind === 'delete') {
          await sql`update ${t} set deleted_at = null, deleted_by = null where id between ${r.lo} and ${r.hi} and deleted_at = ${r.at} and deleted_by is ${r.user}`.execute(
            trx,
          );
          await sql`delete from pf_audit where object_id = ${r.object} and record_id between ${r.lo} and ${r.hi} and action = 'delete' and at = ${r.at} and user_id is ${r.user}`.execute(
            trx,
          );
        } else if (r.kind === 'update') {
          await sql`update ${t} set ${sql.join(
            columns.map((c) => sql`${sql.id(ownColumn(c))} = u.${sql.id(ownColumn(c))}`),
          )} from ${undo} u where u.rowid = ${r.rid} and ${t}.id = u.j_lo`.execute(trx);
          await sql`delete from pf_audit where object_id = ${r.object} and record_id = ${r.lo} and action = 'update' and at = ${r.at} and user_id is ${r.user}`.execute(
            trx,
          );
        }
        await sql`delete from ${undo} where rowid = ${r.rid}`.execute(trx);
      }
    });
    await yieldToLoop();
  }
  await dropUndo(db, jobId);
}

async function dropUndo(db: Db, jobId: string): Promise<void> {
  if (db.dialect === 'sqlite')
    await sql`drop table if exists ${sql.id(undoName(jobId))}`.execute(db.kysely);
}

/** A cell refused before parsing (a reference no record or several records are shown as). */
interface Refusal {
  refused: true;
  parsed: Parsed;
}
function refused(error: string): Refusal {
  return { refused: true, parsed: { ok: false, error } };
}
function isRefusal(v: unknown): v is Refusal {
  return typeof v === 'object' && v !== null && (v as Refusal).refused === true;
}

/** The objects the reference fields among `fields` point to (undefined where unreadable). */
async function referenceTargets(
  ctx: JobContext<ImportJobParams>,
  fields: FieldMeta[],
): Promise<(ObjectMeta | undefined)[]> {
  const out: (ObjectMeta | undefined)[] = [];
  for (const f of fields) {
    if (f.type !== 'reference' || !f.options.target) {
      out.push(undefined);
      continue;
    }
    try {
      out.push(
        await loadObject({ db: ctx.db, domainId: ctx.domainId, lang: ctx.lang }, f.options.target),
      );
    } catch {
      out.push(undefined);
    }
  }
  return out;
}

/** An import that wrote nothing while rows failed is not a success; its counts are kept. */
function nothingImported(
  lang: Parameters<typeof importsText>[0],
  processed: number,
  failed: number,
  result?: ImportResult,
): JobFailure {
  return new JobFailure(importsText(lang, 'imp.nothing_imported', { count: processed }), {
    processed,
    result: result ?? { inserted: 0, updated: 0, skipped: processed, failed },
  });
}
