import {
  neutralise,
  significantDigits,
  SPREADSHEET_DIGITS,
  type Cell,
  type CellKind,
  type Convert,
  type SheetColumn,
} from './cells.js';
import { ZipWriter, type ZipEntryStream } from './zip-writer.js';

/** Rows a sheet holds, the header included (Excel's limit). */
export const XLSX_MAX_ROWS = 1_048_576;
/** Characters a cell holds (Excel's limit); longer texts are cut. */
const XLSX_MAX_TEXT = 32_767;

/**
 * A sheet name Excel accepts: no `[]:*?/\`, no leading or trailing apostrophe, ≤ 31 chars, not
 * the reserved "History".
 */
export function sheetName(name: string, fallback: string): string {
  const clean = name
    // eslint-disable-next-line no-control-regex
    .replace(/[[\]:*?/\\\u0000-\u001f]/g, ' ')
    .replace(/^'+|'+$/g, '')
    .trim()
    .slice(0, 31)
    .trim();
  if (/^history$/i.test(clean)) return `${clean} 1`;
  return clean || fallback;
}

// Characters XML 1.0 cannot carry are dropped; CR is written as a reference so it survives.
const XML_BAD =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const XML_SPECIAL = /[&<>"\r]/;
const XML_ESCAPE = /[&<>"\r]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\r': '&#13;',
};

export function xmlText(s: string): string {
  const clean = s.replace(XML_BAD, '');
  return XML_SPECIAL.test(clean) ? clean.replace(XML_ESCAPE, (c) => ENTITIES[c] as string) : clean;
}

/** Column letters of a 0-based index: 0 → A, 26 → AA. */
export function columnLetters(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26))
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const DAY_MS = 86_400_000;
/** Excel serial of 1970-01-01 (1900 date system). */
const EPOCH = 25_569;
/** Serials below this fall before 1900-03-01, where Excel's calendar is off; kept as text. */
const FIRST_SAFE_SERIAL = 61;

function serialOf(ms: number): number | undefined {
  if (Number.isNaN(ms)) return undefined;
  const serial = ms / DAY_MS + EPOCH;
  return serial >= FIRST_SAFE_SERIAL ? serial : undefined;
}

const HOUR_MS = 3_600_000;

/**
 * Offsets of a time zone from UTC (ms), cached per hour: spreadsheet cells hold wall-clock
 * times, so date-times are shown as they read in the view's time zone. UTC when none is given
 * or the zone is unknown.
 */
export class ZoneOffsets {
  private readonly fmt: Intl.DateTimeFormat | undefined;
  private readonly cache = new Map<number, number>();

  constructor(timeZone: string | undefined) {
    let fmt: Intl.DateTimeFormat | undefined;
    if (timeZone && timeZone !== 'UTC') {
      try {
        fmt = new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
        });
      } catch {
        fmt = undefined;
      }
    }
    this.fmt = fmt;
  }

  /** Wall-clock milliseconds in the zone of a UTC instant. */
  wall(ms: number): number {
    if (!this.fmt || Number.isNaN(ms)) return ms;
    const hour = Math.floor(ms / HOUR_MS);
    let offset = this.cache.get(hour);
    if (offset === undefined) {
      const at = hour * HOUR_MS;
      const p: Record<string, number> = {};
      for (const part of this.fmt.formatToParts(at)) p[part.type] = Number(part.value);
      const local = Date.UTC(
        p.year ?? 1970,
        (p.month ?? 1) - 1,
        p.day ?? 1,
        p.hour ?? 0,
        p.minute ?? 0,
        p.second ?? 0,
      );
      offset = local - at;
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(hour, offset);
    }
    return ms + offset;
  }
}

