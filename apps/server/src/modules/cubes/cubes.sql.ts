import type { CubeValue } from '@fiscus/contracts';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import { divideRound, formatUnits, pow10 } from '../../platform/decimal.js';
import type { DimModel, MeasureModel } from './cubes.model.js';
import { SUM_SPLIT } from '../../platform/sums.js';
import { fieldScale, parseUnits, unitsFromDb } from './cubes.numbers.js';

/**
 * The aggregation of a cube layout as one SQL statement. The members of each dimension are
 * computed in a subquery (`g0…`: the column, or a date's period text), the measures' inputs
 * beside them (`v0…`), and every combination of a row prefix and a column prefix — the leaves,
 * the subtotals and the grand totals — is one grouping set:
 *
 * - PostgreSQL: `GROUP BY GROUPING SETS ((g0, g1, g2), (g0, g1), …, ())`, one pass; the set a
 *   row belongs to is `grouping(g0, …)`.
 * - SQLite (no grouping sets): the finest set is aggregated once into a materialized CTE and
 *   every coarser set is rolled up from it (sums of sums, counts of counts, min of mins) with
 *   UNION ALL, so the table is read once. Distinct counts do not roll up: with one in the
 *   layout, every set is aggregated from the rows (UNION ALL of GROUP BYs).
 *
 * The set of a row is a bit mask as PostgreSQL's `grouping()` writes it: bit (n − 1 − i) is set
 * when dimension i is aggregated away. Records are never loaded into JavaScript.
 */

export interface Aggregation {
  query: RawBuilder<Record<string, unknown>>;
  /** Reads measure `i` of a result row. */
  read: ((row: Record<string, unknown>) => CubeValue)[];
}

/**
 * The member of a record: the column, or a date's period text (`2026`, `2026-Q2`, `2026-05`,
 * `2026-05-15`). A quarter is (month + 2) divided by 3 as whole numbers: `/` of two integers is
 * integer division on SQLite and PostgreSQL, but a decimal on MySQL/MariaDB (a live mount's
 * source), which has `div` for it.
 */
function memberExpr(
  d: DimModel,
  dialect: DialectName,
  column?: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const c = column ?? sql.id(d.field.column);
  if (d.kind !== 'date') return c;
  switch (d.grain) {
    case 'year':
      return sql`substr(${c}, 1, 4)`;
    case 'quarter': {
      const month = sql`cast(substr(${c}, 6, 2) as integer) + 2`;
      const quarter = dialect === 'mysql' ? sql`(${month}) div 3` : sql`(${month}) / 3`;
      return sql`substr(${c}, 1, 4) || '-Q' || cast(${quarter} as text)`;
    }
    case 'day':
      return sql`substr(${c}, 1, 10)`;
    default:
      return sql`substr(${c}, 1, 7)`;
  }
}

interface MeasureSql {
  /** Aggregates straight from the rows (grouping sets, union of group-bys). */
  direct: RawBuilder<unknown>[];
  /** SQLite roll-up: the finest aggregation and the one over it. */
  base: RawBuilder<unknown>[];
  roll: RawBuilder<unknown>[];
  /** A roll-up whose result is rolled up again (no casts to text). */
  mid: RawBuilder<unknown>[];
  read: (row: Record<string, unknown>) => CubeValue;
}

