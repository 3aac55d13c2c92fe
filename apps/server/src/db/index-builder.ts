import { Worker } from 'node:worker_threads';

/**
 * Builds indexes of a SQLite file database off the event loop.
 *
 * SQLite's calls are synchronous: a `create index` over a million records ran on the app's
 * writing connection, on the thread that answers every request, and every request of every
 * domain waited for it — seconds. So statements that build an index (a B-tree index's `create
 * index`, the rows a new text index is filled with) run in a worker thread with a connection of
 * its own to the same file (`run`). The caller holds the app's writer meanwhile (dialect.ts
 * `Db.offThread`): the app's own writes wait their turn as they wait for any transaction —
 * without holding the event loop — and reads go on (WAL: the read-only connection and the lane
 * processes read the last committed state). The worker starts at the first build and stays.
 */
export interface BuildStatement {
  sql: string;
  parameters: readonly unknown[];
}
export interface BuildRequest {
  id: number;
  statements: BuildStatement[];
  /** All in one transaction: none of them is kept when one fails. */
  atomic?: boolean;
}
export interface BuildReply {
  id: number;
  error?: string;
}

export interface IndexBuilder {
  /**
   * Runs the statements in order on the worker's connection; rejects with the first failure.
   * `atomic`: in one transaction, none kept when one fails.
   */
  run(statements: BuildStatement[], atomic?: boolean): Promise<void>;
  stop(): Promise<void>;
}

/** A statement the worker's connection cannot run (a function only the app's connection has). */
export class NotOffThread extends Error {}

function spawn(file: string): Worker {
  const here = new URL(import.meta.url);
  if (!here.pathname.endsWith('.ts'))
    return new Worker(new URL('./index-builder-worker.js', here), { workerData: { file } });
  // From source (tests, `npm run dev:server`) the worker loads TypeScript through tsx.
  const code =
    `const { register } = await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))});\n` +
    `register();\n` +
    `await import(${JSON.stringify(new URL('./index-builder-worker.ts', here).href)});\n`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), {
    workerData: { file },
    execArgv: [...process.execArgv, '--conditions=source'],
  });
}

export function startIndexBuilder(file: string): IndexBuilder {
  let worker: Worker | undefined;
  let next = 1;
  const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  const failAll = (e: Error) => {
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
    worker = undefined;
  };
  const started = (): Worker => {
    if (worker) return worker;
    const w = spawn(file);
    w.unref();
    w.on('message', (m: BuildReply) => {
      const wait = waiting.get(m.id);
      if (!wait) return;
      waiting.delete(m.id);
      if (m.error === undefined) wait.resolve();
      else
        wait.reject(
          /no such function/i.test(m.error) ? new NotOffThread(m.error) : new Error(m.error),
        );
    });
    w.on('error', (e) => failAll(e instanceof Error ? e : new Error(String(e))));
    w.on('exit', () => {
      if (worker === w) failAll(new Error('the index builder stopped'));
    });
    worker = w;
    return w;
  };
  return {
    run(statements, atomic) {
      const id = next++;
      const w = started();
      return new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        w.postMessage({ id, statements, atomic } satisfies BuildRequest);
      });
    },
    async stop() {
      const w = worker;
      worker = undefined;
      if (!w) return;
      const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      w.postMessage('stop');
      const timer = setTimeout(() => void w.terminate(), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
}
