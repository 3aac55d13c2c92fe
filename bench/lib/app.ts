import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config/index.js';

export interface SignedUp {
  accessToken: string;
  refreshToken: string;
  session: { user: { id: string }; domain: { id: string } };
}

/**
 * A production-mode app on a fresh data folder (SQLite, or PostgreSQL when `databaseUrl` is
 * given), with a signed-up user and the benchmarks' "Ledger" object (amount, category, region,
 * day, qty). `close()` stops the app and removes the folder. `BENCH_LOG=<level>` (e.g. `error`)
 * prints the server's log, to see why a job failed.
 */
export async function benchApp(opts: {
  databaseUrl?: string;
  webDist?: string;
  username?: string;
  /** Labels for the ten categories (`Cat 0` …) instead of bare values. */
  labelledCategories?: boolean;
  /** Also the text fields `company` (a firm's name) and `note` (mostly empty). */
  textFields?: boolean;
}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fiscus-bench-'));
  // Lane settings (READ_LANE_SLOTS, HEAVY_LANE_SLOTS, …, QUERY_TIME_LIMIT) and automatic indexes
  // (AUTO_INDEXES, AUTO_INDEX_MIN_ROWS) pass through from the environment.
  const lanes = Object.fromEntries(
    Object.entries(process.env).filter(([k]) =>
      /^(READ|HEAVY)_LANE_SLOTS$|^LANE_|^QUERY_TIME_LIMIT$|^AUTO_INDEX/.test(k),
    ),
  );
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: process.env.BENCH_LOG ?? 'silent', ...lanes },
    {
      dataDir,
      databaseUrl: opts.databaseUrl,
      jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
      webDist: opts.webDist ?? path.join(dataDir, 'web'),
      accessTokenTtl: 3600,
    },
  );
  const app: FastifyInstance = await buildApp({ config, logger: !!process.env.BENCH_LOG });
  await app.ready();

  async function qry<T>(token: string, op: string, input: Record<string, unknown>): Promise<T> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/qry',
      headers: { authorization: `Bearer ${token}` },
      payload: { op, ...input },
    });
    if (res.statusCode !== 200) throw new Error(`${op}: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: T }).data;
  }

  const username = opts.username ?? 'bench';
  const reg = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username, email: `${username}@example.com`, password: 'Secret123' },
  });
  const signed = reg.json() as SignedUp;
  const token = signed.accessToken;

  const categories = Array.from({ length: 10 }, (_, i) =>
    opts.labelledCategories ? { value: `c${i}`, label: `Cat ${i}` } : { value: `c${i}` },
  );
  const obj = await qry<{ id: string }>(token, 'objects.create', { name: 'Ledger' });
  for (const f of [
    { name: 'Amount', code: 'amount', type: 'money' },
    { name: 'Category', code: 'category', type: 'select', options: { choices: categories } },
    { name: 'Region', code: 'region', type: 'text' },
    { name: 'Day', code: 'day', type: 'date' },
    { name: 'Qty', code: 'qty', type: 'integer' },
    ...(opts.textFields
      ? [
          { name: 'Company', code: 'company', type: 'text' },
          { name: 'Note', code: 'note', type: 'text' },
        ]
      : []),
  ]) {
    await qry(token, 'fields.create', { objectId: obj.id, ...f });
  }

  return {
    app,
    config,
    dataDir,
    qry,
    signed,
    token,
    obj,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
