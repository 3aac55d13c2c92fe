import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import yauzl from 'yauzl';
import { bomOf, decode, detectEncoding } from '../../lib/text-encoding.js';

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ODT_TYPE = 'application/vnd.oasis.opendocument.text';
/** A SQLite database file (a data source, see docs/mounts.md). */
export const SQLITE_TYPE = 'application/x-sqlite3';

/** Content types a file may have to be stored (detected from the bytes, never the name). */
export const ALLOWED_TYPES: ReadonlySet<string> = new Set([
  CSV_TYPE,
  XLSX_TYPE,
  DOCX_TYPE,
  ODT_TYPE,
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  SQLITE_TYPE,
]);

export function isAllowedType(type: string | undefined): type is string {
  return type !== undefined && ALLOWED_TYPES.has(type);
}

/** How much of the start of a file the text test reads. */
const TEXT_PROBE_BYTES = 64 * 1024;

async function head(file: string, bytes: number): Promise<Buffer> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Whether bytes look like text (CSV, TSV, plain text): no NUL byte, and either valid UTF-8 or
 * plausible single-byte text (such as Windows-1251), with hardly any control characters.
 */
export function looksLikeText(buf: Buffer): boolean {
  if (buf.length === 0 || buf.includes(0)) return false;
  let control = 0;
  for (const b of buf) {
    // Tab, line feed, form feed and carriage return are normal in text; ESC and DEL are rare.
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f)
      control += 1;
  }
  if (control > buf.length * 0.02) return false;
  try {
    // `stream` tolerates a multi-byte character cut at the end of the probe.
    new TextDecoder('utf-8', { fatal: true }).decode(buf, { stream: true });
    return true;
  } catch {
    // Not UTF-8: single-byte text has its letters in 0x80–0xFF, which is fine as it is.
    return true;
  }
}

/** Decoded UTF-16 text with hardly any control characters (and no NUL). */
function looksLikeText16(text: string): boolean {
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return false;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d) || c === 0x7f) control++;
  }
  return text.length > 0 && control <= text.length * 0.02;
}

/** Main content types of a spreadsheet package (workbook, template; macro-enabled ones too). */
const SPREADSHEET_MAIN =
  /application\/vnd\.(openxmlformats-officedocument\.spreadsheetml\.(sheet|template)|ms-excel\.(sheet|template)\.macroEnabled)\.main\+xml/i;
/** `[Content_Types].xml` is read up to this size. */
const CONTENT_TYPES_MAX = 1024 * 1024;

/**
 * Whether a ZIP archive is a spreadsheet package: its `[Content_Types].xml` declares a workbook
 * part (wherever the writer put it), or it holds `xl/workbook.xml`. Undefined when it is not a
 * readable archive.
 */
async function isSpreadsheetPackage(file: string, max = 10_000): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err) {
        resolve(undefined);
        return;
      }
      let seen = 0;
      let found = false;
      let settled = false;
      const done = (answer: boolean | undefined) => {
        if (settled) return;
        settled = true;
        if (zip.isOpen) zip.close();
        resolve(answer);
      };
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName.replace(/\\/g, '/').toLowerCase();
        if (name === 'xl/workbook.xml') found = true;
        if (++seen >= max) {
          done(found);
          return;
        }
        if (name !== '[content_types].xml' || entry.uncompressedSize > CONTENT_TYPES_MAX) {
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) {
            zip.readEntry();
            return;
          }
          let text = '';
          stream.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
            if (text.length > CONTENT_TYPES_MAX) stream.destroy();
          });
          stream.on('error', () => zip.readEntry());
          stream.on('end', () => {
            if (SPREADSHEET_MAIN.test(text)) done(true);
            else zip.readEntry();
          });
        });
      });
      zip.on('end', () => done(found));
      zip.on('error', () => done(undefined));
      zip.readEntry();
    });
  });
}

/**
 * The content type of a file, detected from its bytes: a known binary format by its magic
 * numbers (an XLSX workbook must be a ZIP archive declaring a workbook part), otherwise
 * `text/csv` when the start reads as text. Undefined for an empty file or unknown binary data.
 * The answer may be a type outside {@link ALLOWED_TYPES} (for example `application/x-elf`).
 */
export async function detectType(file: string): Promise<string | undefined> {
  const probe = await head(file, TEXT_PROBE_BYTES);
  if (probe.length === 0) return undefined;
  // UTF-16 text (with a byte-order mark, or with its pattern of zero bytes) is text too.
  const bom = bomOf(probe);
  if (bom === 'utf-16le' || bom === 'utf-16be' || (!bom && probe.includes(0))) {
    const { encoding } = bom ? { encoding: bom } : detectEncoding(probe);
    if (
      (encoding === 'utf-16le' || encoding === 'utf-16be') &&
      looksLikeText16(decode(probe, encoding))
    )
      return CSV_TYPE;
  }
  const found = await fileTypeFromFile(file).catch(() => undefined);
  let type = found?.mime as string | undefined;
  if (type === XLSX_TYPE || type === 'application/zip')
    type = (await isSpreadsheetPackage(file)) ? XLSX_TYPE : 'application/zip';
  if (isAllowedType(type)) return type;
  // A few short magic numbers (e.g. "BM" for bitmaps) also start ordinary text files.
  if (looksLikeText(probe)) return CSV_TYPE;
  return type;
}
