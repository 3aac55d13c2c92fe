import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import type { CubeMeasureInfo } from '@fiscus/contracts';
import { csvField, neutralise } from '../exports/index.js';

/**
 * A report as a grid — what every format writes: columns with header lines (a pivot has one
 * header row per column dimension plus one for the measures) and rows of cells with their
 * emphasis (subtotals and totals bold) and outline depth. Views become a grid of their visible
 * fields; cubes a grid of their pivot.
 */

export interface GridColumn {
  /** Header lines, top to bottom (the same number for every column). */
  header: string[];
  /** `label`: row headers and texts; `value`: numbers of a measure (right aligned, formatted). */
  role: 'label' | 'value';
  /** The measure of a value column (number format). */
  measure?: CubeMeasureInfo;
  /**
   * Per header line, what the header stands for (a column member's path): neighbours with the
   * same key share one header, written once across them. Null or absent: a header of its own.
   */
  groups?: (string | null)[];
}

/** Runs of neighbouring columns that share the header of line `line` (see `groups`). */
export function headerRuns(columns: GridColumn[], line: number): { first: number; last: number }[] {
  const runs: { first: number; last: number }[] = [];
  columns.forEach((c, i) => {
    const key = c.groups?.[line] ?? null;
    const prev = runs[runs.length - 1];
    const prevKey = prev ? (columns[prev.last]?.groups?.[line] ?? null) : null;
    if (prev && key !== null && key === prevKey && prev.last === i - 1) prev.last = i;
    else runs.push({ first: i, last: i });
  });
  return runs;
}

export type GridCell = string | number | null;

export interface GridRow {
  cells: GridCell[];
  emphasis: 'none' | 'subtotal' | 'total';
  /** Outline depth of a pivot row (0: top level or grand total). */
  depth: number;
}

/** What the top of a report says: its name, its parameters and when it was generated. */
export interface GridHeading {
  title: string;
  parameters: string;
  generated: string;
}

export interface GridWriter {
  start(columns: GridColumn[]): Promise<void>;
  rows(rows: GridRow[]): Promise<void>;
  /** Pages written (PDF), else null. */
  finish(): Promise<number | null>;
  abort(): Promise<void>;
}

/**
 * A pivot as CSV: UTF-8 with BOM, the header lines, then one line per row item with every
 * member of its path (subtotals end their path with "Total") so a program can read it without
 * the layout; numbers as exact decimal texts.
 */
export class GridCsvWriter implements GridWriter {
  private readonly out: WriteStream;
  private failed: Error | undefined;

  constructor(file: string) {
    this.out = createWriteStream(file, { highWaterMark: 1 << 20 });
    this.out.on('error', (err) => {
      this.failed = err;
    });
  }

  private async write(text: string): Promise<void> {
    if (this.failed) throw this.failed;
    if (!this.out.write(Buffer.from(text, 'utf8'))) await once(this.out, 'drain');
  }

  private line(cells: GridCell[]): string {
    return cells
      .map((c) =>
        c === null ? '' : typeof c === 'number' ? String(c) : csvField(neutralise(String(c))),
      )
      .join(',');
  }

  async start(columns: GridColumn[]): Promise<void> {
    const lines = columns[0]?.header.length ?? 0;
    let text = '\ufeff';
    for (let l = 0; l < lines; l++)
      text += `${this.line(columns.map((c) => c.header[l] ?? ''))}\r\n`;
    await this.write(text);
  }

  async rows(rows: GridRow[]): Promise<void> {
    let text = '';
    for (const r of rows) text += `${this.line(r.cells)}\r\n`;
    await this.write(text);
  }

  async finish(): Promise<number | null> {
    if (this.failed) throw this.failed;
    await new Promise<void>((resolve, reject) => {
      this.out.end((err?: Error | null) => (err ? reject(err) : resolve()));
    });
    return null;
  }

  async abort(): Promise<void> {
    if (this.out.closed) return;
    await new Promise<void>((resolve) => {
      this.out.once('close', () => resolve());
      this.out.destroy();
    });
  }
}
