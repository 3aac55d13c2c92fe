import { parentPort } from 'node:worker_threads';
import { isRecordValues, MAX_BULK_ROWS } from '@fiscus/contracts';
import { parseRows, writeRows } from './records.parse.js';
import { keyOf, packRows, type RowsRequest } from './records.offload.js';
import type { ToWorker } from './bulk-bodies.js';

/**
 * The bulk-body worker (see bulk-bodies.ts): parses the JSON of big bulk-write requests and
 * reads their rows with the fields' types and rules, off the event loop. A body that is not
 * one bulk write, or that the server's own parser would refuse or look at twice (keys that could
 * reach a prototype, NUL characters), goes back to the event loop to be parsed as any other.
 */

const port = parentPort;
if (!port) throw new Error('bulk-worker runs as a worker thread');

const ROWS_OPS = new Set(['records.createMany', 'records.upsertMany']);
// What the server's JSON parser refuses (secure-json-parse's tests, escapes included).
const PROTO =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;
const CONSTRUCTOR =
  /"(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072)"\s*:/;

/** Rows of bodies read, until the write asks for their states or the request ends. */
const kept = new Map<number, Record<string, unknown>[]>();

function readBody(id: number, text: string) {
  if (PROTO.test(text) || CONSTRUCTOR.test(text) || text.includes('\\u0000')) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { rows, ...head } = body as Record<string, unknown>;
  if (typeof head.op !== 'string' || !ROWS_OPS.has(head.op)) return null;
  if (
    !Array.isArray(rows) ||
    rows.length < 1 ||
    rows.length > MAX_BULK_ROWS ||
    !rows.every(isRecordValues)
  )
    return null;
  kept.set(id, rows);
  return { head, count: rows.length };
}

function readRows(id: number, req: RowsRequest) {
  const rows = kept.get(id);
  kept.delete(id);
  if (!rows) throw new Error(`no rows kept for body ${id}`);
  const key = keyOf(req);
  const byId = new Map(req.fields.map((f) => [f.id, f]));
  const stored = req.stored.map((fid) => {
    const f = byId.get(fid);
    if (!f) throw new Error('stored field is not among the fields');
    return f;
  });
  const states = parseRows(req.lang, req.fields, stored, writeRows(rows, key.kind === 'id'), key);
  return packRows(states, stored.length);
}

port.on('message', (m: ToWorker) => {
  try {
    if (m.t === 'body') port.postMessage({ id: m.id, body: readBody(m.id, m.text) });
    else if (m.t === 'rows') port.postMessage({ id: m.id, rows: readRows(m.id, m.req) });
    else kept.delete(m.id);
  } catch (e) {
    if (m.t !== 'drop') port.postMessage({ id: m.id, error: String((e as Error).message) });
  }
});
