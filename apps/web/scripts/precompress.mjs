// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the console's build
// (apps/web/dist), so the server sends them compressed without compressing on each request
// (@fastify/static's `preCompressed`, apps/server/src/plugins/spa.ts). Runs after `vite build`.
// Files under 1 KB and copies that would not be smaller are left out; folders starting with a
// dot (the build's manifest) are not served and are skipped.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.map']);
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function textFiles(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await textFiles(file)));
    else if (entry.isFile() && TEXT.has(path.extname(entry.name))) out.push(file);
  }
  return out;
}

async function compress(file) {
  const data = await readFile(file);
  if (data.length < MIN_BYTES) return [0, 0, 0];
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
  return [data.length, br.length, gzipped.length];
}

const dist =
  process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const started = Date.now();
const totals = [0, 0, 0];
for (const sizes of await Promise.all((await textFiles(dist)).map(compress))) {
  sizes.forEach((n, i) => (totals[i] += n));
}
const kb = (n) => `${Math.round(n / 1024)} KB`;
process.stdout.write(
  `precompressed ${kb(totals[0])} of text in ${dist}: brotli ${kb(totals[1])}, gzip ${kb(totals[2])} (${Date.now() - started} ms)\n`,
);
