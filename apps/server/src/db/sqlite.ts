import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/**
 * The SQLite driver for this Node. better-sqlite3 13 is built on Node-API 10 (Node 22.14+ and
 * 24; the 12.x line crashes on Node 24.19+ when the garbage collector frees a statement), so it
 * is what runs there. Older Node — 20.19, still on this project's machines — gets the 12.x line,
 * installed beside it as the optional package `better-sqlite3-node20`. Both have the same API.
 */
const driverPackage =
  Number(process.versions.napi) >= 10 ? 'better-sqlite3' : 'better-sqlite3-node20';

function load(): typeof BetterSqlite3 {
  try {
    return require(driverPackage) as typeof BetterSqlite3;
  } catch (err) {
    if ((err as { code?: unknown }).code !== 'MODULE_NOT_FOUND') throw err;
    throw new Error(
      `The SQLite driver for Node ${process.version} (${driverPackage}) is not installed: ` +
        'run `npm install` (or `npm ci`). Node 22.14+ and 24 use better-sqlite3 13; older Node ' +
        'needs the optional package better-sqlite3-node20.',
      { cause: err },
    );
  }
}

const SQLite = load();

/** Where the driver is: a worker thread loads it from there (db/checkpointer.ts). */
export const sqliteDriverPath = require.resolve(driverPackage);

/** The driver in use, e.g. "better-sqlite3 13.2.0" (the start log names it). */
export const sqliteDriver = `better-sqlite3 ${
  (require(`${driverPackage}/package.json`) as { version: string }).version
}`;

// Types of the driver under the same name, as `import SQLite from 'better-sqlite3'` gives them.
// eslint-disable-next-line @typescript-eslint/no-namespace
declare namespace SQLite {
  type Database = BetterSqlite3.Database;
  type Statement<B extends unknown[] | object = unknown[], R = unknown> = BetterSqlite3.Statement<
    B,
    R
  >;
  type Options = BetterSqlite3.Options;
}

export default SQLite;
