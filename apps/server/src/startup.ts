import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { repoRoot, type Config } from './config/index.js';
import type { Db } from './db/dialect.js';
import { sqliteDriver } from './db/sqlite.js';
import { DEMO_DOMAIN_NAME, seedDemoBudget } from './modules/budget/index.js';

/** The product's version: the repository's package.json. */
export function productVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The database in words, never with a password: "SQLite /srv/fiscus/data/fiscus.sqlite" or
 * "PostgreSQL fiscus@db.example:5432/fiscus".
 */
export function describeDatabase(db: Pick<Db, 'dialect' | 'sqliteFile'>, databaseUrl?: string) {
  if (db.dialect === 'sqlite') {
    return {
      kind: 'sqlite',
      file: db.sqliteFile,
      driver: sqliteDriver,
      text: `SQLite ${db.sqliteFile ?? ''} (${sqliteDriver})`,
    };
  }
  let host = 'unknown host';
  let database = '';
  let user = '';
  try {
    const url = new URL(databaseUrl ?? '');
    host = url.port ? `${url.hostname}:${url.port}` : url.hostname;
    database = decodeURIComponent(url.pathname.replace(/^\//, ''));
    user = decodeURIComponent(url.username);
  } catch {
    // An unparsable URL still gets a line; pg itself reports what is wrong with it.
  }
  return {
    kind: 'postgres',
    host,
    database,
    user,
    text: `PostgreSQL ${user ? `${user}@` : ''}${host}/${database}`,
  };
}

/** The address a person on this machine opens: PUBLIC_URL, else localhost for a wildcard host. */
export function openAddress(config: Pick<Config, 'publicUrl' | 'host'>, port: number): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const wildcard = ['0.0.0.0', '::', '[::]', ''].includes(config.host);
  const host = wildcard
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${port}`;
}

/** Logs at every start, before listening: product and Node versions, the database, the data folder. */
export function announceStart(app: FastifyInstance): void {
  const { config, db } = app;
  const version = productVersion();
  const database = describeDatabase(db, config.databaseUrl);
  app.log.info(
    {
      product: config.appName,
      version,
      node: process.version,
      database: { ...database, text: undefined },
      dataDir: config.dataDir,
    },
    `${config.appName} ${version} on Node ${process.version}; database: ${database.text}; data: ${config.dataDir}`,
  );
  if (Number(process.versions.node.split('.')[0]) < 22) {
    app.log.warn(
      { node: process.version },
      `Node ${process.version} is past its end of life; run ${config.appName} on Node 24 or 22`,
    );
  }
}

/**
 * Logs, once listening, where to open the console and who can sign in: while no account
 * exists, that the first one is created in the browser and owns the first domain.
 */
export async function announceListening(app: FastifyInstance, port: number): Promise<void> {
  const { config, db } = app;
  const users = await db.kysely
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  const accounts = Number(users?.n ?? 0);
  const url = openAddress(config, port);
  const where = `listening on ${config.host}:${port}`;
  app.log.info(
    { listen: `${config.host}:${port}`, url, accounts },
    accounts === 0
      ? `${where}: open ${url} and create the first account (it owns the first domain${config.seedDemo ? ` and the "${DEMO_DOMAIN_NAME}" domain` : ''})`
      : `${where}: open ${url} to sign in (${accounts} ${accounts === 1 ? 'account' : 'accounts'})`,
  );
}

/**
 * On a new installation (no account and no domain yet) seeds the Demo budget domain in the
 * background once the server listens: the first account created owns it (whether it registers
 * before the seeding ends or not). Logs when it starts and when the domain is ready.
 */
export function seedDemoOnNewInstallation(app: FastifyInstance): Promise<void> | undefined {
  if (!app.config.seedDemo) return undefined;
  return (async () => {
    if (!(await isNewInstallation(app.db))) return;
    app.log.info(
      `new installation: seeding the "${DEMO_DOMAIN_NAME}" domain (three years of budgets; the first account created owns it; SEED_DEMO=false skips this)`,
    );
    const started = Date.now();
    try {
      const report = await seedDemoBudget(app);
      app.log.info(
        { domain: report.domainId, records: report.records },
        `"${DEMO_DOMAIN_NAME}" is ready: ${report.records} records in ${Math.round((Date.now() - started) / 1000)} s`,
      );
    } catch (err) {
      app.log.error(
        { err },
        `seeding "${DEMO_DOMAIN_NAME}" failed; run npm run seed:demo to finish it`,
      );
    }
  })();
}

/** No account and no domain yet. */
export async function isNewInstallation(db: Pick<Db, 'kysely'>): Promise<boolean> {
  const [users, domains] = await Promise.all([
    db.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst(),
    db.kysely
      .selectFrom('domains')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst(),
  ]);
  return Number(users?.n ?? 0) === 0 && Number(domains?.n ?? 0) === 0;
}