/** Number formats of decimals of scale 0–6: `#,##0`, `#,##0.0`, … `#,##0.000000` (ids 166–172). */
const DECIMAL_FORMATS = Array.from(
  { length: 7 },
  (_, s) => `<numFmt numFmtId="${166 + s}" formatCode="#,##0${s ? `.${'0'.repeat(s)}` : ''}"/>`,
).join('');
const DECIMAL_XFS = Array.from(
  { length: 7 },
  (_, s) =>
    `<xf numFmtId="${166 + s}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
).join('');
/** Style of a decimal cell of scale s. */
const decimalStyle = (scale: number) => ` s="${4 + Math.max(0, Math.min(6, scale))}"`;

// Styles: 0 normal, 1 bold (header), 2 date, 3 date and time, 4–10 decimals of scale 0–6.
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="9"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/><numFmt numFmtId="165" formatCode="yyyy\\-mm\\-dd\\ hh:mm:ss"/>${DECIMAL_FORMATS}</numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="11"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>${DECIMAL_XFS}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

const workbook = (name: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

function widthOf(kind: CellKind, heading: string, sample: Cell[]): number {
  if (kind === 'date') return Math.max(12, heading.length + 2);
  if (kind === 'datetime') return Math.max(20, heading.length + 2);
  let w = heading.length;
  for (const v of sample) {
    const len = v === null ? 0 : String(v).length;
    if (len > w) w = len;
  }
  return Math.min(60, Math.max(8, w + 2));
}

function textCell(ref: string, s: string, style = ''): string {
  const text = neutralise(s);
  const cut = text.length > XLSX_MAX_TEXT ? text.slice(0, XLSX_MAX_TEXT) : text;
  return `<c r="${ref}" t="inlineStr"${style}><is><t xml:space="preserve">${xmlText(cut)}</t></is></c>`;
}

/**
 * XLSX written as it streams: a minimal Office Open XML package (one sheet named after the
 * object, a bold frozen header row, column widths from the first rows, typed cells — numbers,
 * booleans, real dates — with inline strings) deflated straight into the file. Memory stays
 * flat whatever the number of rows.
 */
export class XlsxWriter {
  private readonly zip: ZipWriter;
  private sheet: ZipEntryStream | undefined;
  private readonly kinds: CellKind[];
  private readonly styles: string[];
  private readonly letters: string[];
  private row = 1;
  private readonly zone: ZoneOffsets;

  constructor(
    file: string,
    private readonly columns: SheetColumn[],
    private readonly name: string,
    timeZone?: string,
  ) {
    this.zone = new ZoneOffsets(timeZone);
    this.kinds = columns.map((c) => c.kind);
    this.styles = columns.map((c) => (c.kind === 'decimal' ? decimalStyle(c.scale ?? 2) : ''));
    this.letters = columns.map((_, i) => columnLetters(i));
    this.zip = new ZipWriter(file);
  }

  async start(): Promise<void> {
    await this.zip.file('[Content_Types].xml', CONTENT_TYPES);
    await this.zip.file('_rels/.rels', ROOT_RELS);
    await this.zip.file('xl/workbook.xml', workbook(this.name));
    await this.zip.file('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
    await this.zip.file('xl/styles.xml', STYLES);
  }

  /** Opens the sheet; the first rows size the columns. */
  private async open(sample: Cell[][]): Promise<ZipEntryStream> {
    const sheet = await this.zip.stream('xl/worksheets/sheet1.xml');
    this.sheet = sheet;
    const cols = this.columns
      .map((c, i) => {
        const w = widthOf(
          c.kind,
          c.heading,
          sample.map((r) => r[i] ?? null),
        );
        return `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`;
      })
      .join('');
    const head = this.columns
      .map((c, i) => textCell(`${this.letters[i] as string}1`, c.heading, ' s="1"'))
      .join('');
    await sheet.write(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData><row r="1">${head}</row>`,
    );
    return sheet;
  }

  /** Writes stored rows (arrays in column order), each value turned by its column's converter. */
  async rows(rows: unknown[][], convert: Convert[]): Promise<void> {
    const sheet =
      this.sheet ??
      (await this.open(rows.slice(0, 200).map((r) => convert.map((c, i) => c(r[i])))));
    const kinds = this.kinds;
    const letters = this.letters;
    const n = kinds.length;
    let xml = '';
    for (const row of rows) {
      const r = ++this.row;
      xml += `<row r="${r}">`;
      for (let i = 0; i < n; i++) {
        const v = (convert[i] as Convert)(row[i]);
        if (v === null) continue;
        const ref = `${letters[i] as string}${r}`;
        switch (kinds[i]) {
          case 'number':
            xml +=
              typeof v === 'number' && Number.isFinite(v)
                ? `<c r="${ref}"><v>${v}</v></c>`
                : textCell(ref, String(v));
            break;
          case 'decimal': {
            // The exact digits go into the file. Up to 15 significant digits — what a spreadsheet
            // computes with exactly — a number cell; beyond, a text cell with every digit (a
            // number cell would be rounded by the program that opens it).
            const text = String(v);
            xml +=
              significantDigits(text) <= SPREADSHEET_DIGITS
                ? `<c r="${ref}"${this.styles[i] as string}><v>${text}</v></c>`
                : `<c r="${ref}" t="inlineStr"${this.styles[i] as string}><is><t>${text}</t></is></c>`;
            break;
          }
          case 'boolean':
            xml += `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
            break;
          case 'date':
          case 'datetime': {
            const serial =
              kinds[i] === 'date'
                ? serialOf(Date.parse(`${String(v)}T00:00:00.000Z`))
                : serialOf(this.zone.wall(Date.parse(String(v))));
            xml +=
              serial === undefined
                ? textCell(ref, String(v))
                : `<c r="${ref}" s="${kinds[i] === 'date' ? 2 : 3}"><v>${serial}</v></c>`;
            break;
          }
          default:
            xml += textCell(ref, String(v));
        }
      }
      xml += '</row>';
    }
    await sheet.write(xml);
  }

  async finish(): Promise<void> {
    const sheet = this.sheet ?? (await this.open([]));
    await sheet.write('</sheetData></worksheet>');
    await sheet.end();
    await this.zip.finish();
  }

  async abort(): Promise<void> {
    this.sheet?.destroy();
    await this.zip.abort();
  }
}
