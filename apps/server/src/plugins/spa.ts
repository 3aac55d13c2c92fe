import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { langOf, commonText } from '../platform/messages.js';

const API_PREFIXES = ['/api/', '/jwt/'];
const isApi = (url: string) =>
  API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api' || url === '/jwt';

/** The copies the console's build writes beside its text files (apps/web/scripts/precompress.mjs). */
const COMPRESSED = /\.(br|gz)$/;

/** Files of the build that have a compressed copy beside them (they vary by Accept-Encoding). */
function filesWithCopies(dir: string, out = new Set<string>()): Set<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) filesWithCopies(file, out);
    else if (COMPRESSED.test(entry.name)) out.add(file.replace(COMPRESSED, ''));
  }
  return out;
}

/**
 * index.html as the client accepts it: brotli, gzip or plain (the client's preference order as
 * in @fastify/static: brotli first).
 */
function negotiatedIndex(html: Buffer) {
  const br = brotliCompressSync(html);
  const gz = gzipSync(html);
  return (acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } => {
    const accepted = new Set(
      (acceptEncoding ?? '')
        .toLowerCase()
        .split(',')
        .map((part) => part.trim())
        .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
        .map((part) => part.split(';')[0]?.trim()),
    );
    if (accepted.has('br')) return { body: br, encoding: 'br' };
    if (accepted.has('gzip') || accepted.has('*')) return { body: gz, encoding: 'gzip' };
    return { body: html };
  };
}

/**
 * Serves the built console with history fallback: a GET for any non-API path that is not a file
 * answers index.html; unknown API paths answer a JSON 404. Text files go out compressed (brotli
 * or gzip, by Accept-Encoding) from the copies the build writes; hashed assets (under /assets/)
 * are cached for a year as immutable, everything else — index.html first — is revalidated on
 * every load (`no-cache`), so a new release is picked up at once.
 */
export const spaPlugin = fp(async function spa(app: FastifyInstance, opts: { webDist: string }) {
  const indexFile = path.join(opts.webDist, 'index.html');
  const hasSpa = existsSync(indexFile);
  if (hasSpa) {
    const varying = filesWithCopies(opts.webDist);
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // The copies are sent only in place of their file, never by their own name.
      allowedPath: (pathname) => !COMPRESSED.test(pathname),
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('Cache-Control', 'no-cache');
        }
        if (varying.has(filePath.replace(COMPRESSED, ''))) res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  const indexHtml = hasSpa ? negotiatedIndex(readFileSync(indexFile)) : undefined;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (!isApi(url) && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      if (path.extname(url) && !url.endsWith('.html')) {
        // A missing asset must not be answered with HTML (the browser would try to run it).
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      const { body, encoding } = indexHtml(request.headers['accept-encoding']);
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply
        .code(200)
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding')
        .type('text/html; charset=utf-8')
        .send(body);
    }
    const lang = langOf(request);
    return reply.code(404).send({
      error: {
        code: 'not_found',
        message: commonText(lang, 'error.route_not_found', { method: request.method, url }),
        requestId: request.id,
      },
    });
  });
});
