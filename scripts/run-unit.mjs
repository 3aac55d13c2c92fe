// Unit, component and API tests. The API suite runs on embedded SQLite, then again on
// PostgreSQL when TEST_DATABASE_URL is set (CI starts the local cluster and sets it).
import { spawnSync } from 'node:child_process';

const vitest = (args, env) =>
  spawnSync('npx', ['vitest', 'run', ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  }).status ?? 1;

const pgUrl = process.env.TEST_DATABASE_URL;
let status = vitest([], { TEST_DATABASE_URL: '' });
if (status === 0 && pgUrl) {
  console.log('\n— API tests on PostgreSQL —\n');
  status = vitest(['--project', 'server'], { TEST_DATABASE_URL: pgUrl });
}
process.exit(status);
