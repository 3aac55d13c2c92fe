import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import {
  headerRuns,
  type GridColumn,
  type GridHeading,
  type GridRow,
  type GridWriter,
} from './reports.grid.js';

/**
 * A report's grid as a PDF (pdfkit): A4 landscape pages, each with the report's title, its
 * parameters, the generation time and the page number on top, then the table — its header rows
 * repeated on every page, subtotals and totals in bold, row labels indented by outline level,
 * numbers right aligned. The text is set in DejaVu Sans Condensed, embedded (subset) from the
 * `dejavu-fonts-ttf` package, which covers Latin, Cyrillic and Greek. Pages are written as they
 * fill (memory stays flat).
 */

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = path.join(FONT_DIR, 'DejaVuSansCondensed.ttf');
const BOLD = path.join(FONT_DIR, 'DejaVuSansCondensed-Bold.ttf');

/** A4 landscape, in points. */
const PAGE_W = 841.89;
const PAGE_H = 595.28;
const MARGIN = 28;
const BODY = 7.5;
const ROW_H = 11;
const PAD = 3;
const INDENT = 8;
const MIN_W = 28;
const MAX_W = 240;

export class GridPdfWriter implements GridWriter {
  private readonly doc: PDFKit.PDFDocument;
  private readonly out: WriteStream;
  private failed: Error | undefined;
  private columns: GridColumn[] = [];
  private widths: number[] = [];
  private xs: number[] = [];
  private pages = 0;
  private y = 0;
  private bottom = 0;
  /** Average width of a character at the body size: long texts are cut to fit. */
  private charW = 4;

