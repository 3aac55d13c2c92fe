import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from './sqlite.js';
import { registerBaseFunctions } from './sqlite-functions.js';
import type { BuildReply, BuildRequest } from './index-builder.js';

/**
 * The index builder's worker thread (see index-builder.ts): a connection of its own to the
 * database file, with the platform's SQL functions, running the statements it is sent one after
 * another and answering when they are done or one failed.
 */
const port = parentPort;
if (!port) throw new Error('index-builder-worker runs as a worker thread');

// Builds are background work: on Linux this thread runs at the lowest priority, so that while
// one runs the cores go to answering requests first (`/proc/thread-self` names the thread; a
// system without it keeps the normal priority).
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, constants.priority.PRIORITY_LOW);
} catch {
  // Not Linux, or not allowed: the normal priority.
}

const db = new SQLite((workerData as { file: string }).file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
registerBaseFunctions(db, () => undefined);

port.on('message', (m: BuildRequest | 'stop') => {
  if (m === 'stop') {
    db.close();
    port.close();
    return;
  }
  let reply: BuildReply;
  try {
    const runAll = () => {
      for (const s of m.statements) db.prepare(s.sql).run(...(s.parameters as unknown[]));
    };
    if (m.atomic) db.transaction(runAll)();
    else runAll();
    reply = { id: m.id };
  } catch (e) {
    reply = { id: m.id, error: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(reply);
});
