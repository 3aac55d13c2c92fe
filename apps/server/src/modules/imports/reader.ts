import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type {
  FieldOptions,
  FieldType,
  ImportFormat,
  ImportSettings,
  TextEncoding,
} from '@fiscus/contracts';
import { AppError } from '../../lib/app-error.js';
import { parseDecimal } from '../../platform/decimal.js';
import type { Lang } from '../../platform/messages.js';
import { decode, detectEncoding, excerpt, joined } from '../../lib/text-encoding.js';
import { CsvError, CsvParser, detectDelimiter, makeDecoder, type Row } from './csv.js';
import { importsText, unreadable } from './imports.messages.js';
import { Workbook, XlsxError, type RowBatch, type XlsxLimits } from './xlsx.js';

export type { Row, RowBatch };

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The import format of a stored file's detected type, or undefined. */
export function formatOfType(type: string): ImportFormat | undefined {
  const t = type.toLowerCase().split(';')[0]?.trim();
  if (t === CSV_TYPE || t === 'application/csv') return 'csv';
  if (t === XLSX_TYPE) return 'xlsx';
  return undefined;
}

export interface ReadInfo {
  sheets: string[];
  /** CSV: the encoding the rows were read in. */
  encoding: TextEncoding | null;
  /** CSV: the encodings the file reads plausibly in (most likely first), with an excerpt each. */
  encodings: { encoding: TextEncoding; sample: string }[];
  /** CSV: more than one encoding is plausible. */
  encodingUncertain: boolean;
  delimiter: string | null;
}

const NO_TEXT: Pick<ReadInfo, 'encoding' | 'encodings' | 'encodingUncertain'> = {
  encoding: null,
  encodings: [],
  encodingUncertain: false,
};

const SAMPLE_BYTES = 64 * 1024;
const WINDOW_BYTES = 16 * 1024;
const READ_CHUNK = 256 * 1024;
/** A CSV batch is handed over early once this much of the file went into it. */
const BATCH_BYTES = 16 * 1024 * 1024;

function fileProblem(err: unknown, lang: Lang): unknown {
  if (err instanceof CsvError) {
    return err.reason === 'columns'
      ? unreadable(lang, 'imp.too_many_columns', { max: err.limit })
      : unreadable(lang, 'imp.cell_too_long', { max: err.limit });
  }
  if (err instanceof XlsxError) {
    const p = err.problem;
    switch (p.kind) {
      case 'entries':
        return unreadable(lang, 'imp.zip_entries', { max: p.max });
      case 'size':
        return unreadable(lang, 'imp.zip_size', { max: `${Math.round(p.max / 1024 / 1024)} MB` });
      case 'ratio':
        return unreadable(lang, 'imp.zip_ratio');
      case 'zip':
        return unreadable(lang, 'imp.bad_zip');
      case 'xml':
        return unreadable(lang, 'imp.bad_xml', { reason: p.reason.slice(0, 200) });
      case 'columns':
        return unreadable(lang, 'imp.too_many_columns', { max: p.max });
      case 'cell':
        return unreadable(lang, 'imp.cell_too_long', { max: p.max });
      case 'text':
        return unreadable(lang, 'imp.sheet_text', { max: Math.round(p.max / 1_000_000) });
    }
  }
  return err;
}

export interface ReadOptions {
  batchSize: number;
  lang: Lang;
  /** XLSX caps (tests lower them). */
  limits?: Partial<XlsxLimits>;
  fileSize?: number;
  /** Where large XLSX shared-string tables spill (the data folder's temp folder). */
  tempDir?: string;
  /**
   * Only a sample of this many rows is wanted: an XLSX file then looks up only the shared
   * strings those rows use.
   */
  sample?: number;
}

/**
 * Reads a CSV or XLSX file as the settings say, in batches of about `batchSize` rows (empty
 * rows are left out but counted). `onBatch` gets the rows with their 1-based row numbers in
 * the file and the fraction of the file read; it may await (reading waits) and return false
 * to stop. Caps and unreadable files end in a 422 `unprocessable` with a translated message.
 */
