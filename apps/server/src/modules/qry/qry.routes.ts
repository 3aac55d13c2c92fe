import {
  isRecordValues,
  MAX_BULK_ROWS,
  platformOps,
  type ErrorEnvelope,
  type PlatformOpName,
} from '@fiscus/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { auditVia } from '../../platform/audit.js';
import { WriteOrder, writeTurn, type WriteTurn } from '../../platform/write-order.js';
import { BulkBodies, OFFLOAD_MIN_CHARS, OffloadedRows } from '../records/index.js';
import type { OpContext } from '../../platform/context.js';
import { invalid, issuesToFields } from '../../platform/errors.js';
import { langOf, commonText, type Lang } from '../../platform/messages.js';
import { pfText } from '../../platform/platform.messages.js';
import type { OpHandler } from '../../platform/ops.js';
import { handlers } from './qry.handlers.js';
import { qryText } from './qry.messages.js';

/** Deepest nesting of a request body the dispatcher reads (filter trees are far shallower). */
const MAX_BODY_DEPTH = 40;
const MAX_BATCH = 20;

/**
 * Ops whose answers the record service builds column by column from metadata, and bulk writes
 * (counts and an id per row, thousands of them): in production their answers are not checked
 * against the schema again (development and the test suite keep checking them like every other
 * answer).
 */
const TRUSTED_ANSWERS: ReadonlySet<PlatformOpName> = new Set<PlatformOpName>([
  'records.list',
  'records.count',
  'records.createMany',
  'records.upsertMany',
]);

/**
 * Walks the body once: too deep → 'depth'; a NUL character anywhere (PostgreSQL cannot store
 * it in text) → its path. Undefined when the body is fine. Visits children last to first and
 * checks an object's keys before its values; builds the path only for the problem it finds (a
 * bulk write's body has tens of thousands of values).
 */
function bodyProblem(
  value: unknown,
): { kind: 'depth' } | { kind: 'nul'; path: string } | undefined {
  const found = walk(value, 0);
  if (found === undefined) return undefined;
  if (found === 'depth') return { kind: 'depth' };
  return { kind: 'nul', path: found.reverse().join('.') || '_' };
}

/** The problem under `v`: 'depth', or the path to a NUL (innermost key first). */
function walk(v: unknown, depth: number): 'depth' | string[] | undefined {
  if (depth > MAX_BODY_DEPTH) return 'depth';
  if (typeof v === 'string') return v.includes('\u0000') ? [] : undefined;
  if (!v || typeof v !== 'object') return undefined;
  if (Array.isArray(v)) {
    for (let i = v.length - 1; i >= 0; i--) {
      const found = walk(v[i], depth + 1);
      if (found === 'depth') return found;
      if (found) return (found.push(String(i)), found);
    }
    return undefined;
  }
  const keys = Object.keys(v);
  // A key with NUL names its object.
  for (const k of keys) if (k.includes('\u0000')) return [];
  for (let i = keys.length - 1; i >= 0; i--) {
    const k = keys[i] as string;
    const found = walk((v as Record<string, unknown>)[k], depth + 1);
    if (found === 'depth') return found;
    if (found) return (found.push(k), found);
  }
  return undefined;
}

/**
 * Rows of bulk writes already found to be plain record values (`isRecordValues`) before the body
 * was walked: the input check does not read them again.
 */
const plainRows = new WeakSet<unknown[]>();

/**
 * `bodyProblem` of a bulk write whose JSON text has no `\u0000` escape (JSON text cannot hold a
 * raw NUL, so none of its strings or keys holds one): rows that are plain record values are
 * at most four levels deep and free of NUL, so only the rest of the body is walked — the same
 * answer as walking it all, without visiting every value of thousands of rows.
 */
