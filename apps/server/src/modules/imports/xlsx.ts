import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';
import { MAX_CELL, MAX_COLUMNS, type Row } from './csv.js';
import { SharedStrings } from './shared-strings.js';
import { formatDec, parseDecimal, roundSignificant } from '../../platform/decimal.js';

/** Significant digits spreadsheet programs compute with (IEEE doubles: Excel, LibreOffice). */
const SPREADSHEET_DIGITS = 15;

/**
 * A number cell's text as the spreadsheet shows it: its value to 15 significant digits (the
 * precision Excel computes and displays with), as a plain decimal. A cell computed as
 * `=A1*1.19` holds binary noise such as `11.899999999999999` — the user sees and means 11.9.
 * Cells written as text keep every digit (that is how Fiscus writes amounts of more digits).
 */
export function spreadsheetNumber(text: string): string {
  // Google Sheets writes Java's texts of doubles: `1952.0`, `1.7876956E7` — the same numbers.
  if (text.length <= SPREADSHEET_DIGITS && !/[eE]|\.\d*0$/.test(text)) return text;
  const d = parseDecimal(text);
  return d ? formatDec(roundSignificant(d, SPREADSHEET_DIGITS)) : text;
}

/** Caps against zip bombs and oversized workbooks (a workbook is a zip of XML parts). */
export interface XlsxLimits {
  maxEntries: number;
  /** Sum of the declared uncompressed sizes. */
  maxTotalBytes: number;
  /** Largest uncompressed / compressed ratio of one part… */
  maxRatio: number;
  /** …checked for parts larger than this once unpacked. */
  ratioFrom: number;
  /** Shared strings stay in memory up to about this many bytes, then go to a temporary file. */
  sharedStringsMemory: number;
  /** Characters the cells of one sheet may hold together (a shared string counts per use). */
  maxSheetText: number;
}

export const XLSX_LIMITS: XlsxLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxRatio: 100,
  ratioFrom: 1024 * 1024,
  sharedStringsMemory: 64 * 1024 * 1024,
  maxSheetText: 1_000_000_000,
};

export interface WorkbookOptions {
  limits?: Partial<XlsxLimits>;
  /** Where the shared strings go when they outgrow memory (the system's temp folder if absent). */
  tempDir?: string;
}

/** Small parts (workbook, relationships, styles) are read whole, up to this size. */
const SMALL_PART_MAX = 32 * 1024 * 1024;
/** Deepest element nesting accepted (a worksheet needs 7). */
const MAX_DEPTH = 64;
/**
 * Longest run of XML text without a `<` (a cell of MAX_CELL characters written with character
 * references needs at most this); the parser would otherwise gather it whole.
 */
const MAX_RUN = 16 * MAX_CELL;
/** A batch is handed over early once its cells hold this many characters. */
const BATCH_TEXT = 16 * 1024 * 1024;

export type XlsxProblem =
  | { kind: 'entries'; max: number }
  | { kind: 'size'; max: number }
  | { kind: 'ratio' }
  | { kind: 'zip' }
  | { kind: 'xml'; reason: string }
  | { kind: 'columns'; max: number }
  | { kind: 'cell'; max: number }
  | { kind: 'text'; max: number };

class Stop extends Error {}

/** A workbook the reader refuses; `problem.kind` says why (the message is not meant for users). */
export class XlsxError extends Error {
  constructor(
    readonly problem: XlsxProblem,
    options?: ErrorOptions,
  ) {
    super(`xlsx: ${problem.kind}`, options);
    this.name = 'XlsxError';
  }
}

interface Part {
  entry: yauzl.Entry;
  size: number;
}

export interface SheetInfo {
  name: string;
  path: string;
}

/** A batch of rows with their 1-based row numbers in the sheet (empty rows left out). */
export interface RowBatch {
  rows: Row[];
  nums: number[];
}