export async function readRows(
  file: string,
  format: ImportFormat,
  settings: Pick<ImportSettings, 'delimiter' | 'encoding' | 'sheet'>,
  opts: ReadOptions,
  onBatch: (batch: RowBatch, fraction: number) => Promise<boolean | void> | boolean | void,
): Promise<ReadInfo> {
  try {
    if (format === 'xlsx') return await readXlsx(file, settings, opts, onBatch);
    return await readCsv(file, settings, opts, onBatch);
  } catch (err) {
    throw fileProblem(err, opts.lang);
  }
}

async function readXlsx(
  file: string,
  settings: Pick<ImportSettings, 'sheet'>,
  opts: ReadOptions,
  onBatch: (batch: RowBatch, fraction: number) => Promise<boolean | void> | boolean | void,
): Promise<ReadInfo> {
  const wb = await Workbook.open(file, {
    ...(opts.limits ? { limits: opts.limits } : {}),
    ...(opts.tempDir ? { tempDir: opts.tempDir } : {}),
  });
  try {
    const sheets = wb.sheets.map((s) => s.name);
    if (!sheets.length)
      throw new AppError('unprocessable', importsText(opts.lang, 'imp.no_sheets'));
    const sheet = wb.sheet(settings.sheet);
    if (!sheet)
      throw new AppError(
        'unprocessable',
        importsText(opts.lang, 'imp.sheet_missing', {
          sheet: String(settings.sheet).slice(0, 100),
        }),
      );
    if (opts.sample !== undefined) await onBatch(await wb.sample(sheet, opts.sample), 0);
    else await wb.readSheet(sheet, opts.batchSize, (batch) => onBatch(batch, wb.fraction()));
    return { sheets, ...NO_TEXT, delimiter: null };
  } finally {
    wb.close();
  }
}

/**
 * What the encoding is detected from: the first 64 kB and, in a larger file, 16 kB from a third,
 * two thirds and the end (each starting at a character: leading UTF-8 continuation bytes are
 * skipped), so that a file whose first rows are plain ASCII is not taken for UTF-8 blindly.
 */
async function readSample(file: string): Promise<{ head: Buffer; windows: Buffer[] }> {
  const fh = await open(file, 'r');
  try {
    const read = async (at: number, length: number) => {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await fh.read(buf, 0, length, at);
      return buf.subarray(0, bytesRead);
    };
    const head = await read(0, SAMPLE_BYTES);
    const { size } = await fh.stat();
    const windows: Buffer[] = [];
    if (size > SAMPLE_BYTES + WINDOW_BYTES) {
      for (const at of [size / 3, (2 * size) / 3, size - WINDOW_BYTES]) {
        const w = await read(Math.floor(at / 2) * 2, WINDOW_BYTES);
        let skip = 0;
        while (skip < 3 && skip < w.length && ((w[skip] as number) & 0xc0) === 0x80) skip++;
        windows.push(w.subarray(skip));
      }
    }
    return { head, windows };
  } finally {
    await fh.close();
  }
}

