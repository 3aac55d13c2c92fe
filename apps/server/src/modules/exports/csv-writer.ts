import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { neutralise, type CellKind, type Convert, type SheetColumn } from './cells.js';

const QUOTE_NEEDED = { ',': /[",\r\n]/, ';': /[";\r\n]/ } as const;
const QUOTES = /"/g;

/** How fields are separated and decimals written. */
export type CsvStyle = 'comma' | 'semicolon';

/** RFC 4180 field: quoted when it holds the separator, a quote, CR or LF; quotes doubled. */
export function csvField(s: string, separator: ',' | ';' = ','): string {
  return QUOTE_NEEDED[separator].test(s) ? `"${s.replace(QUOTES, '""')}"` : s;
}

type Format = (raw: unknown) => string;

/** Stored value → CSV field text for one column (its converter and kind folded together). */
function formatter(kind: CellKind, convert: Convert, style: CsvStyle): Format {
  const separator = style === 'semicolon' ? ';' : ',';
  const field = (s: string) => csvField(s, separator);
  switch (kind) {
    case 'number':
      return (raw) => {
        const v = convert(raw);
        if (v === null) return '';
        if (typeof v !== 'number') return field(neutralise(String(v)));
        return style === 'semicolon' ? `${v}`.replace('.', ',') : `${v}`;
      };
    case 'decimal':
      // Exact digits as stored, never through a binary number; a minus is not a formula.
      return (raw) => {
        const v = convert(raw);
        if (v === null) return '';
        return style === 'semicolon' ? String(v).replace('.', ',') : String(v);
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
        return v === null ? '' : field(String(v));
      };
    default:
      return (raw) => {
        const v = convert(raw);
        return v === null ? '' : field(neutralise(String(v)));
      };
  }
}

/**
 * CSV for spreadsheets and other programs: UTF-8 with a byte order mark (so Excel reads
 * non-Latin text right), comma separated (or, in the `semicolon` style, `;` with decimal
 * commas), RFC 4180 quoting, CRLF line ends. Rows are written one slice at a time, waiting for
 * the file to drain.
 */
export class CsvWriter {
  private readonly out: WriteStream;
  private readonly kinds: CellKind[];
  private readonly hash = createHash('sha256');
  private formats: Format[] = [];
  private formatsFor: Convert[] | undefined;
  private failed: Error | undefined;

  private readonly separator: ',' | ';';

  constructor(
    file: string,
    private readonly columns: SheetColumn[],
    private readonly style: CsvStyle = 'comma',
  ) {
    this.separator = style === 'semicolon' ? ';' : ',';
    this.kinds = columns.map((c) => c.kind);
    this.out = createWriteStream(file, { highWaterMark: 1 << 20 });
    this.out.on('error', (err) => {
      this.failed = err;
    });
  }

  async start(): Promise<void> {
    const head = this.columns
      .map((c) => csvField(neutralise(c.heading), this.separator))
      .join(this.separator);
    await this.write(`\ufeff${head}\r\n`);
  }

  /** Writes stored rows (arrays in column order), each value turned by its column's converter. */
  async rows(rows: unknown[][], convert: Convert[]): Promise<void> {
    if (convert !== this.formatsFor) {
      this.formats = convert.map((c, i) => formatter(this.kinds[i] as CellKind, c, this.style));
      this.formatsFor = convert;
    }
    const formats = this.formats;
    const first = formats[0] as Format;
    const n = formats.length;
    const sep = this.separator;
    let text = '';
    for (const row of rows) {
      let line = first(row[0]);
      for (let i = 1; i < n; i++) line += sep + (formats[i] as Format)(row[i]);
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
