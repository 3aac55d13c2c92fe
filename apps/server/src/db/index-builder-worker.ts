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