async function readCsv(
  file: string,
  settings: Pick<ImportSettings, 'delimiter' | 'encoding'>,
  opts: { batchSize: number; fileSize?: number },
  onBatch: (batch: RowBatch, fraction: number) => Promise<boolean | void> | boolean | void,
): Promise<ReadInfo> {
  const sample = await readSample(file);
  const guess = detectEncoding(sample.head, sample.windows);
  const encoding = settings.encoding === 'auto' ? guess.encoding : settings.encoding;
  const sampleText = decode(sample.head, encoding);
  const read: Pick<ReadInfo, 'encoding' | 'encodings' | 'encodingUncertain'> = {
    encoding,
    encodings: guess.plausible.map((e) => ({
      encoding: e,
      sample: excerpt(
        decode(e.startsWith('utf-16') ? sample.head : joined([sample.head, ...sample.windows]), e),
      ),
    })),
    encodingUncertain: guess.uncertain,
  };
  const delimiter = settings.delimiter ?? detectDelimiter(sampleText);
  const size = opts.fileSize ?? 0;
  const decoder = makeDecoder(encoding);
  const parser = new CsvParser(delimiter);
  let out: string[][] = [];
  let rowNo = 0;
  let bytes = 0;
  let first = true;
  /** Bytes read since the last batch: long rows make a batch early. */
  let pending = 0;
  const emit = async (final: boolean): Promise<boolean> => {
    if (!out.length || (!final && out.length < opts.batchSize && pending < BATCH_BYTES))
      return true;
    pending = 0;
    const rows: Row[] = [];
    const nums: number[] = [];
    for (const r of out) {
      rowNo++;
      if (r.length === 1 && r[0] === '') continue;
      rows.push(r);
      nums.push(rowNo);
    }
    out = [];
    if (!rows.length) return true;
    const fraction = size ? Math.min(1, bytes / size) : 0;
    return (await onBatch({ rows, nums }, fraction)) !== false;
  };
  const stream = createReadStream(file, { highWaterMark: READ_CHUNK });
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      bytes += buf.length;
      pending += buf.length;
      let text = decoder.write(buf);
      if (first) {
        text = text.replace(/^\uFEFF/, '');
        first = false;
      }
      parser.push(text, out);
      if (!(await emit(false))) return { sheets: [], ...read, delimiter };
    }
    parser.push(decoder.end(), out);
    parser.end(out);
    await emit(true);
  } finally {
    stream.destroy();
  }
  return { sheets: [], ...read, delimiter };
}

/** Text of a cell for comparison: no accents, case, spaces or punctuation. */
export function normalizeName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Column names: the header's cells (or `#n` where blank), else `#1`, `#2`, … */
export function columnNames(header: Row | undefined, width: number): string[] {
  const names: string[] = [];
  for (let i = 0; i < width; i++) {
    const h = header?.[i]?.trim();
    names.push(h ? h.slice(0, 255) : `#${i + 1}`);
  }
  return names;
}

export type DetectedType =
  'text' | 'integer' | 'decimal' | 'date' | 'datetime' | 'boolean' | 'empty';

const INT = /^[-+]?\d{1,15}$/;
const DEC = /^[-+]?(\d{1,3}([ \u00a0\u202f,.]\d{3})*|\d+)([.,]\d+)?%?$/;
const DMY = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const DMY_TIME = /^(\d{1,2})[./](\d{1,2})[./](\d{4})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const BOOL = new Set(['true', 'false', 'yes', 'no']);

function typeOf(v: string): DetectedType {
  const s = v.trim();
  if (s === '') return 'empty';
  if (INT.test(s)) return 'integer';
  if (DEC.test(s)) return 'decimal';
  if (ISO_DATE.test(s) || DMY.test(s)) return 'date';
  if (ISO_DT.test(s) || DMY_TIME.test(s)) return 'datetime';
  if (BOOL.has(s.toLowerCase())) return 'boolean';
  return 'text';
}

/** The type every sampled value of a column fits (integer within decimal, date within datetime). */
export function detectType(values: (string | null | undefined)[]): DetectedType {
  let acc: DetectedType = 'empty';
  for (const v of values) {
    if (v === null || v === undefined) continue;
    const t = typeOf(v);
    if (t === 'empty' || t === acc) continue;
    if (acc === 'empty') acc = t;
    else if ((acc === 'integer' && t === 'decimal') || (acc === 'decimal' && t === 'integer'))
      acc = 'decimal';
    else if ((acc === 'date' && t === 'datetime') || (acc === 'datetime' && t === 'date'))
      acc = 'datetime';
    else return 'text';
  }
  return acc;
}

const TRUE_WORDS = new Set([
  'true',
  'yes',
  '1',
  'y',
  'x',
  'ja',
  'oui',
  'sim',
  'да',
  'wahr',
  'vrai',
]);
const FALSE_WORDS = new Set([
  'false',
  'no',
  '0',
  'n',
  'nein',
  'non',
  'não',
  'nao',
  'нет',
  'falsch',
  'faux',
]);

function pad2(s: string): string {
  return s.length === 1 ? `0${s}` : s;
}

