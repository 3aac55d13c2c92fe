import fs from 'node:fs';

/** Removes the data directory the configuration made for the server it started. */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && process.env.E2E_DATA_DIR_OWNED === '1')
    fs.rmSync(dir, { recursive: true, force: true });
}
