import type { TextEncoding } from '@fiscus/contracts';
import iconv from 'iconv-lite';

/** Cells of one row as read from a file; null where a row is shorter than others. */
export type Row = (string | null)[];

export const MAX_COLUMNS = 1000;
/** Longest cell accepted (a long text field holds 100,000 characters). */
export const MAX_CELL = 100_000;

/** Longest text one row may span (an unclosed quote would otherwise swallow the file). */
const MAX_ROW_TEXT = 16 * 1024 * 1024;

export class CsvError extends Error {
  constructor(
    readonly reason: 'columns' | 'cell',
    readonly limit: number,
  ) {
    super(reason);
  }
}

/**
 * A streaming CSV reader (RFC 4180): quoted cells may hold delimiters, line breaks and doubled
 * quotes; a quote inside an unquoted cell is kept as text (relaxed); CRLF, LF and CR line ends.
 * Text goes in by chunks (`push`), complete rows come out; `end` flushes the last row.
 * Written for speed: whole unquoted cells are sliced at once.
 */
export class CsvParser {
  private buf = '';
  private row: string[] = [];

  constructor(private readonly delimiter: string) {}

  push(text: string, out: string[][]): void {
    this.buf = this.buf.length ? this.buf + text : text;
    this.parse(out, false);
  }

  end(out: string[][]): void {
    this.parse(out, true);
    if (this.row.length) {
      out.push(this.row);
      this.row = [];
    }
  }

  private parse(out: string[][], final: boolean): void {
    const s = this.buf;
    const d = this.delimiter;
    const n = s.length;
    let pos = 0;
    // Start of the row being read, to resume from when a chunk ends inside it.
    let rowStart = 0;
    let row = this.row;
    // Next delimiter / LF / CR at or after the position (-1: none left in this text).
    let nextD = -2;
    let nextLf = -2;
    let nextCr = -2;
    for (;;) {
      if (pos >= n) {
        if (final && row.length) {
          // The file ended right after a delimiter: one more, empty cell.
          row.push('');
          out.push(row);
          row = [];
        }
        rowStart = n;
        break;
      }
      const c = s.charCodeAt(pos);
      if (c === 34 /* " */) {
        // Quoted cell.
        let value = '';
        let from = pos + 1;
        let end = -1;
        for (;;) {
          const q = s.indexOf('"', from);
          if (q < 0) break;
          if (q + 1 < n && s.charCodeAt(q + 1) === 34) {
            value += s.slice(from, q + 1);
            from = q + 2;
            continue;
          }
          if (q + 1 >= n && !final) break;
          value += s.slice(from, q);
          end = q + 1;
          break;
        }
        if (end < 0) {
          if (!final) break;
          // An unterminated quote at the end of the file: take the rest as the cell.
          value += s.slice(from).replace(/""/g, '"');
          end = n;
        }
        // Text after the closing quote up to the delimiter belongs to the cell (relaxed).
        let after = end;
        while (after < n) {
          const ch = s.charCodeAt(after);
          if (ch === 10 || ch === 13 || s[after] === d) break;
          after++;
        }
        if (after >= n && !final) break;
        if (after > end) value += s.slice(end, after);
        if (value.length > MAX_CELL) throw new CsvError('cell', MAX_CELL);
        row.push(value);
        pos = after;
      } else if (c === 10 || c === 13) {
        // An empty last cell (row ended right after a delimiter) or an empty line.
        if (row.length) row.push('');
        pos = this.skipEol(s, pos, final);
        if (pos < 0) {
          if (row.length) row.pop();
          break;
        }
        if (row.length) out.push(row);
        else out.push(['']);
        row = [];
        rowStart = pos;
        continue;
      } else {
        if (nextD !== -1 && nextD < pos) nextD = s.indexOf(d, pos);
        if (nextLf !== -1 && nextLf < pos) nextLf = s.indexOf('\n', pos);
        if (nextCr !== -1 && nextCr < pos) nextCr = s.indexOf('\r', pos);
        const nextNl = nextCr < 0 ? nextLf : nextLf < 0 ? nextCr : Math.min(nextCr, nextLf);
        let end: number;
        if (nextD >= 0 && (nextNl < 0 || nextD < nextNl)) end = nextD;
        else if (nextNl >= 0) end = nextNl;
        else {
          if (!final) break;
          end = n;
        }
        if (end - pos > MAX_CELL) throw new CsvError('cell', MAX_CELL);
        row.push(s.slice(pos, end));
        pos = end;
      }
      if (row.length > MAX_COLUMNS) throw new CsvError('columns', MAX_COLUMNS);
      // After a cell: a delimiter, a line end, or the end of the text.
      if (pos >= n) {
        if (final) {
          out.push(row);
          row = [];
          rowStart = n;
        } else {
          // Wait for more text: the row may go on.
          break;
        }
        break;
      }
      const e = s.charCodeAt(pos);
      if (s[pos] === d) {
        pos++;
        if (pos >= n && !final) break;
        continue;
      }
      if (e === 10 || e === 13) {
        const next = this.skipEol(s, pos, final);
        if (next < 0) break;
        out.push(row);
        row = [];
        pos = next;
        rowStart = pos;
      }
    }
    if (rowStart < n && !final) {
      // Unfinished row: keep its text and read it again, whole, with the next chunk.
      if (n - rowStart > MAX_ROW_TEXT) throw new CsvError('cell', MAX_CELL);
      this.buf = s.slice(rowStart);
      this.row = [];
      return;
    }
    this.buf = '';
    this.row = row;
  }

