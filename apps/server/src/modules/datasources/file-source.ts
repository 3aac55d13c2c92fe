import { rm } from 'node:fs/promises';
import type { ImportFormat } from '@fiscus/contracts';
import SQLite from '../../db/sqlite.js';
import type { Lang } from '../../platform/messages.js';
import { columnNames, readRows, type Row } from '../imports/index.js';

/**
 * A CSV or XLSX file as a data source: its rows are written once into a SQLite database of the
 * source's own (`DATA_DIR/sources/<id>.sqlite`), one table per sheet (a CSV file: one table
 * named after the file), so the file is browsed, previewed and mounted — live or synced — like
 * any SQLite source. The first row names the columns (blank names become `#n`, repeated ones
 * get ` (2)`, ` (3)`…). Each column is declared with the type all its values fit: whole numbers
 * (up to 15 digits, no leading zero) INTEGER, numbers with a decimal point NUMERIC, ISO dates
 * DATE, ISO date-times DATETIME, anything else TEXT; empty cells are NULL.
 */

const INT = /^[-+]?(0|[1-9]\d{0,14})$/;
const DEC = /^[-+]?(0|[1-9]\d*)?(\.\d+)?([eE][-+]?\d{1,3})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

type ColumnKind = 'empty' | 'integer' | 'decimal' | 'date' | 'datetime' | 'text';

function kindOf(v: string): ColumnKind {
  if (INT.test(v)) return 'integer';
  if (DEC.test(v) && /\d/.test(v)) return 'decimal';
  if (DATE.test(v)) return 'date';
  if (DATETIME.test(v)) return 'datetime';
  return 'text';
}

/** The kind both fit (whole numbers within numbers, dates within date-times). */
function widen(a: ColumnKind, b: ColumnKind): ColumnKind {
  if (a === b || b === 'empty') return a;
  if (a === 'empty') return b;
  const pair = (x: ColumnKind, y: ColumnKind) => (a === x && b === y) || (a === y && b === x);
  if (pair('integer', 'decimal')) return 'decimal';
  if (pair('date', 'datetime')) return 'datetime';
  return 'text';
}

const DECLARED: Record<ColumnKind, string> = {
  empty: 'TEXT',
  integer: 'INTEGER',
  decimal: 'NUMERIC',
  date: 'DATE',
  datetime: 'DATETIME',
  text: 'TEXT',
};

export interface FileTable {
  name: string;
  rows: number;
  columns: number;
}

const q = (s: string) => `"${s.replaceAll('"', '""')}"`;

/** Names made unique without regard to case: `a`, `A (2)`, `a (3)`… */
function unique(names: string[], taken = new Set<string>()): string[] {
  return names.map((n) => {
    let out = n;
    for (let i = 2; taken.has(out.toLowerCase()); i++) out = `${n} (${i})`;
    taken.add(out.toLowerCase());
    return out;
  });
}

/** The table of one sheet (or of the CSV file): rows staged as text, then typed. */
class TableWriter {
  private names: string[] | undefined;
  private kinds: ColumnKind[] = [];
  private width = 0;
  rows = 0;
  private readonly stage: string;

  constructor(
    private readonly db: SQLite.Database,
    readonly name: string,
    index: number,
  ) {
    this.stage = `stage_${index}`;
  }

  private grow(width: number): void {
    for (let c = this.width; c < width; c++) {
      this.db.exec(
        c === 0
          ? `create temp table ${this.stage} (c0 text)`
          : `alter table ${this.stage} add column c${c} text`,
      );
      this.kinds.push('empty');
    }
    this.width = Math.max(this.width, width);
  }

  add(rows: Row[]): void {
    let from = 0;
    if (!this.names) {
      const header = rows[0];
      if (!header) return;
      this.names = header.map((h) => h ?? '');
      this.grow(Math.max(1, header.length));
      from = 1;
    }
    let width = this.width;
    for (let r = from; r < rows.length; r++) width = Math.max(width, (rows[r] as Row).length);
    this.grow(width);
    const cols = Array.from({ length: this.width }, (_, c) => `c${c}`);
    const insert = this.db.prepare(
      `insert into ${this.stage} (${cols.join(', ')}) values (${cols.map(() => '?').join(', ')})`,
    );
    const values = new Array<string | null>(this.width);
    for (let r = from; r < rows.length; r++) {
      const row = rows[r] as Row;
      for (let c = 0; c < this.width; c++) {
        const raw = row[c];
        const v = raw === null || raw === undefined ? '' : raw.trim();
        if (v === '') values[c] = null;
        else {
          values[c] = v;
          const k = this.kinds[c] as ColumnKind;
          if (k !== 'text') this.kinds[c] = widen(k, kindOf(v));
        }
      }
      insert.run(values);
      this.rows++;
    }
  }

  /** Writes the typed table; answers what it holds. */
  finish(): FileTable | undefined {
    if (!this.names) return undefined;
    const names = unique(columnNames(this.names, this.width));
    const defs = names.map((n, c) => `${q(n)} ${DECLARED[this.kinds[c] as ColumnKind]}`);
    this.db.exec(`create table ${q(this.name)} (${defs.join(', ')})`);
    this.db.exec(
      `insert into ${q(this.name)} select ${names.map((_, c) => `c${c}`).join(', ')} from ${this.stage} order by rowid`,
    );
    this.db.exec(`drop table ${this.stage}`);
    return { name: this.name, rows: this.rows, columns: this.width };
  }
}

const BATCH = 5000;

/**
 * Writes `file` (CSV or XLSX) as a new SQLite database at `target` (replaced if there);
 * `baseName` names a CSV file's table. Unreadable files end in the import reader's 422 with a
 * translated message; nothing is left at `target` then.
 */
export async function fileToSqlite(
  file: string,
  format: ImportFormat,
  target: string,
  opts: { baseName: string; lang: Lang; tempDir: string; fileSize: number },
): Promise<FileTable[]> {
  await rm(target, { force: true });
  const db = new SQLite(target);
  const tables: FileTable[] = [];
  try {
    db.pragma('journal_mode = off');
    db.pragma('synchronous = off');
    const taken = new Set<string>();
    const read = async (sheet: string | null, index: number, name: string) => {
      const w = new TableWriter(db, name, index);
      db.exec('begin');
      const info = await readRows(
        file,
        format,
        { delimiter: null, encoding: 'auto', sheet },
        { batchSize: BATCH, lang: opts.lang, fileSize: opts.fileSize, tempDir: opts.tempDir },
        (batch) => {
          w.add(batch.rows);
        },
      );
      const t = w.finish();
      db.exec('commit');
      if (t) tables.push(t);
      return info;
    };
    if (format === 'csv') {
      await read(null, 0, unique([opts.baseName || 'data'], taken)[0] as string);
    } else {
      // The first sheet tells the others' names.
      const first = await readRows(
        file,
        format,
        { delimiter: null, encoding: 'auto', sheet: null },
        { batchSize: 1, lang: opts.lang, sample: 0, tempDir: opts.tempDir },
        () => false,
      );
      const names = unique(
        first.sheets.map((s) => s.slice(0, 128) || 'Sheet'),
        taken,
      );
      for (let i = 0; i < first.sheets.length; i++)
        await read(first.sheets[i] as string, i, names[i] as string);
    }
    db.exec('vacuum');
    db.close();
    return tables;
  } catch (err) {
    if (db.inTransaction) db.exec('rollback');
    db.close();
    await rm(target, { force: true });
    throw err;
  }
}