function measureSql(m: MeasureModel, i: number, dialect: DialectName): MeasureSql {
  const v = sql.id(`v${i}`);
  const name = (s: string) => `m${i}${s}`;
  const id = (s: string) => sql.id(name(s));
  const f = m.field;
  const count = (r: Record<string, unknown>) => Number(r[name('c')] ?? 0);
  if (m.fn === 'count' || m.fn === 'count_distinct') {
    const arg = f ? v : sql`*`;
    const agg = m.fn === 'count_distinct' ? sql`count(distinct ${v})` : sql`count(${arg})`;
    return {
      direct: [sql`${agg} as ${id('c')}`],
      base: [sql`count(${arg}) as ${id('c')}`],
      roll: [sql`sum(${id('c')}) as ${id('c')}`],
      mid: [sql`sum(${id('c')}) as ${id('c')}`],
      read: count,
    };
  }
  if (!f) throw new Error('measure without a field');
  if (m.fn === 'min' || m.fn === 'max') {
    const fn = sql.raw(m.fn);
    // Numbers are read as text: SQLite's units may pass 2^53.
    const numeric = f.type !== 'date' && f.type !== 'datetime';
    const out = (x: RawBuilder<unknown>) => (numeric ? sql`cast(${x} as text)` : x);
    return {
      direct: [sql`${out(sql`${fn}(${v})`)} as ${id('v')}`],
      base: [sql`${fn}(${v}) as ${id('v')}`],
      roll: [sql`${out(sql`${fn}(${id('v')})`)} as ${id('v')}`],
      mid: [sql`${fn}(${id('v')}) as ${id('v')}`],
      read: (r) => {
        const x = r[name('v')];
        if (x === null || x === undefined) return null;
        if (!numeric) return String(x);
        const units = unitsFromDb(f, x, dialect) as bigint;
        if (f.type === 'integer') return Number(units);
        return formatUnits(units, m.info.scale);
      },
    };
  }
  // sum and avg: exact units at the field's scale.
  // Whole numbers and SQLite's decimal units are integers: summed as a high and a low part so
  // that no sum overflows (platform/sums.ts); PostgreSQL sums exactly by itself.
  const scale = fieldScale(f);
  const sqlite = dialect === 'sqlite';
  const split = sql.lit(SUM_SPLIT);
  const direct = sqlite
    ? [
        sql`cast(sum(${v} / ${split}) as text) as ${id('h')}`,
        sql`cast(sum(${v} % ${split}) as text) as ${id('l')}`,
      ]
    : [sql`cast(sum(${v}) as text) as ${id('h')}`];
  const base = sqlite
    ? [sql`sum(${v} / ${split}) as ${id('h')}`, sql`sum(${v} % ${split}) as ${id('l')}`]
    : [sql`sum(${v}) as ${id('h')}`];
  const roll = sqlite
    ? [
        sql`cast(sum(${id('h')}) as text) as ${id('h')}`,
        sql`cast(sum(${id('l')}) as text) as ${id('l')}`,
      ]
    : [sql`sum(${id('h')}) as ${id('h')}`];
  const sumUnits = (r: Record<string, unknown>): bigint => {
    const h = r[name('h')];
    if (sqlite)
      return BigInt(String(h ?? 0)) * BigInt(SUM_SPLIT) + BigInt(String(r[name('l')] ?? 0));
    if (h === null || h === undefined) return 0n;
    return parseUnits(String(h), scale) ?? 0n;
  };
  return {
    direct: [...direct, sql`count(${v}) as ${id('c')}`],
    base: [...base, sql`count(${v}) as ${id('c')}`],
    roll: [...roll, sql`sum(${id('c')}) as ${id('c')}`],
    mid: [
      ...(sqlite
        ? [sql`sum(${id('h')}) as ${id('h')}`, sql`sum(${id('l')}) as ${id('l')}`]
        : [sql`sum(${id('h')}) as ${id('h')}`]),
      sql`sum(${id('c')}) as ${id('c')}`,
    ],
    read: (r) => {
      const n = count(r);
      if (n === 0) return null;
      const units = sumUnits(r);
      if (m.fn === 'sum') return formatUnits(units, m.info.scale);
      const out = m.info.scale;
      return formatUnits(divideRound(units * pow10(out), BigInt(n) * pow10(scale)), out);
    },
  };
}

/** Bit mask of a grouping set: which of the n dimensions are aggregated away. */
export function gidOf(grouped: readonly boolean[]): number {
  let g = 0;
  const n = grouped.length;
  grouped.forEach((kept, i) => {
    if (!kept) g |= 1 << (n - 1 - i);
  });
  return g;
}

/**
 * The grouping sets of a layout: every row prefix (0…R dimensions) with every column prefix
 * (0…C), over the dimension order rows then columns.
 */
export function groupingSets(r: number, c: number): boolean[][] {
  const sets: boolean[][] = [];
  for (let i = r; i >= 0; i--) {
    for (let j = c; j >= 0; j--) {
      sets.push([
        ...Array.from({ length: r }, (_, k) => k < i),
        ...Array.from({ length: c }, (_, k) => k < j),
      ]);
    }
  }
  return sets;
}