  constructor(
    file: string,
    private readonly heading: GridHeading,
    private readonly pageLabel: (page: number) => string,
  ) {
    this.doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: MARGIN,
      autoFirstPage: false,
      info: { Title: heading.title, Producer: 'Fiscus', Creator: 'Fiscus' },
    });
    this.doc.registerFont('body', REGULAR);
    this.doc.registerFont('bold', BOLD);
    this.out = createWriteStream(file, { highWaterMark: 1 << 20 });
    this.out.on('error', (err) => {
      this.failed = err;
    });
    this.doc.pipe(this.out);
  }

  async start(columns: GridColumn[]): Promise<void> {
    this.columns = columns;
    this.doc.font('body').fontSize(BODY);
    this.charW = this.doc.widthOfString('0123456789abcdefghij') / 20;
  }

  /**
   * Column widths from the headers and the first rows (numbers measured in bold, with room for
   * larger totals further down), shrunk to the page when too wide.
   */
  private layout(sample: GridRow[]): void {
    const doc = this.doc;
    const width = PAGE_W - 2 * MARGIN;
    const want = this.columns.map((c, i) => {
      doc.font('bold');
      let w = Math.max(...c.header.map((h) => doc.widthOfString(h)), 0);
      const value = c.role === 'value';
      doc.font(value ? 'bold' : 'body');
      for (const r of sample) {
        const v = r.cells[i];
        if (v === null || v === undefined) continue;
        const text = String(v);
        const extra = value ? 0 : r.depth * INDENT;
        w = Math.max(w, doc.widthOfString(text.slice(0, 80)) * (value ? 1.2 : 1) + extra);
      }
      return Math.min(MAX_W, Math.max(MIN_W, w + 2 * PAD));
    });
    doc.font('body');
    const total = want.reduce((a, b) => a + b, 0);
    const scale = total > width ? width / total : 1;
    this.widths = want.map((w) => w * scale);
    let x = MARGIN;
    this.xs = this.widths.map((w) => {
      const at = x;
      x += w;
      return at;
    });
  }

  /** A text cut to `width` with an ellipsis (numbers are never cut: pass `whole`). */
  private fit(text: string, width: number, whole = false): string {
    const avail = width - 2 * PAD;
    if (whole || text.length * this.charW * 0.75 <= avail) return text;
    const doc = this.doc;
    if (doc.widthOfString(text) <= avail) return text;
    let n = Math.max(1, Math.floor(avail / this.charW));
    while (n > 1 && doc.widthOfString(`${text.slice(0, n)}…`) > avail) n--;
    return `${text.slice(0, n)}…`;
  }

  private newPage(): void {
    const doc = this.doc;
    doc.addPage();
    this.pages++;
    this.bottom = PAGE_H - MARGIN;
    const width = PAGE_W - 2 * MARGIN;
    let y = MARGIN;
    doc.fillColor('#000000').font('bold').fontSize(13);
    doc.text(this.fit(this.heading.title, width - 90), MARGIN, y, { lineBreak: false });
    const label = this.pageLabel(this.pages);
    doc.font('body').fontSize(8);
    doc.text(label, MARGIN + width - doc.widthOfString(label), y + 3, { lineBreak: false });
    y += 18;
    doc.fillColor('#444444').fontSize(8);
    doc.text(this.fit(this.heading.parameters, width), MARGIN, y, { lineBreak: false });
    y += 11;
    doc.text(this.heading.generated, MARGIN, y, { lineBreak: false });
    y += 15;
    // The table's header rows, repeated on every page.
    const lines = this.columns[0]?.header.length ?? 0;
    const headH = Math.max(1, lines) * ROW_H;
    const tableW = this.widths.reduce((a, b) => a + b, 0);
    doc.rect(MARGIN, y, tableW, headH).fill('#E7ECF3');
    doc.fillColor('#000000').font('bold').fontSize(BODY);
    for (let l = 0; l < lines; l++) {
      for (const run of headerRuns(this.columns, l)) {
        const c = this.columns[run.first] as GridColumn;
        const text = c.header[l] ?? '';
        if (!text) continue;
        if (run.last === run.first)
          this.cell(text, run.first, y + l * ROW_H, c.role === 'value' ? 'right' : 'left', 0);
        else {
          // A header over several columns (a month over its measures): once, across them.
          const x = this.xs[run.first] as number;
          const w = (this.xs[run.last] as number) + (this.widths[run.last] as number) - x;
          doc.text(this.fit(text, w), x + PAD, y + l * ROW_H + 2, { lineBreak: false });
        }
      }
    }
    y += headH;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + tableW, y)
      .lineWidth(0.6)
      .strokeColor('#8EA0B8')
      .stroke();
    this.y = y + 1;
    doc.font('body');
  }

  private cell(text: string, i: number, y: number, align: 'left' | 'right', indent: number): void {
    const w = this.widths[i] as number;
    const x = this.xs[i] as number;
    const fitted = this.fit(text, w - indent, align === 'right');
    if (align === 'right') {
      const tw = this.doc.widthOfString(fitted);
      this.doc.text(fitted, x + w - PAD - tw, y + 2, { lineBreak: false });
    } else this.doc.text(fitted, x + PAD + indent, y + 2, { lineBreak: false });
  }

  async rows(rows: GridRow[]): Promise<void> {
    if (this.failed) throw this.failed;
    const doc = this.doc;
    if (!this.pages) {
      this.layout(rows.slice(0, 200));
      this.newPage();
    }
    const tableW = this.widths.reduce((a, b) => a + b, 0);
    for (const row of rows) {
      if (this.y + ROW_H > this.bottom) this.newPage();
      const bold = row.emphasis !== 'none';
      if (row.emphasis === 'total') doc.rect(MARGIN, this.y, tableW, ROW_H).fill('#F2F4F7');
      doc
        .fillColor('#000000')
        .font(bold ? 'bold' : 'body')
        .fontSize(BODY);
      this.columns.forEach((c, i) => {
        const v = row.cells[i];
        if (v === null || v === undefined || v === '') return;
        const label = c.role === 'label';
        this.cell(String(v), i, this.y, label ? 'left' : 'right', label ? row.depth * INDENT : 0);
      });
      this.y += ROW_H;
    }
    // Let the file stream drain between slices.
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
  }

  async finish(): Promise<number | null> {
    if (!this.pages) {
      this.layout([]);
      this.newPage();
    }
    const done = once(this.out, 'finish');
    this.doc.end();
    await done;
    if (this.failed) throw this.failed;
    return this.pages;
  }

  async abort(): Promise<void> {
    this.doc.unpipe(this.out);
    if (this.out.closed) return;
    await new Promise<void>((resolve) => {
      this.out.once('close', () => resolve());
      this.out.destroy();
    });
  }
}
