import { buildApp } from './app.js';
import { loadConfig } from './config/index.js';
import { DEMO_DOMAIN_NAME, seedDemoBudget } from './modules/budget/index.js';

/**
 * `npm run seed:demo`: seeds the Demo budget domain into the installation the environment
 * names (DATA_DIR, DATABASE_URL), whatever it holds already. The first account owns the domain
 * (nobody yet: the first one to register). Running it again changes nothing.
 */
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const config = loadConfig();
  const app = await buildApp({ config });
  await app.ready();
  try {
    const started = Date.now();
    const report = await seedDemoBudget(app, { log: (line) => say(`  ${line}`) });
    const owner = report.ownerId
      ? 'owned by the first account'
      : 'the first account to register will own it';
    say(
      report.records || report.made.length
        ? `"${DEMO_DOMAIN_NAME}" seeded: ${report.records} records, ${report.made.length} definitions in ${Math.round((Date.now() - started) / 1000)} s; ${owner}.`
        : `"${DEMO_DOMAIN_NAME}" is complete already: nothing changed; ${owner}.`,
    );
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