export function buildAggregation(opts: {
  dialect: DialectName;
  /** The FROM item: the object's table, or a live mount's source (platform/relation.ts). */
  from: RawBuilder<unknown>;
  where: RawBuilder<SqlBool>;
  dims: DimModel[];
  rowCount: number;
  measures: MeasureModel[];
  limit: number;
}): Aggregation {
  const { dialect, dims, measures } = opts;
  const n = dims.length;
  const gs = dims.map((_, i) => sql.id(`g${i}`));
  const inner: RawBuilder<unknown>[] = dims.map(
    (d, i) => sql`${memberExpr(d, dialect)} as ${sql.id(`g${i}`)}`,
  );
  measures.forEach((m, i) => {
    if (m.field) inner.push(sql`${sql.id(m.field.column)} as ${sql.id(`v${i}`)}`);
  });
  if (!inner.length) inner.push(sql`1 as one`);
  const rows = sql`select ${sql.join(inner)} from ${opts.from} where ${opts.where}`;
  const ms = measures.map((m, i) => measureSql(m, i, dialect));
  const sets = groupingSets(opts.rowCount, n - opts.rowCount);
  const limit = sql.lit(opts.limit + 1);
  const read = ms.map((m) => m.read);

  if (dialect === 'postgres') {
    const aggs = ms.flatMap((m) => m.direct);
    if (!n) return { query: sql`select 0 as gid, ${sql.join(aggs)} from (${rows}) s`, read };
    const setList = sets.map((s) => {
      const kept = gs.filter((_, i) => s[i]);
      return kept.length ? sql`(${sql.join(kept)})` : sql`()`;
    });
    return {
      query: sql`select ${sql.join(gs)}, grouping(${sql.join(gs)}) as gid, ${sql.join(aggs)} from (${rows}) s group by grouping sets (${sql.join(setList)}) limit ${limit}`,
      read,
    };
  }

  const distinct = measures.some((m) => m.fn === 'count_distinct');
  const branch = (s: boolean[], aggs: RawBuilder<unknown>[], from: RawBuilder<unknown>) => {
    const cols = gs.map((g, i) => (s[i] ? g : sql`null as ${g}`));
    const kept = gs.filter((_, i) => s[i]);
    const by = kept.length ? sql` group by ${sql.join(kept)}` : sql``;
    const head = cols.length ? sql`${sql.join(cols)}, ` : sql``;
    return sql`select ${head}${sql.lit(gidOf(s))} as gid, ${sql.join(aggs)} from ${from}${by}`;
  };
  if (distinct || !n) {
    const aggs = ms.flatMap((m) => m.direct);
    const parts = (n ? sets : [[]]).map((s) => branch(s, aggs, sql`(${rows}) s`));
    return {
      query: sql`select * from (${sql.join(parts, sql` union all `)}) u limit ${limit}`,
      read,
    };
  }
  // Dates by period: the records are first aggregated by the dimensions' own columns — in the
  // order of the cube's covering index (see cubes.index.ts), so SQLite reads the index in order
  // and needs no sort — and the periods are formed from those (far fewer) rows.
  const columns = [...new Set(dims.map((d) => d.field.column))];
  const periods = dims.some((d) => d.kind === 'date');
  let base: RawBuilder<unknown>;
  if (periods) {
    const rs = columns.map((_, j) => sql.id(`r${j}`));
    const rawSel: RawBuilder<unknown>[] = columns.map(
      (c, j) => sql`${sql.id(c)} as ${sql.id(`r${j}`)}`,
    );
    measures.forEach((m, i) => {
      if (m.field) rawSel.push(sql`${sql.id(m.field.column)} as ${sql.id(`v${i}`)}`);
    });
    const raw = sql`select ${sql.join(rawSel)} from ${opts.from} where ${opts.where}`;
    const first = sql`select ${sql.join(rs)}, ${sql.join(ms.flatMap((m) => m.base))} from (${raw}) s group by ${sql.join(rs)}`;
    const members = dims.map(
      (d, i) =>
        sql`${memberExpr(d, dialect, sql.id(`r${columns.indexOf(d.field.column)}`))} as ${sql.id(`g${i}`)}`,
    );
    base = sql`select ${sql.join(members)}, ${sql.join(ms.flatMap((m) => m.mid))} from (${first}) a group by ${sql.join(gs)}`;
  } else {
    base = sql`select ${sql.join(gs)}, ${sql.join(ms.flatMap((m) => m.base))} from (${rows}) s group by ${sql.join(gs)}`;
  }
  const rollAggs = ms.flatMap((m) => m.roll);
  const parts = sets.map((s) => branch(s, rollAggs, sql`b`));
  return {
    // A statement that starts with `select` reads (the write watch counts anything else).
    query: sql`select * from (with b as materialized (${base}) select * from (${sql.join(parts, sql` union all `)}) u) r limit ${limit}`,
    read,
  };
}

/** Where a measure's input lies in a summary (platform/aggregates.ts). */
export interface SummaryInput {
  /** The summary's table. */
  table: string;
  /** Summary column index of each dimension's field (`c<i>`). */
  dims: number[];
  /** Summary sum index of each measure's field (`s<i>…`); undefined for a count of records. */
  measures: (number | undefined)[];
  /** The condition over the summary's columns (live groups, parameters, filter). */
  where: RawBuilder<SqlBool>;
}