/** A number written with `,` or `.` as the decimal mark and spaces, `.` or `,` as thousands. */
function cleanNumber(raw: string): string {
  let s = raw.replace(/[\s\u00a0\u202f']/g, '');
  if (s.endsWith('%')) s = s.slice(0, -1);
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    // The later mark is the decimal one; the other separates thousands.
    s = comma > dot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (comma >= 0) {
    s = s.indexOf(',') === comma ? s.replace(',', '.') : s.replace(/,/g, '');
  } else if (s.indexOf('.') !== dot) {
    // Several dots separate thousands (1.234.567).
    s = s.replace(/\./g, '');
  }
  return s;
}

/**
 * A whole number written with thousands separators — `1.234`, `1,234`, `1 234`, `1'234`,
 * `1.234.567` — as its digits (`"1234"`); undefined when the text is not grouped in threes by one
 * separator. For integer fields only: there `1.234` can only mean one thousand two hundred
 * thirty-four.
 */
function groupedWhole(raw: string): string | undefined {
  const m = /^([+-]?)(\d{1,3})((?:([.,'\s\u00a0\u202f])\d{3})(?:\4\d{3})*)$/.exec(raw.trim());
  if (!m) return undefined;
  return `${m[1] === '-' ? '-' : ''}${m[2]}${(m[3] ?? '').replace(/\D/g, '')}`;
}

/**
 * Turns a file cell into what `parseValue` takes for the field's type. Rules (also in the
 * docs): numbers may use `,` or `.` as the decimal mark, spaces or the other mark between
 * thousands, and a trailing `%`; dates are ISO (`2026-12-31`) or day first (`31.12.2026`,
 * `31/12/2026`); date-times are ISO or `31.12.2026 14:30[:00]` (UTC); yes/no words in the
 * console's languages; multiselect cells list choices separated by `;` or `,`.
 */
export function prepareCell(type: FieldType, options: FieldOptions, raw: string): unknown {
  switch (type) {
    case 'decimal':
    case 'money':
    case 'percent': {
      // Kept as text: its digits are the exact value (a number would round long amounts).
      if (raw.trim() === '') return null;
      if (parseDecimal(raw)) return raw.trim();
      const c = cleanNumber(raw);
      return c !== '' && parseDecimal(c) ? c : raw;
    }
    case 'integer':
    case 'reference': {
      const grouped = type === 'integer' ? groupedWhole(raw) : undefined;
      if (grouped !== undefined) return Number(grouped);
      const n = Number(raw);
      if (raw !== '' && Number.isFinite(n)) return n;
      if (raw.trim() === '') return null;
      const c = cleanNumber(raw);
      const m = Number(c);
      return c !== '' && Number.isFinite(m) ? m : raw;
    }
    case 'date': {
      const s = raw.trim();
      if (ISO_DATE.test(s) || s === '') return s;
      const m = DMY.exec(s);
      if (m) return `${m[3]}-${pad2(m[2] as string)}-${pad2(m[1] as string)}`;
      if (/^\d{4}-\d{2}-\d{2}T00:00(:00(\.0+)?)?Z?$/.test(s)) return s.slice(0, 10);
      return s;
    }
    case 'datetime': {
      const s = raw.trim();
      const m = DMY_TIME.exec(s);
      if (m)
        return `${m[3]}-${pad2(m[2] as string)}-${pad2(m[1] as string)}T${pad2(m[4] as string)}:${m[5]}:${m[6] ?? '00'}Z`;
      const d = DMY.exec(s);
      if (d) return `${d[3]}-${pad2(d[2] as string)}-${pad2(d[1] as string)}`;
      return s;
    }
    case 'boolean': {
      const s = raw.trim().toLowerCase();
      if (s === '') return null;
      if (TRUE_WORDS.has(s)) return true;
      if (FALSE_WORDS.has(s)) return false;
      return raw;
    }
    case 'multiselect': {
      const s = raw.trim();
      if (s === '') return null;
      if (options.choices?.some((c) => c.value === s)) return [s];
      return s.split(/\s*[;,]\s*/);
    }
    default:
      return raw;
  }
}