function bulkBodyProblem(body: unknown): ReturnType<typeof bodyProblem> {
  if (!isPlainObject(body)) return bodyProblem(body);
  const rows = body.rows;
  if (
    !Array.isArray(rows) ||
    rows.length < 1 ||
    rows.length > MAX_BULK_ROWS ||
    !rows.every(isRecordValues)
  )
    return bodyProblem(body);
  plainRows.add(rows);
  return bodyProblem({ ...body, rows: [] });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Ops whose input carries up to MAX_BULK_ROWS rows of record values in `rows`. */
const ROWS_INPUTS: ReadonlySet<PlatformOpName> = new Set<PlatformOpName>([
  'records.createMany',
  'records.upsertMany',
]);

/**
 * The op's input as its contract's schema parses it. A bulk write's rows are checked by
 * `isRecordValues` (what the rows' schema accepts, without copying them) and the rest of the
 * input by the schema with one stand-in row; when anything is wrong the schema reads the whole
 * input, so the errors are the schema's own.
 */
function parseInput(name: PlatformOpName, input: Record<string, unknown>) {
  const schema = platformOps[name].input;
  const rows = input.rows;
  // Rows read on the bulk-body worker passed the same checks there.
  if (ROWS_INPUTS.has(name) && rows instanceof OffloadedRows) {
    const head = schema.safeParse({ ...input, rows: [{}] });
    if (head.success) return { success: true as const, data: { ...head.data, rows } };
    rows.discard();
    return head;
  }
  if (
    ROWS_INPUTS.has(name) &&
    Array.isArray(rows) &&
    rows.length >= 1 &&
    rows.length <= MAX_BULK_ROWS &&
    (plainRows.has(rows) || rows.every(isRecordValues))
  ) {
    const head = schema.safeParse({ ...input, rows: [{}] });
    if (head.success) return { success: true as const, data: { ...head.data, rows } };
  }
  return schema.safeParse(input, { reportInput: true });
}

/** Ops about one object named by `id` (the others name it by `objectId`). */
const OBJECT_BY_ID: ReadonlySet<PlatformOpName> = new Set<PlatformOpName>([
  'objects.get',
  'objects.update',
  'objects.delete',
]);

/**
 * A token limited to some objects may call only ops about one of them (`objectId`, or `id` of
 * `objects.*`) and `objects.list` (which then lists only them); anything else is 403.
 */
function checkTokenObjects(
  name: PlatformOpName,
  input: Record<string, unknown>,
  objects: readonly string[],
  lang: Lang,
): void {
  if (name === 'objects.list') return;
  const about = OBJECT_BY_ID.has(name) ? input.id : input.objectId;
  if (typeof about !== 'string')
    throw new AppError('forbidden', qryText(lang, 'qry.token_objects_only'));
  if (!objects.includes(about))
    throw new AppError('forbidden', qryText(lang, 'qry.token_other_object'));
}

/** Runs one `{ op, ...input }`: op known → ability → input schema → handler → answer schema. */
async function runOp(
  app: FastifyInstance,
  request: FastifyRequest,
  body: unknown,
  lang: Lang,
): Promise<unknown> {
  if (!isPlainObject(body)) throw invalid(lang, { op: [commonText(lang, 'field.required')] });
  const { op, ...rest } = body;
  if (typeof op !== 'string' || op === '')
    throw invalid(lang, { op: [commonText(lang, 'field.required')] });
  if (!Object.hasOwn(platformOps, op))
    throw invalid(lang, { op: [pfText(lang, 'pf.unknown_op', { op: op.slice(0, 60) })] });
  const name = op as PlatformOpName;
  const contract = platformOps[name];
  app.authorize(request, contract.action, contract.subject);
  const parsed = parseInput(name, rest);
  if (!parsed.success) throw invalid(lang, issuesToFields(parsed.error.issues, lang));
  const ctx: OpContext = {
    db: app.db,
    domainId: request.auth.domainId,
    userId: request.auth.userId,
    ability: request.auth.ability,
    lang,
  };
  const handler = handlers[name] as OpHandler<PlatformOpName>;
  const token = request.auth.token;
  if (token?.objects)
    checkTokenObjects(name, parsed.data as Record<string, unknown>, token.objects, lang);
  // Through an API token every audit entry the op writes keeps the token's name.
  let out = token
    ? await auditVia.run(token.name, () => handler(ctx, parsed.data as never, { app, request }))
    : await handler(ctx, parsed.data as never, { app, request });
  if (token?.objects && name === 'objects.list') {
    const allowed = new Set(token.objects);
    const list = out as { items: { id: string }[] };
    out = { ...list, items: list.items.filter((o) => allowed.has(o.id)) } as typeof out;
  }
  if (app.config.env === 'production' && TRUSTED_ANSWERS.has(name)) return out;
  const answer = contract.output.safeParse(out);
  if (!answer.success) {
    request.log.error(
      { op: name, issues: answer.error.issues.slice(0, 5) },
      'answer does not match its schema',
    );
    throw new AppError('internal', commonText(lang, 'error.internal'));
  }
  return answer.data;
}

function envelopeOf(e: unknown, request: FastifyRequest, lang: Lang): ErrorEnvelope['error'] {
  if (e instanceof AppError && e.code !== 'internal') {
    return {
      code: e.code,
      message: e.message,
      ...(e.fields ? { fields: e.fields } : {}),
      requestId: request.id,
    };
  }
  request.log.error({ err: e }, 'batch op failed');
  return { code: 'internal', message: commonText(lang, 'error.internal'), requestId: request.id };
}

/** Whether a body writes records in bulk (itself, or an op of its batch). */
function isBulkWrite(body: unknown): boolean {
  if (!isPlainObject(body)) return false;
  if (body.op === 'batch')
    return Array.isArray(body.ops) && body.ops.some((op: unknown) => isBulkWrite(op));
  return typeof body.op === 'string' && ROWS_INPUTS.has(body.op as PlatformOpName);
}

/** The bulk-body worker of each server (tests end it as a crash would). */
const workers = new WeakMap<object, BulkBodies>();
export function bulkBodiesOf(app: FastifyInstance): BulkBodies | undefined {
  return workers.get(app.server);
}

/** A bulk write's turn (platform/write-order.ts) and its rows on the worker, per request. */
interface BulkState {
  turn: WriteTurn;
  rows?: OffloadedRows;
  /** The body's JSON text has no `\u0000` escape: none of its strings holds a NUL. */
  nulFree?: boolean;
}

/**
 * `POST /api/qry` — the one generic query/command endpoint. The body is `{ op, ...input }`
 * (or `{ op: 'batch', ops: [...] }`, answered in order, each `{ data }` or `{ error }`); the
 * answer is `{ data }`. Errors leave as the contracts' envelope.
 */
export async function qryRoutes(app: FastifyInstance): Promise<void> {
  const mb = Math.floor((app.initialConfig.bodyLimit ?? 1024 * 1024) / (1024 * 1024));
  const errorHandler = (error: FastifyError, request: FastifyRequest): never => {
    // The body limit answers before the op is known: say what to do instead of only "too large".
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new AppError(
        'payload_too_large',
        qryText(langOf(request), 'qry.too_large', { mb, rows: MAX_BULK_ROWS }),
      );
    throw error;
  };
  // Bodies: big bulk writes are read on the bulk-body worker when BULK_BODY_WORKER is on, every
  // other body here by the server's JSON parser. Each body takes its turn in the order of bulk writes as it arrives.
  const order = new WriteOrder();
  const bodies = new BulkBodies();
  const bulk = new WeakMap<FastifyRequest, BulkState>();
  const settle = (request: FastifyRequest) => {
    const state = bulk.get(request);
    if (!state) return;
    bulk.delete(request);
    state.turn.release();
    state.rows?.discard();
  };
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const text = String(raw);
    const turn = order.take();
    const here = () =>
      jsonParser(request, text, (err, body) => {
        if (!err && isBulkWrite(body))
          bulk.set(request, { turn, nulFree: !text.includes('\\u0000') });
        else turn.release();
        done(err, body);
      });
    if (!app.config.bulkBodyWorker || text.length < OFFLOAD_MIN_CHARS) return here();
    bodies.read(text, langOf(request)).then(
      (body) => {
        if (!body) return here();
        bulk.set(request, { turn, rows: body.rows });
        done(null, body);
      },
      (err: unknown) => {
        turn.release();
        done(err as Error, undefined);
      },
    );
  });
  app.addHook('onResponse', async (request) => settle(request));
  app.addHook('onRequestAbort', async (request) => settle(request));
  app.addHook('onClose', async () => bodies.close());
  workers.set(app.server, bodies);

  app.post('/api/qry', { preHandler: app.authenticate, errorHandler }, async (request) => {
    const state = bulk.get(request);
    if (!state) return answer(request);
    try {
      return await writeTurn.run(state.turn, () => answer(request));
    } finally {
      settle(request);
    }
  });

  async function answer(request: FastifyRequest) {
    const lang = langOf(request);
    const body = request.body;
    const problem = bulk.get(request)?.nulFree ? bulkBodyProblem(body) : bodyProblem(body);
    if (problem?.kind === 'depth')
      throw invalid(lang, { _: [pfText(lang, 'pf.filter_too_deep', { max: MAX_BODY_DEPTH })] });
    if (problem?.kind === 'nul')
      throw invalid(lang, { [problem.path]: [commonText(lang, 'field.invalid_value')] });
    if (isPlainObject(body) && body.op === 'batch') {
      const ops = body.ops;
      if (!Array.isArray(ops) || ops.length === 0)
        throw invalid(lang, { ops: [commonText(lang, 'field.required')] });
      if (ops.length > MAX_BATCH)
        throw invalid(lang, { ops: [commonText(lang, 'field.too_big_array', { max: MAX_BATCH })] });
      const results: unknown[] = [];
      for (const item of ops) {
        try {
          results.push({ data: await runOp(app, request, item, lang) });
        } catch (e) {
          results.push({ error: envelopeOf(e, request, lang) });
        }
      }
      return { data: results };
    }
    return { data: await runOp(app, request, body, lang) };
  }
}
