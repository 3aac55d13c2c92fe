import { Worker } from 'node:worker_threads';
import { RetryLaterError } from '../../lib/app-error.js';
import type { Lang } from '../../platform/messages.js';
import { recordsText } from './records.messages.js';
import { OffloadedRows, type PackedRows, type RowsRequest } from './records.offload.js';

/**
 * Big bulk-write bodies are read on a worker thread (bulk-worker.ts): the JSON parsed and the
 * rows read with the fields' types and rules there, while the event loop writes the previous
 * call into the database — a client with two calls in flight keeps both cores busy. The
 * request gets the body's head (op, object, options) with an `OffloadedRows` as its rows; the
 * write asks for the rows' states once it has loaded the object, and its transaction then runs
 * on the event loop as any other. A worker that stops (crash, out of memory) fails the calls
 * it holds with 503 and a text that nothing was written; the next call starts a new one.
 */

export type ToWorker =
  | { t: 'body'; id: number; text: string }
  | { t: 'rows'; id: number; req: RowsRequest }
  | { t: 'drop'; id: number };

interface FromWorker {
  id: number;
  body?: { head: Record<string, unknown>; count: number } | null;
  rows?: PackedRows;
  error?: string;
}

/** Bodies at least this long go to the worker (bulk writes of a few hundred rows and more). */
export const OFFLOAD_MIN_CHARS = 64 * 1024;

/** Seconds a client is told to wait after the worker stopped. */
const RETRY_SECONDS = 1;

function spawn(): Worker {
  const here = new URL(import.meta.url);
  if (!here.pathname.endsWith('.ts')) return new Worker(new URL('./bulk-worker.js', here));
  // From source (tests, `npm run dev:server`) the worker loads TypeScript through tsx.
  const code =
    `const { register } = await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))});\n` +
    `register();\n` +
    `await import(${JSON.stringify(new URL('./bulk-worker.ts', here).href)});\n`;
  // The workspace packages from their sources too, as in the process that starts it (their
  // `source` export condition: a fresh checkout has no build of them yet).
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), {
    execArgv: [...process.execArgv, '--conditions=source'],
  });
}

interface Waiting {
  resolve: (m: FromWorker) => void;
  reject: (e: unknown) => void;
  lang: Lang;
}

export class BulkBodies {
  private worker: Worker | null = null;
  /** Which worker holds a body's rows: a new worker holds none of the old one's. */
  private generation = 0;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private closed = false;

  /**
   * A bulk write's body with its rows left on the worker; undefined when the body is to be
   * parsed on the event loop (not one bulk write, or anything the worker leaves to the server's
   * own parser).
   */
  async read(
    text: string,
    lang: Lang,
  ): Promise<(Record<string, unknown> & { rows: OffloadedRows }) | undefined> {
    if (this.closed) return undefined;
    const id = this.nextId++;
    const m = await this.ask({ t: 'body', id, text }, lang);
    if (!m.body) return undefined;
    const generation = this.generation;
    const rows = new OffloadedRows(
      m.body.count,
      async (req) => {
        if (this.generation !== generation || !this.worker) throw this.failure(req.lang);
        const answer = await this.ask({ t: 'rows', id, req }, req.lang);
        if (!answer.rows) throw new Error('bulk worker answered no rows');
        return answer.rows;
      },
      () => {
        if (this.generation === generation) this.worker?.postMessage({ t: 'drop', id });
      },
    );
    return { ...m.body.head, rows };
  }

  /** Stops the worker (its calls fail as after a crash). */
  async close(): Promise<void> {
    this.closed = true;
    await this.stopWorker();
  }

  /** Whether the worker thread runs (it starts with the first body it is given). */
  get running(): boolean {
    return this.worker !== null;
  }

  /** Calls waiting for the worker's answer. */
  get waitingCalls(): number {
    return this.waiting.size;
  }

  /** Ends the worker as a crash would (tests). */
  async stopWorker(): Promise<void> {
    const w = this.worker;
    if (w) await w.terminate();
  }

  private failure(lang: Lang): RetryLaterError {
    return new RetryLaterError(
      'service_unavailable',
      recordsText(lang, 'records.bulk_worker_failed'),
      RETRY_SECONDS,
    );
  }

  private start(): Worker {
    const w = spawn();
    w.unref();
    this.generation++;
    w.on('message', (m: FromWorker) => {
      const wait = this.waiting.get(m.id);
      if (!wait) return;
      this.waiting.delete(m.id);
      if (m.error !== undefined) wait.reject(new Error(`bulk worker: ${m.error}`));
      else wait.resolve(m);
    });
    const gone = () => {
      if (this.worker !== w) return;
      this.worker = null;
      this.generation++;
      for (const [id, wait] of this.waiting) {
        this.waiting.delete(id);
        wait.reject(this.failure(wait.lang));
      }
    };
    w.on('error', gone);
    w.on('exit', gone);
    this.worker = w;
    return w;
  }

  private ask(message: ToWorker, lang: Lang): Promise<FromWorker> {
    const w = this.worker ?? this.start();
    return new Promise<FromWorker>((resolve, reject) => {
      this.waiting.set(message.id, { resolve, reject, lang });
      w.postMessage(message);
    });
  }
}
