import type { CubeMeasureInfo } from '@fiscus/contracts';
import { columnLetters, neutralise, sheetName, xmlText, ZipWriter } from '../exports/index.js';
import {
  headerRuns,
  type GridColumn,
  type GridHeading,
  type GridRow,
  type GridWriter,
} from './reports.grid.js';

/**
 * A report's grid as an XLSX workbook that keeps the pivot's layout: the title, parameters and
 * generation time on top, the column headers (one row per column dimension and one for the
 * measures) in bold, row headers as an outline (each member in its level's column, subtotals and
 * totals in bold, rows grouped by level), every measure with its number format (thousands
 * separators and the measure's decimals; ratios as percentages), and the headers frozen so they
 * stay in view while scrolling. Written as it streams (flat memory), deflated straight to disk.
 */

const HEAD_ROWS = 4; // title, parameters, generated, blank

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

const workbook = (name: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** The number format code of a measure's values. */
export function numberFormat(m: CubeMeasureInfo | undefined): string {
  if (!m) return 'General';
  if (m.valueType === 'date') return 'yyyy\\-mm\\-dd';
  if (m.valueType === 'datetime') return 'yyyy\\-mm\\-dd\\ hh:mm';
  if (m.fn === 'ratio') {
    const places = Math.max(0, m.scale - 2);
    return places ? `0.${'0'.repeat(places)}%` : '0%';
  }
  if (m.valueType === 'number' || m.valueType === 'integer' || m.scale === 0) return '#,##0';
  return `#,##0.${'0'.repeat(m.scale)}`;
}

/** Styles: fixed ones first, then a plain and a bold style per number format. */
class Styles {
  static readonly NORMAL = 0;
  static readonly HEADER = 1;
  static readonly BOLD = 2;
  static readonly TITLE = 3;
  static readonly NOTE = 4;
  private readonly formats: string[] = [];

  /** Style ids of a number format: [plain, bold]. */
  of(format: string): [number, number] {
    let i = this.formats.indexOf(format);
    if (i < 0) i = this.formats.push(format) - 1;
    return [5 + i * 2, 6 + i * 2];
  }

  xml(): string {
    const numFmts = this.formats
      .map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(f)}"/>`)
      .join('');
    const xfs = [
      '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
      '<xf numFmtId="0" fontId="1" fillId="2" borderId="1" xfId="0" applyFont="1" applyFill="1" applyBorder="1"><alignment wrapText="1" vertical="top"/></xf>',
      '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>',
      '<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>',
      '<xf numFmtId="0" fontId="3" fillId="0" borderId="0" xfId="0" applyFont="1"/>',
      ...this.formats.flatMap((_, i) => [
        `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
        `<xf numFmtId="${164 + i}" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>`,
      ]),
    ];
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="${this.formats.length}">${numFmts}</numFmts><fonts count="4"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="14"/><name val="Calibri"/><family val="2"/></font><font><i/><sz val="10"/><color rgb="FF595959"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FFE7ECF3"/><bgColor indexed="64"/></patternFill></fill></fills><borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border><border><left/><right/><top/><bottom style="thin"><color rgb="FF8EA0B8"/></bottom><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
  }
}

const XLSX_MAX_TEXT = 32_767;

function textCell(ref: string, s: string, style: number): string {
  const text = neutralise(s);
  const cut = text.length > XLSX_MAX_TEXT ? text.slice(0, XLSX_MAX_TEXT) : text;
  const st = style ? ` s="${style}"` : '';
  return `<c r="${ref}" t="inlineStr"${st}><is><t xml:space="preserve">${xmlText(cut)}</t></is></c>`;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}/;
const DAY_MS = 86_400_000;

export class GridXlsxWriter implements GridWriter {
  private readonly zip: ZipWriter;
  private sheet: Awaited<ReturnType<ZipWriter['stream']>> | undefined;
  private columns: GridColumn[] = [];
  private letters: string[] = [];
  private styles: [number, number][] = [];
  private readonly styleSheet = new Styles();
  private row = 0;
  private labelColumns = 0;
  private readonly merges: string[] = [];

  constructor(
    file: string,
    private readonly heading: GridHeading,
    private readonly sheetTitle: string,
  ) {
    this.zip = new ZipWriter(file);
  }

  async start(columns: GridColumn[]): Promise<void> {
    this.columns = columns;
    this.letters = columns.map((_, i) => columnLetters(i));
    this.styles = columns.map((c) =>
      c.role === 'value' ? this.styleSheet.of(numberFormat(c.measure)) : [0, Styles.BOLD],
    );
    this.labelColumns = Math.max(1, columns.filter((c) => c.role === 'label').length);
    await this.zip.file('[Content_Types].xml', CONTENT_TYPES);
    await this.zip.file('_rels/.rels', ROOT_RELS);
    await this.zip.file('xl/workbook.xml', workbook(sheetName(this.sheetTitle, 'Report')));
    await this.zip.file('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
    await this.zip.file('xl/styles.xml', this.styleSheet.xml());
    const sheet = await this.zip.stream('xl/worksheets/sheet1.xml');
    this.sheet = sheet;
    const headerRows = columns[0]?.header.length ?? 0;
    const top = HEAD_ROWS + headerRows;
    const split = this.letters[this.labelColumns] ?? 'B';
    const cols = columns
      .map((c, i) => {
        const longest = Math.max(...c.header.map((h) => h.length), c.role === 'value' ? 12 : 10);
        const w = Math.min(50, Math.max(c.role === 'value' ? 12 : 14, longest + 2));
        return `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`;
      })
      .join('');
    let xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetPr><outlinePr summaryBelow="0"/></sheetPr><sheetViews><sheetView workbookViewId="0"><pane xSplit="${this.labelColumns}" ySplit="${top}" topLeftCell="${split}${top + 1}" activePane="bottomRight" state="frozen"/><selection pane="topRight"/><selection pane="bottomLeft"/><selection pane="bottomRight" activeCell="${split}${top + 1}" sqref="${split}${top + 1}"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15" outlineLevelRow="7"/><cols>${cols}</cols><sheetData>`;
    const line = (text: string, style: number) => {
      this.row++;
      xml += `<row r="${this.row}">${textCell(`A${this.row}`, text, style)}</row>`;
    };
    line(this.heading.title, Styles.TITLE);
    line(this.heading.parameters, Styles.NOTE);
    line(this.heading.generated, Styles.NOTE);
    this.row++;
    for (let l = 0; l < headerRows; l++) {
      this.row++;
      xml += `<row r="${this.row}">`;
      for (const run of headerRuns(columns, l)) {
        for (let i = run.first; i <= run.last; i++) {
          // A header shared by several columns is written once and merged across them.
          const text = i === run.first ? ((columns[i] as GridColumn).header[l] ?? '') : '';
          xml += textCell(`${this.letters[i] as string}${this.row}`, text, Styles.HEADER);
        }
        if (run.last > run.first)
          this.merges.push(
            `${this.letters[run.first] as string}${this.row}:${this.letters[run.last] as string}${this.row}`,
          );
      }
      xml += '</row>';
    }
    await sheet.write(xml);
  }

  async rows(rows: GridRow[]): Promise<void> {
    const sheet = this.sheet;
    if (!sheet) throw new Error('GridXlsxWriter: start first');
    const n = this.columns.length;
    let xml = '';
    for (const row of rows) {
      const r = ++this.row;
      const bold = row.emphasis !== 'none';
      const level = Math.min(7, row.depth);
      xml += level ? `<row r="${r}" outlineLevel="${level}">` : `<row r="${r}">`;
      for (let i = 0; i < n; i++) {
        const v = row.cells[i];
        if (v === null || v === undefined || v === '') continue;
        const ref = `${this.letters[i] as string}${r}`;
        const [plain, strong] = this.styles[i] as [number, number];
        const style = bold ? strong : plain;
        const col = this.columns[i] as GridColumn;
        if (col.role === 'label') {
          xml += textCell(ref, String(v), bold ? Styles.BOLD : 0);
        } else if (typeof v === 'number') {
          xml += `<c r="${ref}" s="${style}"><v>${v}</v></c>`;
        } else if (DECIMAL.test(v)) {
          xml += `<c r="${ref}" s="${style}"><v>${v}</v></c>`;
        } else if (DATE.test(v) && !Number.isNaN(Date.parse(v))) {
          const serial = Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v) / DAY_MS + 25_569;
          xml += `<c r="${ref}" s="${style}"><v>${serial}</v></c>`;
        } else {
          xml += textCell(ref, v, bold ? Styles.BOLD : 0);
        }
      }
      xml += '</row>';
    }
    await sheet.write(xml);
  }

  async finish(): Promise<number | null> {
    const sheet = this.sheet;
    if (!sheet) throw new Error('GridXlsxWriter: start first');
    const merges = this.merges.length
      ? `<mergeCells count="${this.merges.length}">${this.merges.map((m) => `<mergeCell ref="${m}"/>`).join('')}</mergeCells>`
      : '';
    await sheet.write(`</sheetData>${merges}</worksheet>`);
    await sheet.end();
    await this.zip.finish();
    return null;
  }

  async abort(): Promise<void> {
    this.sheet?.destroy();
    await this.zip.abort();
  }
}
