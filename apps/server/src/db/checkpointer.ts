import { Worker } from 'node:worker_threads';
import { sqliteDriverPath } from './sqlite.js';

/**
 * Moves a SQLite database's write-ahead log into the database file off the event loop.
 *
 * SQLite checkpoints the log by itself at the end of the commit that grows it past 1,000 pages
 * — inside that commit's call, on the thread that commits: the app's event loop. After an
 * import's million rows (a log of hundreds of MB) the commit copied them all before it returned,
 * and every request waited 1–2 s. So the app's writer does not checkpoint
 * (`wal_autocheckpoint = 0`), and this worker thread, with a connection of its own, runs a
 * PASSIVE checkpoint every `everyMs`: it copies what is committed and not read by an older
 * snapshot, never waits for the writer or a reader, and the writer starts the log over once it
 * has all been copied. Closing the last connection checkpoints what is left, as before.
 */
export interface Checkpointer {
  /** Stops the worker (its connection closed). */
  stop(): Promise<void>;
}

const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const tick = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or locked: the next tick tries again.
  }
};
const timer = setInterval(tick, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
parentPort.postMessage('ready');
`;

/**
 * Starts the checkpointer of a database file; `onFail` is called when it cannot run (the caller
 * then lets SQLite checkpoint at commit again).
 */
export function startCheckpointer(
  file: string,
  everyMs: number,
  onFail: (err: unknown) => void,
): Checkpointer {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { driver: sqliteDriverPath, file, everyMs },
  });
  worker.unref();
  let stopped = false;
  worker.on('error', (err) => {
    if (!stopped) onFail(err);
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      worker.postMessage('stop');
      // A worker that does not close its connection in time is ended.
      const timer = setTimeout(() => void worker.terminate(), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
}
