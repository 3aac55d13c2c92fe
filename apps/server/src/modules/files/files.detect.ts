import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import yauzl from 'yauzl';

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ODT_TYPE = 'application/vnd.oasis.opendocument.text';
const UTF16_TYPE = 'text/plain; charset=utf-16';

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

/** The names of a ZIP archive's entries, or undefined when it is not a readable archive. */
async function zipEntryNames(file: string, max = 10_000): Promise<Set<string> | undefined> {
  return new Promise((resolve) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err) {
        resolve(undefined);
        return;
      }
      const names = new Set<string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        names.add(entry.fileName);
        if (names.size >= max) {
          zip.close();
          resolve(names);
        } else zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', () => resolve(undefined));
      zip.readEntry();
    });
  });
}

/**
 * The content type of a file, detected from its bytes: a known binary format by its magic
 * numbers (an XLSX workbook must be a ZIP archive holding `xl/workbook.xml`), otherwise
 * `text/csv` when the start reads as text. Undefined for an empty file or unknown binary data.
 * The answer may be a type outside {@link ALLOWED_TYPES} (for example `application/x-elf`).
 */
export async function detectType(file: string): Promise<string | undefined> {
  const probe = await head(file, TEXT_PROBE_BYTES);
  if (probe.length === 0) return undefined;
  // UTF-16 text (with its byte-order mark) is not taken: name it rather than guess a format.
  if (
    probe.length >= 2 &&
    ((probe[0] === 0xff && probe[1] === 0xfe) || (probe[0] === 0xfe && probe[1] === 0xff))
  )
    return UTF16_TYPE;
  const found = await fileTypeFromFile(file).catch(() => undefined);
  let type = found?.mime as string | undefined;
  if (type === XLSX_TYPE || type === 'application/zip') {
    const names = await zipEntryNames(file);
    if (!names) type = 'application/zip';
    else if (names.has('xl/workbook.xml')) type = XLSX_TYPE;
    else type = 'application/zip';
  }
  if (isAllowedType(type)) return type;
  // A few short magic numbers (e.g. "BM" for bitmaps) also start ordinary text files.
  if (looksLikeText(probe)) return CSV_TYPE;
  return type;
}