  /** Position after a line end at `pos`; -1 when a CR ends the chunk (a LF may follow). */
  private skipEol(s: string, pos: number, final: boolean): number {
    if (s.charCodeAt(pos) === 13) {
      if (pos + 1 >= s.length) return final ? pos + 1 : -1;
      return s.charCodeAt(pos + 1) === 10 ? pos + 2 : pos + 1;
    }
    return pos + 1;
  }
}

const CANDIDATES = [',', ';', '\t', '|'];

/**
 * The delimiter of a CSV sample: the candidate found the same (non-zero) number of times on
 * most of the first lines (outside quotes), preferring more occurrences; `,` when unsure.
 */
export function detectDelimiter(sample: string): string {
  const lines: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < sample.length && lines.length < 20; i++) {
    const ch = sample[i] as string;
    if (ch === '"') quoted = !quoted;
    if (!quoted && (ch === '\n' || ch === '\r')) {
      if (cur.length) lines.push(cur);
      cur = '';
      continue;
    }
    if (!quoted) cur += ch;
  }
  if (cur.length && lines.length < 20 && lines.length === 0) lines.push(cur);
  let best = ',';
  let bestScore = 0;
  for (const d of CANDIDATES) {
    const counts = lines.map((l) => l.split(d).length - 1);
    const first = counts[0] ?? 0;
    if (!first) continue;
    const same = counts.filter((c) => c === first).length;
    const score = (same / counts.length) * 1000 + first;
    if (score > bestScore) {
      bestScore = score;
      best = d;
    }
  }
  return best;
}

export interface TextDecoderLike {
  write(chunk: Buffer): string;
  end(): string;
}

/** A streaming decoder for one of the text encodings (a byte-order mark is dropped). */
export function makeDecoder(encoding: TextEncoding): TextDecoderLike {
  if (encoding === 'utf-8') {
    const td = new TextDecoder('utf-8', { ignoreBOM: false });
    return {
      write: (chunk) => td.decode(chunk, { stream: true }),
      end: () => td.decode(),
    };
  }
  const dec = iconv.getDecoder(encoding);
  return {
    write: (chunk) => dec.write(chunk),
    end: () => dec.end() ?? '',
  };
}
