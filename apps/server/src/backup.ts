import { loadConfig } from './config/index.js';
import { backup, BackupError } from './ops/backup.js';

/**
 * `npm run backup [-- --out <folder>]`: backs up the installation the environment names
 * (DATA_DIR, DATABASE_URL) into a new folder under `backups/` beside DATA_DIR (or `--out`),
 * while the server keeps running. See docs/deploy.md.
 */
async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--out');
  const out = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && !out) throw new BackupError('--out needs a folder');
  const config = loadConfig();
  const { dir, manifest } = await backup(config, out);
  const mb = (manifest.fileBytes / 1e6).toFixed(1);
  process.stdout.write(
    `Backup written to ${dir}: the ${manifest.database === 'postgres' ? 'PostgreSQL' : 'SQLite'} database (${manifest.migrations.length} migrations), ${manifest.files} files (${mb} MB)${manifest.keys.length ? `, keys (${manifest.keys.join(', ')}) — keep it as safe as the server` : ''}.\n`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError ? `Backup failed: ${err.message}` : err);
  process.exit(1);
});
