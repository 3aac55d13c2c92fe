import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { langOf, commonText } from '../platform/messages.js';

const API_PREFIXES = ['/api/', '/jwt/'];
const isApi = (url: string) =>
  API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api' || url === '/jwt';

/**
 * Serves the built console with history fallback: a GET for any non-API path that is not a file
 * answers index.html; unknown API paths answer a JSON 404.
 */
export const spaPlugin = fp(async function spa(app: FastifyInstance, opts: { webDist: string }) {
  const indexFile = path.join(opts.webDist, 'index.html');
  const hasSpa = existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('Cache-Control', 'no-cache');
        }
      },
    });
  }
  const indexHtml = hasSpa ? readFileSync(indexFile) : undefined;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (!isApi(url) && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      if (path.extname(url) && !url.endsWith('.html')) {
        // A missing asset must not be answered with HTML (the browser would try to run it).
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      return reply
        .code(200)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
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
