import { loadConfig } from './config/index.js';
import { BackupError, restore } from './ops/backup.js';

/**
 * `npm run restore -- <backup folder> [--force]`: restores a backup into the installation the
 * environment names (DATA_DIR, DATABASE_URL). Stop the server first. What is there already is
 * never overwritten: without `--force` the restore refuses, with it the current database, files
 * and keys are moved aside into DATA_DIR/replaced-<time>. See docs/deploy.md.
 */
async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const dir = args.find((a) => !a.startsWith('--'));
  if (!dir) throw new BackupError('name the backup folder: npm run restore -- <folder> [--force]');
  const config = loadConfig();
  const manifest = await restore(config, dir, { force });
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} into ${config.dataDir}${config.databaseUrl ? ' and the PostgreSQL database' : ''}: ${manifest.files} files${manifest.keys.length ? `, keys (${manifest.keys.join(', ')})` : ''}. Start the server: it applies any newer migrations.\n`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError ? `Restore failed: ${err.message}` : err);
  process.exit(1);
});
