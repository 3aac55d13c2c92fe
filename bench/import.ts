/**
 * Import benchmark (QUALITY.md P4): generates a CSV (or, with `--format xlsx`, an XLSX workbook
 * written the way Excel writes one: shared strings, styles, a date style) of N rows × 10 columns
 * (streamed to a temp dir), starts the server as its own process on a temp DATA_DIR, registers a user, creates an
 * object with 10 fields, uploads the file through `/api/uploadchunk` in 8 MB chunks, creates and
 * runs the import and polls it until it ends — through the API's typed client, `@fiscus/client`. Prints JSON: rows, seconds for the upload, the
 * import and end to end, rows/s end to end, and the server's peak RSS (VmHWM).
 * Run: node --conditions=source --import tsx bench/import.ts [--rows 1000000] [--port 3290]
 *      [--format csv|xlsx]
 * Env: BENCH_DATABASE_URL (postgres://… to run on PostgreSQL), BENCH_FORMAT (csv | xlsx),
 * BENCH_GROUPED_VIEW=1 (a view grouped by category with the sums of amount and qty is saved first:
 * its maintained aggregate's triggers and covering index are kept in step by the import).
 */
import { mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient } from '@fiscus/client';
import { ZipWriter } from '../apps/server/src/modules/exports/zip-writer.js';
import { LEDGER_CATEGORIES, writeLedgerCsv } from './lib/ledger-csv.js';
import { createLedger, startServer } from './lib/server.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

const ROWS = arg('rows', Number(process.env.BENCH_ROWS ?? 1_000_000));
const PORT = arg('port', 3290);
const fmtAt = process.argv.indexOf('--format');
const FORMAT =
  (fmtAt >= 0 ? process.argv[fmtAt + 1] : process.env.BENCH_FORMAT) === 'xlsx' ? 'xlsx' : 'csv';
const CHUNK = 8 * 1024 * 1024;
const dir = mkdtempSync(path.join(tmpdir(), 'fiscus-bench-import-'));

const categories = LEDGER_CATEGORIES;

const HEADER = [
  'Code',
  'Name',
  'Amount',
  'Qty',
  'Day',
  'Paid',
  'Category',
  'Region',
  'Note',
  'Ratio',
];
const regions = Array.from({ length: 50 }, (_, i) => `Region ${i}`);

function xml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/**
 * The same rows as an XLSX workbook, as Excel writes it: every text in the shared strings
 * (header, 10 categories, 50 regions, then code, name and note of each row), dates as serials
 * with a date style, booleans as `t="b"`.
 */