/** How a part is read: element handlers get local names (no namespace prefix). */
interface Handlers {
  open?: (name: string, attrs: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

interface Relationship {
  id: string;
  /** Last segment of the relationship type (`worksheet`, `sharedStrings`, …). */
  type: string;
  /** Part name the target resolves to (no leading slash), or undefined for external targets. */
  target: string | undefined;
}

/** Part names compare case-insensitively (OPC); some writers use backslashes. */
function key(name: string): string {
  return name.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();
}

/** The part a relationship target points to, from the part that holds the relationship. */
export function resolveTarget(source: string, target: string): string {
  let t = target.trim().replace(/\\/g, '/');
  try {
    t = decodeURIComponent(t);
  } catch {
    // Not percent-encoded: taken as it is.
  }
  const segments = t.startsWith('/') ? [] : source.split('/').slice(0, -1);
  for (const s of t.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') segments.pop();
    else segments.push(s);
  }
  return segments.join('/');
}

/** The relationships part of a part (`xl/workbook.xml` → `xl/_rels/workbook.xml.rels`). */
function relsOf(part: string): string {
  const i = part.lastIndexOf('/');
  return `${part.slice(0, i + 1)}_rels/${part.slice(i + 1)}.rels`;
}

function local(name: string): string {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      file,
      // Sizes are checked while reading (`parse`), so that a lie is told apart from damage.
      { lazyEntries: true, autoClose: false, validateEntrySizes: false, strictFileNames: false },
      (err, zip) =>
        err || !zip ? reject(new XlsxError({ kind: 'zip' }, { cause: err })) : resolve(zip),
    );
  });
}

/** Column index (0-based) of a cell reference like "AB12"; -1 when absent. */
function columnOf(ref: string | undefined): number {
  if (!ref) return -1;
  let n = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) n = n * 26 + (c - 64);
    else if (c >= 97 && c <= 122) n = n * 26 + (c - 96);
    else break;
  }
  return i === 0 ? -1 : n - 1;
}

const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
]);

/** Whether a custom number format shows a date or a time. */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .split(';')[0] as string;
  return /[dmyhs]/i.test(bare) && !/^[#0.,%\s]*$/.test(bare) && !/general/i.test(bare);
}

const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/** An Excel serial date as ISO text: a date, or a date-time (UTC) when it has a time part. */
export function serialToIso(serial: number, date1904: boolean): string | null {
  if (!Number.isFinite(serial) || serial < 0 || serial > 2_958_465) return null;
  const seconds = Math.round(serial * 86_400);
  const ms = (date1904 ? EPOCH_1904 : EPOCH_1900) + seconds * 1000;
  const iso = new Date(ms).toISOString();
  return seconds % 86_400 === 0 ? iso.slice(0, 10) : iso;
}

/** A NUL never occurs in XML text: it marks a shared string not looked up yet (samples). */
const PENDING = '\u0000';

/**
 * A streaming XLSX reader. The zip's central directory is checked against the caps first; the
 * workbook, its sheets, shared strings and styles are found through the package's
 * relationships (`_rels/.rels` → workbook → its `.rels`), never by fixed part names. Parts are
 * inflated as streams (the real bytes are counted against the declared sizes) and read with a
 * SAX parser, so memory holds one batch of rows plus the shared strings — and those move to a
 * temporary file past `sharedStringsMemory`.
 */
