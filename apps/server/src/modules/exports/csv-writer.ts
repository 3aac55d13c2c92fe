import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { neutralise, type CellKind, type Convert, type SheetColumn } from './cells.js';

const QUOTE_NEEDED = /[",\r\n]/;
const QUOTES = /"/g;

/** RFC 4180 field: quoted when it holds a comma, quote, CR or LF; quotes doubled. */
export function csvField(s: string): string {
  return QUOTE_NEEDED.test(s) ? `"${s.replace(QUOTES, '""')}"` : s;
}

type Format = (raw: unknown) => string;

/** Stored value → CSV field text for one column (its converter and kind folded together). */
function formatter(kind: CellKind, convert: Convert): Format {
  switch (kind) {
    case 'number':
      return (raw) => {
        const v = convert(raw);
        if (v === null) return '';
        return typeof v === 'number' ? `${v}` : csvField(neutralise(String(v)));
      };
    case 'boolean':
      return (raw) => {
        const v = convert(raw);
        return v === null ? '' : v ? 'true' : 'false';
      };
    case 'date':
    case 'datetime':
      return (raw) => {
        const v = convert(raw);
        return v === null ? '' : csvField(String(v));
      };
    default:
      return (raw) => {
        const v = convert(raw);
        return v === null ? '' : csvField(neutralise(String(v)));
      };
  }
}

/**
 * CSV for spreadsheets and other programs: UTF-8 with a byte order mark (so Excel reads
 * non-Latin text right), comma separated, RFC 4180 quoting, CRLF line ends. Rows are written
 * one slice at a time, waiting for the file to drain.
 */
export class CsvWriter {
  private readonly out: WriteStream;
  private readonly kinds: CellKind[];
  private readonly hash = createHash('sha256');
  private formats: Format[] = [];
  private formatsFor: Convert[] | undefined;
  private failed: Error | undefined;

  constructor(
    file: string,
    private readonly columns: SheetColumn[],
  ) {
    this.kinds = columns.map((c) => c.kind);
    this.out = createWriteStream(file, { highWaterMark: 1 << 20 });
    this.out.on('error', (err) => {
      this.failed = err;
    });
  }

  async start(): Promise<void> {
    const head = this.columns.map((c) => csvField(neutralise(c.heading))).join(',');
    await this.write(`\ufeff${head}\r\n`);
  }

  /** Writes stored rows (arrays in column order), each value turned by its column's converter. */
  async rows(rows: unknown[][], convert: Convert[]): Promise<void> {
    if (convert !== this.formatsFor) {
      this.formats = convert.map((c, i) => formatter(this.kinds[i] as CellKind, c));
      this.formatsFor = convert;
    }
    const formats = this.formats;
    const first = formats[0] as Format;
    const n = formats.length;
    let text = '';
    for (const row of rows) {
      let line = first(row[0]);
      for (let i = 1; i < n; i++) line += `,${(formats[i] as Format)(row[i])}`;
      text += `${line}\r\n`;
    }
    await this.write(text);
  }

  /** SHA-256 of what was written (known once `finish` resolved). */
  sha256(): string {
    return this.hash.digest('hex');
  }

  private async write(text: string): Promise<void> {
    if (this.failed) throw this.failed;
    const bytes = Buffer.from(text, 'utf8');
    this.hash.update(bytes);
    if (!this.out.write(bytes)) {
      await once(this.out, 'drain');
    }
  }

  async finish(): Promise<void> {
    if (this.failed) throw this.failed;
    await new Promise<void>((resolve, reject) => {
      this.out.end((err?: Error | null) => (err ? reject(err) : resolve()));
    });
    if (this.failed) throw this.failed;
  }

  async abort(): Promise<void> {
    if (this.out.closed) return;
    await new Promise<void>((resolve) => {
      this.out.once('close', () => resolve());
      this.out.destroy();
    });
  }
}
