import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config/index.js';
import type { Database } from '../db/schema.js';

/**
 * A real app on a real database: a fresh SQLite file in a temp dir, or — when
 * TEST_DATABASE_URL is set — a fresh schema on that PostgreSQL server.
 */
export async function makeTestApp(
  overrides: Partial<Config> = {},
  options: {
    logger?: Record<string, unknown>;
    /** Runs on the empty database before the app starts (and migrates it): old schemas, data. */
    prepare?: (where: { databaseUrl?: string; dataDir: string }) => Promise<void>;
  } = {},
): Promise<{
  app: FastifyInstance;
  config: Config;
  cleanup: () => Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fiscus-test-'));
  let databaseUrl: string | undefined;
  let dropSchema: (() => Promise<void>) | undefined;
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const pg = await import('pg');
    const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.default.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    const url = new URL(pgUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
    dropSchema = async () => {
      const c = new pg.default.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop schema "${schema}" cascade`);
      await c.end();
    };
  }
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    {
      dataDir,
      databaseUrl,
      jwtSecret: 'test-secret-test-secret-test-secret-0123',
      webDist: path.join(dataDir, 'web'),
      // No index appears between two reads of a test unless it asks for automatic indexes
      // (platform/auto-index.ts; on by default in the product).
      autoIndexes: { enabled: false, minRows: 10_000 },
      ...overrides,
    },
  );
  await options.prepare?.({ databaseUrl, dataDir });
  const app = await buildApp({ config, logger: options.logger ?? false });
  await app.ready();
  return {
    app,
    config,
    cleanup: async () => {
      await app.close();
      await dropSchema?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another server process on the same database and data directory as a test app (to check what
 * several processes share); the caller closes it.
 */
export async function makePeerApp(config: Config): Promise<FastifyInstance> {
  const app = await buildApp({ config, logger: false });
  await app.ready();
  return app;
}

/** The physical table that holds an object's records (for tests that look at the database). */
export async function tableOfObject(db: Kysely<Database>, objectId: string): Promise<string> {
  const row = await db
    .selectFrom('pf_objects')
    .select('table_name')
    .where('id', '=', objectId)
    .executeTakeFirstOrThrow();
  return row.table_name;
}

/**
 * Writes `count` records straight into an object's table (no API, no audit, no checks), 500 per
 * statement: `row(n)` gives record `n`'s values for `codes` — field codes, or the table's own
 * columns (`created_at`, `updated_at`, …) — in that order, called for n = 0, 1, 2, ….
 */
export async function insertRecords(
  db: Kysely<Database>,
  objectId: string,
  codes: readonly string[],
  count: number,
  row: (n: number) => unknown[],
): Promise<void> {
  const table = await tableOfObject(db, objectId);
  const fields = await db
    .selectFrom('pf_fields')
    .select(['code', 'column_name'])
    .where('object_id', '=', objectId)
    .execute();
  const column = (c: string) => fields.find((f) => f.code === c)?.column_name ?? c;
  const head = sql.join(codes.map((c) => sql.id(column(c))));
  for (let i = 0; i < count; i += 500) {
    const tuples = Array.from(
      { length: Math.min(500, count - i) },
      (_, k) => sql`(${sql.join(row(i + k))})`,
    );
    await sql`insert into ${sql.id(table)} (${head}) values ${sql.join(tuples)}`.execute(db);
  }
}