async function writeXlsx(file: string, rows: number): Promise<void> {
  const zip = new ZipWriter(file);
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const pkg = 'http://schemas.openxmlformats.org/package/2006/relationships';
  await zip.file(
    '[Content_Types].xml',
    `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  );
  await zip.file(
    '_rels/.rels',
    `${head}<Relationships xmlns="${pkg}"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  await zip.file(
    'xl/workbook.xml',
    `${head}<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Ledger" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  await zip.file(
    'xl/_rels/workbook.xml.rels',
    `${head}<Relationships xmlns="${pkg}"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${rel}/styles" Target="styles.xml"/></Relationships>`,
  );
  await zip.file(
    'xl/styles.xml',
    `${head}<styleSheet xmlns="${main}"><fonts count="1"><font/></fonts><fills count="1"><fill/></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`,
  );
  const fixed = [...HEADER, ...categories, ...regions];
  const first = fixed.length;
  const strings = await zip.stream('xl/sharedStrings.xml');
  const total = first + rows * 3;
  let buf = `${head}<sst xmlns="${main}" count="${total}" uniqueCount="${total}">`;
  for (const s of fixed) buf += `<si><t>${xml(s)}</t></si>`;
  for (let i = 1; i <= rows; i++) {
    buf += `<si><t>K${i}</t></si><si><t>Item ${i}</t></si><si><t>Note number ${i}</t></si>`;
    if (buf.length > 1 << 20) {
      await strings.write(buf);
      buf = '';
    }
  }
  await strings.write(`${buf}</sst>`);
  await strings.end();
  const sheet = await zip.stream('xl/worksheets/sheet1.xml');
  const epoch = Date.UTC(1899, 11, 30);
  buf = `${head}<worksheet xmlns="${main}"><sheetData><row r="1">`;
  HEADER.forEach((_, c) => {
    buf += `<c r="${String.fromCharCode(65 + c)}1" t="s"><v>${c}</v></c>`;
  });
  buf += '</row>';
  for (let i = 1; i <= rows; i++) {
    const r = i + 1;
    const s = first + (i - 1) * 3;
    const day = (Date.UTC(2026, i % 12, (i % 28) + 1) - epoch) / 86_400_000;
    buf +=
      `<row r="${r}"><c r="A${r}" t="s"><v>${s}</v></c><c r="B${r}" t="s"><v>${s + 1}</v></c>` +
      `<c r="C${r}"><v>${((i * 37) % 100000) / 100}</v></c><c r="D${r}"><v>${i % 1000}</v></c>` +
      `<c r="E${r}" s="1"><v>${day}</v></c><c r="F${r}" t="b"><v>${i % 2}</v></c>` +
      `<c r="G${r}" t="s"><v>${HEADER.length + (i % 10)}</v></c>` +
      `<c r="H${r}" t="s"><v>${HEADER.length + 10 + (i % 50)}</v></c>` +
      `<c r="I${r}" t="s"><v>${s + 2}</v></c><c r="J${r}"><v>${(i % 997) / 10}</v></c></row>`;
    if (buf.length > 1 << 20) {
      await sheet.write(buf);
      buf = '';
    }
  }
  await sheet.write(`${buf}</sheetData></worksheet>`);
  await sheet.end();
  await zip.finish();
}

const csv = path.join(dir, FORMAT === 'xlsx' ? 'rows.xlsx' : 'rows.csv');
const tGen = performance.now();
if (FORMAT === 'xlsx') await writeXlsx(csv, ROWS);
else await writeLedgerCsv(csv, ROWS);
const genSeconds = (performance.now() - tGen) / 1000;

const server = await startServer({ port: PORT, dir }).catch((e: unknown) => {
  rmSync(dir, { recursive: true, force: true });
  throw e;
});
// The API's typed client, as a script of a customer would call it.
const client = createClient({ baseUrl: server.base, token: server.token() });
try {
  const obj = await createLedger(server, 'Ledger', categories);

  const grouped = process.env.BENCH_GROUPED_VIEW === '1';
  if (grouped) {
    await client.op('views.save', {
      objectId: obj.id,
      name: 'By category',
      definition: {
        filter: {
          isactive: true,
          isexpanded: true,
          name: 'root',
          operator: { id: 1, sid: 'and', name: 'AND' },
          children: [],
          conditions: [],
        },
        orderby: { isActive: false, sorts: [] },
        groupby: {
          isActive: true,
          groups: [
            {
              field: 'category',
              aggregates: [
                { field: 'amount', fn: 'sum' },
                { field: 'qty', fn: 'sum' },
              ],
            },
          ],
        },
        search: '',
      },
    });
    // The view's indexes and summary are built by a background job; wait for them.
    for (let i = 0; i < 600; i++) {
      const { items } = await client.op('tables.list', {});
      const ix = items.find((x) => x.objectId === obj.id)?.indexes ?? [];
      if (ix.some((n) => /^ag\d_/.test(n))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const cpuBefore = await server.cpuSeconds();
  const rssIdle = await server.peakRss();
  const t0 = performance.now();
  const { fileId } = await client.upload(await openAsBlob(csv), path.basename(csv), {
    chunked: true,
    chunkSize: CHUNK,
  });
  const t1 = performance.now();
  const imp = await client.op('imports.create', { objectId: obj.id, fileId });
  await client.op('imports.run', { id: imp.id });
  let state: Awaited<ReturnType<typeof client.op<'imports.get'>>>;
  let rssPeak = 0;
  for (;;) {
    rssPeak = Math.max(rssPeak, await server.peakRss());
    state = await client.op('imports.get', { id: imp.id });
    if (!['queued', 'running'].includes(state.status)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const t2 = performance.now();
  const cpuSeconds = (await server.cpuSeconds()) - cpuBefore;
  rssPeak = Math.max(rssPeak, await server.peakRss());
  const { total } = await client.op('records.count', { objectId: obj.id });
  const endToEnd = (t2 - t0) / 1000;
  console.log(
    JSON.stringify(
      {
        rows: ROWS,
        format: FORMAT,
        fileBytes: statSync(csv).size,
        status: state.status,
        error: state.error,
        result: state.result,
        recordsAfter: total,
        generateSeconds: +genSeconds.toFixed(2),
        uploadSeconds: +((t1 - t0) / 1000).toFixed(2),
        importSeconds: +((t2 - t1) / 1000).toFixed(2),
        endToEndSeconds: +endToEnd.toFixed(2),
        rowsPerSecondEndToEnd: Math.round(ROWS / endToEnd),
        groupedView: grouped,
        // CPU of the server process for the upload and the import (all threads): less
        // sensitive to other load on the machine than the wall time.
        serverCpuSeconds: +cpuSeconds.toFixed(2),
        rowsPerServerCpuSecond: Math.round(ROWS / Math.max(cpuSeconds, 0.01)),
        loadAverage: loadavg().map((x) => +x.toFixed(2)),
        serverPeakRssMB: +(rssPeak / 1024 / 1024).toFixed(1),
        serverRssBeforeUploadMB: +(rssIdle / 1024 / 1024).toFixed(1),
        database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite',
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