export class Workbook {
  sheets: SheetInfo[] = [];
  private date1904 = false;
  private dateStyles: boolean[] = [];
  private sharedPath: string | undefined;
  private shared: SharedStrings | undefined;
  private consumed = 0;
  private current = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly parts: Map<string, Part>,
    private readonly limits: XlsxLimits,
    private readonly tempDir: string | undefined,
  ) {}

  static async open(file: string, options: WorkbookOptions = {}): Promise<Workbook> {
    const limits = { ...XLSX_LIMITS, ...options.limits };
    const zip = await openZip(file);
    try {
      if (zip.entryCount > limits.maxEntries)
        throw new XlsxError({ kind: 'entries', max: limits.maxEntries });
      const parts = new Map<string, Part>();
      let total = 0;
      await new Promise<void>((resolve, reject) => {
        zip.on('entry', (entry: yauzl.Entry) => {
          total += entry.uncompressedSize;
          if (total > limits.maxTotalBytes) {
            reject(new XlsxError({ kind: 'size', max: limits.maxTotalBytes }));
            return;
          }
          if (
            entry.uncompressedSize > limits.ratioFrom &&
            entry.uncompressedSize > Math.max(1, entry.compressedSize) * limits.maxRatio
          ) {
            reject(new XlsxError({ kind: 'ratio' }));
            return;
          }
          if (!entry.fileName.endsWith('/'))
            parts.set(key(entry.fileName), { entry, size: entry.uncompressedSize });
          zip.readEntry();
        });
        zip.on('end', () => resolve());
        zip.on('error', (err: Error) => reject(new XlsxError({ kind: 'zip' }, { cause: err })));
        zip.readEntry();
      });
      const wb = new Workbook(zip, parts, limits, options.tempDir);
      await wb.readMeta();
      return wb;
    } catch (err) {
      zip.close();
      throw err;
    }
  }

  close(): void {
    this.shared?.close();
    this.shared = undefined;
    this.zip.close();
  }

  /** Bytes of the sheet read so far / its unpacked size (0…1). */
  fraction(): number {
    return this.current ? Math.min(1, this.consumed / this.current) : 0;
  }

  /** Whether the shared strings outgrew memory and live in a temporary file. */
  get sharedStringsSpilled(): boolean {
    return this.shared?.spilled ?? false;
  }

  private has(name: string): boolean {
    return this.parts.has(key(name));
  }

  private openStream(part: Part): Promise<Readable> {
    return new Promise((resolve, reject) => {
      this.zip.openReadStream(part.entry, (err, stream) =>
        err || !stream ? reject(new XlsxError({ kind: 'zip' }, { cause: err })) : resolve(stream),
      );
    });
  }

  /**
   * Streams a part through a SAX parser. `onChunk` runs after each chunk and may await.
   * Answers false when the package has no such part. Errors are told apart by where they
   * arise: the archive (inflating, sizes) is `zip`, the parser's own complaints are `xml`, and
   * whatever the handlers throw passes through unchanged.
   */
  private async parse(
    name: string,
    handlers: Handlers,
    opts: { onChunk?: () => Promise<void> | void; track?: boolean; maxBytes?: number } = {},
  ): Promise<boolean> {
    const part = this.parts.get(key(name));
    if (!part) return false;
    const parser = new SaxesParser();
    let depth = 0;
    // The first complaint ends the reading (the parser would go on, closing tags for us).
    parser.on('error', (e) => {
      throw new XlsxError({ kind: 'xml', reason: e.message });
    });
    const { open, close, text } = handlers;
    parser.on('opentag', (tag: SaxesTagPlain) => {
      if (++depth > MAX_DEPTH) throw new XlsxError({ kind: 'xml', reason: 'nesting too deep' });
      if (open) open(local(tag.name), tag.attributes);
      if (tag.isSelfClosing) depth--;
    });
    parser.on('closetag', (tag: SaxesTagPlain) => {
      if (!tag.isSelfClosing) depth--;
      if (close) close(local(tag.name));
    });
    if (text) {
      parser.on('text', text);
      parser.on('cdata', text);
    }
    const stream = await this.openStream(part);
    const decoder = new TextDecoder('utf-8');
    const maxBytes = opts.maxBytes ?? Infinity;
    let bytes = 0;
    /** Characters since the last `<`. */
    let run = 0;
    if (opts.track) {
      this.consumed = 0;
      this.current = part.size;
    }
    const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    try {
      for (;;) {
        let next: IteratorResult<Buffer>;
        try {
          next = await chunks.next();
        } catch (err) {
          throw new XlsxError({ kind: 'zip' }, { cause: err });
        }
        if (next.done) break;
        const buf = next.value;
        bytes += buf.length;
        // More bytes than the directory declared: a part lying about its size.
        if (bytes > part.size) throw new XlsxError({ kind: 'ratio' });
        if (bytes > maxBytes) throw new XlsxError({ kind: 'size', max: maxBytes });
        if (opts.track) this.consumed = bytes;
        const s = decoder.decode(buf, { stream: true });
        run = checkRuns(s, run);
        parser.write(s);
        if (opts.onChunk) await opts.onChunk();
      }
      if (bytes !== part.size) throw new XlsxError({ kind: 'zip' });
      parser.write(decoder.decode());
      parser.close();
    } finally {
      stream.destroy();
    }
    return true;
  }

  /** The relationships of a part (or of the package, for `''`). */
  private async relationships(source: string): Promise<Relationship[]> {
    const out: Relationship[] = [];
    await this.parse(
      source ? relsOf(source) : '_rels/.rels',
      {
        open: (name, a) => {
          if (name !== 'Relationship') return;
          const { Id: id, Type: type, Target: target } = a;
          if (typeof id !== 'string' || typeof type !== 'string' || typeof target !== 'string')
            return;
          out.push({
            id,
            type: type.slice(type.lastIndexOf('/') + 1),
            target: a.TargetMode === 'External' ? undefined : resolveTarget(source, target),
          });
        },
      },
      { maxBytes: SMALL_PART_MAX },
    );
    return out;
  }

  private async readMeta(): Promise<void> {
    const root = await this.relationships('');
    const office = root.find((r) => r.type === 'officeDocument' && r.target && this.has(r.target));
    // A package without relationships at all: the usual place of the workbook.
    const workbook =
      office?.target ?? (!root.length && this.has('xl/workbook.xml') ? 'xl/workbook.xml' : '');
    if (!workbook) throw new XlsxError({ kind: 'zip' });
    const rels = new Map<string, Relationship>();
    for (const r of await this.relationships(workbook)) rels.set(r.id, r);
    const byType = (type: string) =>
      [...rels.values()].find((r) => r.type === type && r.target && this.has(r.target))?.target;
    await this.parse(
      workbook,
      {
        open: (name, a) => {
          if (name === 'workbookPr') {
            const v = a.date1904;
            this.date1904 = v === '1' || v === 'true';
          } else if (name === 'sheet') {
            const rid = Object.entries(a).find(([k]) => local(k) === 'id')?.[1];
            const rel = typeof rid === 'string' ? rels.get(rid) : undefined;
            if (rel?.type !== 'worksheet' || !rel.target || !this.has(rel.target)) return;
            this.sheets.push({ name: String(a.name ?? ''), path: rel.target });
          }
        },
      },
      { maxBytes: SMALL_PART_MAX },
    );
    this.sharedPath = byType('sharedStrings');
    const styles = byType('styles');
    if (!styles) return;
    const customDates = new Map<number, boolean>();
    let inXfs = false;
    await this.parse(
      styles,
      {
        open: (name, a) => {
          if (name === 'numFmt') {
            customDates.set(Number(a.numFmtId), isDateFormat(String(a.formatCode ?? '')));
          } else if (name === 'cellXfs') inXfs = true;
          else if (name === 'xf' && inXfs) {
            const id = Number(a.numFmtId ?? 0);
            this.dateStyles.push(customDates.get(id) ?? DATE_FORMAT_IDS.has(id));
          }
        },
        close: (name) => {
          if (name === 'cellXfs') inXfs = false;
        },
      },
      { maxBytes: SMALL_PART_MAX },
    );
  }

  /**
   * Reads the shared strings part: every string (into memory, or the temporary file past the
   * budget), or — with `wanted` — only those indexes, stopping after the highest.
   */
  private async readSharedStrings(
    onString: (index: number, s: string) => void,
    last = Infinity,
  ): Promise<void> {
    if (!this.sharedPath) return;
    let index = 0;
    let inSi = false;
    let inT = false;
    let skip = 0;
    let cur = '';
    try {
      await this.parse(this.sharedPath, {
        open: (name) => {
          if (name === 'si') {
            inSi = true;
            cur = '';
          } else if (name === 'rPh') skip++;
          else if (name === 't' && inSi && !skip) inT = true;
        },
        text: (text) => {
          if (!inT) return;
          cur += text;
          if (cur.length > MAX_CELL) throw new XlsxError({ kind: 'cell', max: MAX_CELL });
        },
        close: (name) => {
          if (name === 't') inT = false;
          else if (name === 'rPh') skip--;
          else if (name === 'si') {
            onString(index, cur);
            cur = '';
            inSi = false;
            if (++index > last) throw new Stop();
          }
        },
      });
    } catch (err) {
      if (!(err instanceof Stop)) throw err;
    }
  }

  /** Loads the shared strings table (needed before reading a whole sheet that uses it). */
  async loadSharedStrings(): Promise<void> {
    if (this.shared) return;
    const table = new SharedStrings(this.limits.sharedStringsMemory, this.tempDir);
    this.shared = table;
    await this.readSharedStrings((_, s) => table.add(s));
  }

  /** The sheet by name (case-insensitive), the first when no name is given. */
  sheet(name: string | null): SheetInfo | undefined {
    if (!name) return this.sheets[0];
    const lower = name.toLowerCase();
    return this.sheets.find((s) => s.name.toLowerCase() === lower);
  }

  /**
   * Reads a sheet's rows in batches; `onBatch` runs once at least `batchSize` rows (or
   * BATCH_TEXT characters) are ready, and at the end, and may await — the stream waits
   * meanwhile. Return false to stop early.
   */
  async readSheet(
    sheet: SheetInfo,
    batchSize: number,
    onBatch: (batch: RowBatch) => Promise<boolean | void> | boolean | void,
  ): Promise<void> {
    await this.loadSharedStrings();
    const shared = this.shared as SharedStrings;
    await this.scan(sheet, batchSize, (i) => shared.get(i) ?? null, onBatch);
  }

  /**
   * The first `count` non-empty rows of a sheet. Only the shared strings those rows use are
   * looked up (the part is read up to the highest of them), so a sample costs little memory
   * however large the table is.
   */
  async sample(sheet: SheetInfo, count: number): Promise<RowBatch> {
    const rows: Row[] = [];
    const nums: number[] = [];
    const refs: { row: Row; col: number; index: number }[] = [];
    await this.scan(
      sheet,
      count,
      (index, row, col) => {
        if (!Number.isInteger(index) || index < 0) return null;
        refs.push({ row, col, index });
        return PENDING;
      },
      (b) => {
        for (let i = 0; i < b.rows.length && rows.length < count; i++) {
          rows.push(b.rows[i] as Row);
          nums.push(b.nums[i] as number);
        }
        return rows.length < count;
      },
    );
    // Rows read past the sample in the same chunk are not looked up.
    const taken = new Set(rows);
    const used = refs.filter((r) => taken.has(r.row));
    if (used.length) {
      const wanted = new Map<number, string>();
      let last = 0;
      for (const r of used) {
        wanted.set(r.index, PENDING);
        if (r.index > last) last = r.index;
      }
      await this.readSharedStrings((i, s) => {
        if (wanted.has(i)) wanted.set(i, s);
      }, last);
      for (const r of used) {
        const s = wanted.get(r.index);
        r.row[r.col] = s === PENDING || s === undefined ? null : s;
      }
    }
    const kept: RowBatch = { rows: [], nums: [] };
    rows.forEach((r, i) => {
      if (r.some((v) => v !== null && v !== '')) {
        kept.rows.push(r);
        kept.nums.push(nums[i] as number);
      }
    });
    return kept;
  }

  private async scan(
    sheet: SheetInfo,
    batchSize: number,
    sharedString: (index: number, row: Row, col: number) => string | null,
    onBatch: (batch: RowBatch) => Promise<boolean | void> | boolean | void,
  ): Promise<void> {
    let rows: Row[] = [];
    let nums: number[] = [];
    let row: Row = [];
    let rowNo = 0;
    let inV = false;
    let inT = false;
    let inIs = false;
    let skip = 0;
    let text = '';
    let cellType = '';
    let cellStyle = 0;
    let cellCol = -1;
    let nextCol = 0;
    let batchText = 0;
    let sheetText = 0;
    const maxText = this.limits.maxSheetText;
    const dates = this.dateStyles;
    const date1904 = this.date1904;
    const isoOf = new Map<string, string>();
    try {
      await this.parse(
        sheet.path,
        {
          open: (n, a) => {
            if (n === 'c') {
              cellType = a.t ?? '';
              cellStyle = a.s ? Number(a.s) : 0;
              cellCol = columnOf(a.r);
              if (cellCol < 0) cellCol = nextCol;
              text = '';
            } else if (n === 'v') {
              inV = true;
              text = '';
            } else if (n === 'is') {
              inIs = true;
              text = '';
            } else if (n === 'rPh') skip++;
            else if (n === 't' && inIs && !skip) inT = true;
            else if (n === 'row') {
              const r = Number(a.r);
              rowNo = Number.isInteger(r) && r > 0 ? r : rowNo + 1;
              row = [];
              nextCol = 0;
            }
          },
          text: (t) => {
            if (inV || inT) {
              text += t;
              if (text.length > MAX_CELL) throw new XlsxError({ kind: 'cell', max: MAX_CELL });
            }
          },
          close: (n) => {
            if (n === 'v') inV = false;
            else if (n === 't') inT = false;
            else if (n === 'rPh') skip--;
            else if (n === 'is') inIs = false;
            else if (n === 'c') {
              if (cellCol >= MAX_COLUMNS)
                throw new XlsxError({ kind: 'columns', max: MAX_COLUMNS });
              let value: string | null;
              switch (cellType) {
                case 's':
                  value = text === '' ? null : sharedString(Number(text), row, cellCol);
                  break;
                case 'b':
                  value = text === '' ? null : text === '1' || text === 'true' ? 'true' : 'false';
                  break;
                case 'e':
                  value = null;
                  break;
                case 'inlineStr':
                case 'str':
                case 'd':
                  value = text;
                  break;
                default:
                  if (text === '') value = null;
                  else if (dates[cellStyle]) {
                    // Dates repeat: each distinct serial is turned into text once.
                    let iso = isoOf.get(text);
                    if (iso === undefined) {
                      iso = serialToIso(Number(text), date1904) ?? text;
                      if (isoOf.size >= 10_000) isoOf.clear();
                      isoOf.set(text, iso);
                    }
                    value = iso;
                  } else value = spreadsheetNumber(text);
              }
              if (value !== null) {
                batchText += value.length;
                sheetText += value.length;
                if (sheetText > maxText) throw new XlsxError({ kind: 'text', max: maxText });
              }
              while (row.length < cellCol) row.push(null);
              row[cellCol] = value;
              nextCol = cellCol + 1;
              text = '';
            } else if (n === 'row') {
              if (row.some((v) => v !== null && v !== '')) {
                rows.push(row);
                nums.push(rowNo);
              }
              row = [];
            }
          },
        },
        {
          onChunk: async () => {
            if (rows.length >= batchSize || (rows.length && batchText >= BATCH_TEXT)) {
              const batch = { rows, nums };
              rows = [];
              nums = [];
              batchText = 0;
              if ((await onBatch(batch)) === false) throw new Stop();
            }
          },
          track: true,
        },
      );
    } catch (err) {
      if (err instanceof Stop) return;
      throw err;
    }
    if (rows.length) await onBatch({ rows, nums });
  }
}

/**
 * Checks that no run of text without a `<` grows past MAX_RUN characters (a SAX parser gathers
 * text and attribute values whole); answers the length of the run still open at the end.
 */
function checkRuns(s: string, open: number): number {
  const first = s.indexOf('<');
  if (first < 0) {
    if (open + s.length > MAX_RUN) throw new XlsxError({ kind: 'cell', max: MAX_CELL });
    return open + s.length;
  }
  if (open + first > MAX_RUN) throw new XlsxError({ kind: 'cell', max: MAX_CELL });
  if (s.length > MAX_RUN) {
    for (let at = first, next = s.indexOf('<', at + 1); next >= 0; next = s.indexOf('<', at + 1)) {
      if (next - at > MAX_RUN) throw new XlsxError({ kind: 'cell', max: MAX_CELL });
      at = next;
    }
  }
  return s.length - 1 - s.lastIndexOf('<');
}
