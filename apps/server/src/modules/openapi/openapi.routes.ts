import type { FastifyPluginAsync } from 'fastify';
import { buildOpenApiDocument } from './openapi.document.js';

/**
 * `GET /api/openapi.json` — the API's OpenAPI 3.1 document, made from the contracts once per
 * process on first request. Open to anyone: it describes the API, it holds no data.
 */
export const openapiRoutes: FastifyPluginAsync = async (app) => {
  let body: string | undefined;
  app.get('/api/openapi.json', async (_request, reply) => {
    body ??= JSON.stringify(
      buildOpenApiDocument({ version: process.env.npm_package_version ?? '0.1.0' }),
    );
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(body);
  });
};
