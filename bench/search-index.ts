/**
 * Search index benchmark (SQLite): what the word-search index of an object costs to build and
 * to keep. Seeds the matrix's object (name, category, region, company, note) with N records,
 * then, in one process, times
 * - `gramsMs`: the SQL function `fold_grams` (db/sqlite-functions.ts `searchGrams`) over every
 *   record's searched text — the JavaScript part, run by the build and by every write's trigger;
 * - `buildMs`: building the search index (platform/ddl.ts `ensureSearchIndex`: FTS5 table,
 *   triggers, filled in chunks on the app's writer);
 * - `updateMs`: `records.update` of `UPDATES` records one by one afterwards (each write's
 *   trigger makes the record's tokens again);
 * each `RUNS` times on a fresh copy, and prints the medians as JSON.
 * Run: node --conditions=source --import tsx bench/search-index.ts
 * Env: BENCH_ROWS (default 100000), BENCH_RUNS (default 3), BENCH_UPDATES (default 2000).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { benchApp } from './lib/app.js';
import { seedRows } from './lib/seed.js';
import { ensureSearchIndex } from '../apps/server/src/platform/ddl.js';
import { textIndexable, searchText } from '../apps/server/src/platform/text-index.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 2000);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const runs: { gramsMs: number; buildMs: number; updateMs: number }[] = [];
const load: number[] = [loadavg()[0] ?? 0];

for (let r = 0; r < RUNS; r++) {
  const { app, qry, signed, token, obj, close } = await benchApp({ textFields: true });
  try {
    await seedRows(app, obj.id, ROWS, signed.session.user.id);
    const k = app.db.kysely;
    const o = await k
      .selectFrom('pf_objects')
      .select('table_name')
      .where('id', '=', obj.id)
      .executeTakeFirstOrThrow();
    const fields = await k
      .selectFrom('pf_fields')
      .select(['code', 'type', 'column_name'])
      .where('object_id', '=', obj.id)
      .execute();
    const columns = fields
      .filter((f) => textIndexable(f.type as Parameters<typeof textIndexable>[0]))
      .map((f) => f.column_name)
      .sort();
    const table = sql.id(o.table_name);

    let t0 = performance.now();
    await sql`select count(fold_grams(${searchText(columns, 'sqlite')})) as n from ${table}`.execute(
      k,
    );
    const gramsMs = performance.now() - t0;

    t0 = performance.now();
    await ensureSearchIndex(app.db, obj.id, o.table_name, columns);
    const buildMs = performance.now() - t0;

    t0 = performance.now();
    for (let i = 0; i < UPDATES; i++)
      await qry(token, 'records.update', {
        objectId: obj.id,
        id: 1 + ((i * 7919) % ROWS),
        values: { note: `Checked by Zoë, batch ${i}` },
      });
    const updateMs = performance.now() - t0;
    runs.push({ gramsMs, buildMs, updateMs });
  } finally {
    await close();
  }
  load.push(loadavg()[0] ?? 0);
}

console.log(
  JSON.stringify(
    {
      database: 'sqlite',
      rows: ROWS,
      runs: RUNS,
      searchedFields: 5,
      loadAverage: load.map((x) => +x.toFixed(2)),
      gramsMs: +median(runs.map((x) => x.gramsMs)).toFixed(0),
      gramsUsPerRecord: +((median(runs.map((x) => x.gramsMs)) * 1000) / ROWS).toFixed(2),
      buildMs: +median(runs.map((x) => x.buildMs)).toFixed(0),
      updates: UPDATES,
      updateMsPerRecord: +(median(runs.map((x) => x.updateMs)) / UPDATES).toFixed(3),
      all: runs.map((x) => ({
        gramsMs: +x.gramsMs.toFixed(0),
        buildMs: +x.buildMs.toFixed(0),
        updateMs: +x.updateMs.toFixed(0),
      })),
    },
    null,
    2,
  ),
);