/**
 * The aggregation of a layout from a maintained aggregate instead of the records: the same
 * result rows (`g…`, `gid`, `m…`) as `buildAggregation`, from the summary's rows — one per group
 * of its columns (PostgreSQL: several, added up) with the number of records, each summed
 * field's exact sum and its number of non-empty values. Sums add up, counts add up, averages
 * are sum ÷ count: only sum, avg and count measures (of records or of a number field) come
 * from a summary. A group whose records are all gone keeps a row with count 0: it is left out
 * (`having`), as it has no records; the grand total is kept always, as from the records.
 */
export function buildSummaryAggregation(opts: {
  dialect: DialectName;
  summary: SummaryInput;
  dims: DimModel[];
  rowCount: number;
  measures: MeasureModel[];
  limit: number;
}): Aggregation {
  const { dialect, dims, measures, summary } = opts;
  const sqlite = dialect === 'sqlite';
  const n = dims.length;
  const gs = dims.map((_, i) => sql.id(`g${i}`));
  const inner: RawBuilder<unknown>[] = dims.map(
    (d, i) => sql`${memberExpr(d, dialect, sql.id(`c${summary.dims[i]}`))} as ${sql.id(`g${i}`)}`,
  );
  inner.push(sql`cnt`);
  measures.forEach((m, i) => {
    const s = summary.measures[i];
    const v = (suffix: string) => sql.id(`v${i}${suffix}`);
    if (s === undefined) {
      if (m.field) throw new Error('a summed measure without its summary column');
      return;
    }
    const col = (suffix: string) => sql.id(`s${s}${suffix}`);
    inner.push(sql`${col('n')} as ${v('n')}`);
    if (m.fn === 'count') return;
    if (sqlite) inner.push(sql`${col('h')} as ${v('h')}`, sql`${col('l')} as ${v('l')}`);
    else inner.push(sql`${col('')} as ${v('h')}`);
  });
  const rows = sql`select ${sql.join(inner)} from ${sql.id(summary.table)} where ${summary.where}`;
  /** First-stage aggregates of measure i from the rows; `text`: sums as text (final stage). */
  const first = (text: boolean) =>
    measures.flatMap((m, i) => {
      const id = (s: string) => sql.id(`m${i}${s}`);
      const v = (s: string) => sql.id(`v${i}${s}`);
      const out = (x: RawBuilder<unknown>) => (text ? sql`cast(${x} as text)` : x);
      const counted = summary.measures[i] === undefined ? sql`cnt` : v('n');
      const c = sql`sum(${counted}) as ${id('c')}`;
      if (m.fn === 'count') return [c];
      return sqlite
        ? [
            sql`${out(sql`sum(${v('h')})`)} as ${id('h')}`,
            sql`${out(sql`sum(${v('l')})`)} as ${id('l')}`,
            c,
          ]
        : [sql`${out(sql`sum(${v('h')})`)} as ${id('h')}`, c];
    });
  const read = measures.map((m, i) => measureSql(m, i, dialect).read);
  const limit = sql.lit(opts.limit + 1);
  if (!n)
    return {
      query: sql`select 0 as gid, ${sql.join(first(true))}, count(*) as summary_rows from (${rows}) s`,
      read,
    };
  const sets = groupingSets(opts.rowCount, n - opts.rowCount);
  if (!sqlite) {
    const setList = sets.map((s) => {
      const kept = gs.filter((_, i) => s[i]);
      return kept.length ? sql`(${sql.join(kept)})` : sql`()`;
    });
    const all = sql.lit((1 << n) - 1);
    return {
      query: sql`select ${sql.join(gs)}, grouping(${sql.join(gs)}) as gid, ${sql.join(first(true))}, count(*) as summary_rows from (${rows}) s group by grouping sets (${sql.join(setList)}) having sum(cnt) > 0 or grouping(${sql.join(gs)}) = ${all} limit ${limit}`,
      read,
    };
  }
  // SQLite: the finest set once (groups with records only), every coarser set rolled up from it.
  const base = sql`select ${sql.join(gs)}, ${sql.join(first(false))} from (${rows}) s group by ${sql.join(gs)} having sum(cnt) > 0`;
  const rollAggs = measures.flatMap((m, i) => measureSql(m, i, dialect).roll);
  const parts = sets.map((s) => {
    const cols = gs.map((g, i) => (s[i] ? g : sql`null as ${g}`));
    const kept = gs.filter((_, i) => s[i]);
    const by = kept.length ? sql` group by ${sql.join(kept)}` : sql``;
    return sql`select ${sql.join(cols)}, ${sql.lit(gidOf(s))} as gid, ${sql.join(rollAggs)} from b${by}`;
  });
  return {
    query: sql`select * from (with b as materialized (${base}) select * from (${sql.join(parts, sql` union all `)}) u) r limit ${limit}`,
    read,
  };
}
