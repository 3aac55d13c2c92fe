import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';
import { MAX_CELL, MAX_COLUMNS, type Row } from './csv.js';

/** Caps against zip bombs (a workbook is a zip of XML parts). */
export const ZIP_LIMITS = {
  maxEntries: 10_000,
  /** Sum of the declared uncompressed sizes. */
  maxTotalBytes: 1024 * 1024 * 1024,
  /** Largest uncompressed / compressed ratio of one part… */
  maxRatio: 100,
  /** …checked for parts larger than this once unpacked. */
  ratioFrom: 1024 * 1024,
};
export type ZipLimits = typeof ZIP_LIMITS;

/** Small parts (workbook, relations, styles) are read whole, up to this size. */
const SMALL_PART_MAX = 32 * 1024 * 1024;

export type XlsxProblem =
  | { kind: 'entries'; max: number }
  | { kind: 'size'; max: number }
  | { kind: 'ratio' }
  | { kind: 'zip' }
  | { kind: 'xml'; reason: string }
  | { kind: 'columns'; max: number }
  | { kind: 'cell'; max: number };

class Stop extends Error {}

export class XlsxError extends Error {
  constructor(readonly problem: XlsxProblem) {
    super(problem.kind);
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

function local(name: string): string {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(new XlsxError({ kind: 'zip' })) : resolve(zip)),
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

/**
 * A streaming XLSX reader: the zip's central directory is checked against the caps first, the
 * parts are inflated as streams (yauzl also counts the real bytes against the declared size),
 * and the XML is read with a SAX parser, so memory holds one batch of rows plus the shared
 * strings.
 */
export class Workbook {
  sheets: SheetInfo[] = [];
  private date1904 = false;
  private dateStyles: boolean[] = [];
  private shared: string[] = [];
  private consumed = 0;
  private current = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly parts: Map<string, Part>,
  ) {}

  static async open(file: string, limits: ZipLimits = ZIP_LIMITS): Promise<Workbook> {
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
          parts.set(entry.fileName, { entry, size: entry.uncompressedSize });
          zip.readEntry();
        });
        zip.on('end', () => resolve());
        zip.on('error', () => reject(new XlsxError({ kind: 'zip' })));
        zip.readEntry();
      });
      const wb = new Workbook(zip, parts);
      await wb.readMeta();
      return wb;
    } catch (err) {
      zip.close();
      throw err;
    }
  }

  close(): void {
    this.zip.close();
  }

  /** Bytes of the sheet read so far / its unpacked size (0…1). */
  fraction(): number {
    return this.current ? Math.min(1, this.consumed / this.current) : 0;
  }

  private openStream(part: Part): Promise<Readable> {
    return new Promise((resolve, reject) => {
      this.zip.openReadStream(part.entry, (err, stream) =>
        err || !stream ? reject(new XlsxError({ kind: 'zip' })) : resolve(stream),
      );
    });
  }

  /** Streams a part through a SAX parser; `onChunk` runs after each chunk (may await). */
  private async parse(
    name: string,
    setup: (p: SaxesParser) => void,
    onChunk?: () => Promise<void> | void,
    track = false,
  ): Promise<boolean> {
    const part = this.parts.get(name);
    if (!part) return false;
    const parser = new SaxesParser();
    let xmlError: Error | undefined;
    parser.on('error', (e) => {
      xmlError ??= e;
    });
    setup(parser);
    const stream = await this.openStream(part);
    const decoder = new TextDecoder('utf-8');
    let bytes = 0;
    if (track) {
      this.consumed = 0;
      this.current = part.size;
    }
    try {
      for await (const chunk of stream) {
        const buf = chunk as Buffer;
        bytes += buf.length;
        if (!track && bytes > SMALL_PART_MAX && name !== 'xl/sharedStrings.xml')
          throw new XlsxError({ kind: 'size', max: SMALL_PART_MAX });
        if (track) this.consumed = bytes;
        parser.write(decoder.decode(buf, { stream: true }));
        if (xmlError) throw new XlsxError({ kind: 'xml', reason: xmlError.message });
        if (onChunk) await onChunk();
      }
      parser.write(decoder.decode());
      parser.close();
    } catch (err) {
      stream.destroy();
      // Our own errors (and the caller's) pass; plain errors come from inflating the part.
      if (!(err instanceof Error) || err.constructor !== Error) throw err;
      const m = err.message;
      // yauzl: "too many bytes in the stream" / "expected … but got …" = lying sizes.
      if (/bytes|expected/i.test(m)) throw new XlsxError({ kind: 'ratio' });
      throw new XlsxError({ kind: 'xml', reason: m.slice(0, 200) });
    }
    if (xmlError) throw new XlsxError({ kind: 'xml', reason: xmlError.message });
    return true;
  }

  private async readMeta(): Promise<void> {
    const rels = new Map<string, string>();
    await this.parse('xl/_rels/workbook.xml.rels', (p) =>
      p.on('opentag', (tag: SaxesTagPlain) => {
        if (local(tag.name) !== 'Relationship') return;
        const id = tag.attributes.Id;
        const target = tag.attributes.Target;
        if (typeof id === 'string' && typeof target === 'string') rels.set(id, target);
      }),
    );
    const found = await this.parse('xl/workbook.xml', (p) =>
      p.on('opentag', (tag: SaxesTagPlain) => {
        const n = local(tag.name);
        if (n === 'workbookPr') {
          const v = tag.attributes.date1904;
          this.date1904 = v === '1' || v === 'true';
        } else if (n === 'sheet') {
          const name = String(tag.attributes.name ?? '');
          const rid = Object.entries(tag.attributes).find(([k]) => local(k) === 'id')?.[1];
          const target = typeof rid === 'string' ? rels.get(rid) : undefined;
          if (!target) return;
          const path = target.startsWith('/')
            ? target.slice(1)
            : `xl/${target}`.replace(/[^/]+\/\.\.\//g, '');
          if (this.parts.has(path)) this.sheets.push({ name, path });
        }
      }),
    );
    if (!found) throw new XlsxError({ kind: 'zip' });
    const customDates = new Map<number, boolean>();
    let inXfs = false;
    await this.parse('xl/styles.xml', (p) => {
      p.on('opentag', (tag: SaxesTagPlain) => {
        const n = local(tag.name);
        if (n === 'numFmt') {
          customDates.set(
            Number(tag.attributes.numFmtId),
            isDateFormat(String(tag.attributes.formatCode ?? '')),
          );
        } else if (n === 'cellXfs') inXfs = true;
        else if (n === 'xf' && inXfs) {
          const id = Number(tag.attributes.numFmtId ?? 0);
          this.dateStyles.push(customDates.get(id) ?? DATE_FORMAT_IDS.has(id));
        }
      });
      p.on('closetag', (tag) => {
        if (local(tag.name) === 'cellXfs') inXfs = false;
      });
    });
  }

  /** Loads the shared strings table (needed before reading a sheet that uses it). */
  async loadSharedStrings(): Promise<void> {
    if (this.shared.length) return;
    let inSi = false;
    let inT = false;
    let skip = 0;
    let cur = '';
    await this.parse('xl/sharedStrings.xml', (p) => {
      p.on('opentag', (tag: SaxesTagPlain) => {
        const n = local(tag.name);
        if (n === 'si') {
          inSi = true;
          cur = '';
        } else if (n === 'rPh') skip++;
        else if (n === 't' && inSi && !skip) inT = true;
      });
      p.on('text', (text) => {
        if (inT) cur += text;
      });
      p.on('closetag', (tag) => {
        const n = local(tag.name);
        if (n === 't') inT = false;
        else if (n === 'rPh') skip--;
        else if (n === 'si') {
          this.shared.push(cur);
          inSi = false;
        }
      });
    });
  }

  /** The sheet by name (case-insensitive), the first when no name is given. */
  sheet(name: string | null): SheetInfo | undefined {
    if (!name) return this.sheets[0];
    const lower = name.toLowerCase();
    return this.sheets.find((s) => s.name.toLowerCase() === lower);
  }

  /**
   * Reads a sheet's rows in batches; `onBatch` runs once at least `batchSize` rows are ready
   * (and at the end) and may await — the stream waits meanwhile. Return false to stop early.
   */
  async readSheet(
    sheet: SheetInfo,
    batchSize: number,
    onBatch: (batch: RowBatch) => Promise<boolean | void> | boolean | void,
  ): Promise<void> {
    await this.loadSharedStrings();
    let rows: Row[] = [];
    let nums: number[] = [];
    let row: Row = [];
    let rowNo = 0;
    let inV = false;
    let inT = false;
    let inIs = false;
    let text = '';
    let cellType = '';
    let cellStyle = 0;
    let cellCol = -1;
    let nextCol = 0;
    let stop = false;
    const shared = this.shared;
    const dates = this.dateStyles;
    const date1904 = this.date1904;
    try {
      await this.parse(
        sheet.path,
        (p) => {
          p.on('opentag', (tag: SaxesTagPlain) => {
            const n = local(tag.name);
            if (n === 'c') {
              const a = tag.attributes;
              cellType = typeof a.t === 'string' ? a.t : '';
              cellStyle = a.s ? Number(a.s) : 0;
              cellCol = columnOf(typeof a.r === 'string' ? a.r : undefined);
              if (cellCol < 0) cellCol = nextCol;
              text = '';
            } else if (n === 'v') {
              inV = true;
              text = '';
            } else if (n === 'is') {
              inIs = true;
              text = '';
            } else if (n === 't' && inIs) inT = true;
            else if (n === 'row') {
              const r = Number(tag.attributes.r);
              rowNo = Number.isInteger(r) && r > 0 ? r : rowNo + 1;
              row = [];
              nextCol = 0;
            }
          });
          p.on('text', (t) => {
            if (inV || inT) {
              text += t;
              if (text.length > MAX_CELL) throw new XlsxError({ kind: 'cell', max: MAX_CELL });
            }
          });
          p.on('closetag', (tag) => {
            const n = local(tag.name);
            if (n === 'v') inV = false;
            else if (n === 't') inT = false;
            else if (n === 'is') inIs = false;
            else if (n === 'c') {
              if (cellCol >= MAX_COLUMNS)
                throw new XlsxError({ kind: 'columns', max: MAX_COLUMNS });
              let value: string | null;
              switch (cellType) {
                case 's':
                  value = shared[Number(text)] ?? null;
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
                  else if (dates[cellStyle]) value = serialToIso(Number(text), date1904) ?? text;
                  else value = text;
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
          });
        },
        async () => {
          if (rows.length >= batchSize) {
            const batch = { rows, nums };
            rows = [];
            nums = [];
            if ((await onBatch(batch)) === false) {
              stop = true;
              throw new Stop();
            }
          }
        },
        true,
      );
    } catch (err) {
      if (err instanceof Stop || stop) return;
      throw err;
    }
    if (rows.length) await onBatch({ rows, nums });
  }
}
