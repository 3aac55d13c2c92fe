import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import {
  downloadInput,
  errorEnvelopeSchema,
  FILE_LIMITS,
  uploadChunkFields,
  uploadChunkOutput,
  uploadOutput,
  type FileInfo,
} from '@fiscus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { invalid, issuesToFields } from '../../platform/errors.js';
import { langOf, commonText, type Lang } from '../../platform/messages.js';
import { boundaryOf, UploadBody } from './files.body.js';
import { detectType, isAllowedType } from './files.detect.js';
import {
  fileNotFound,
  formatBytes,
  filesText,
  tooLarge,
  unsupportedType,
} from './files.messages.js';
import { findFile, storeFile, tempPath } from './files.storage.js';
import { ChunkedUploads, ResumeConflict } from './files.uploads.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resumable uploads of `/api/uploadchunk` (and their expiry sweep). */
    uploads: ChunkedUploads;
  }
}

/** The 409 of `/api/uploadchunk`: the error envelope plus what the server holds. */
const resumeConflictOutput = errorEnvelopeSchema.extend(
  uploadChunkOutput.pick({ uploadId: true, received: true, size: true }).shape,
);

/** How often expired uploads are swept. */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * `Content-Disposition: attachment` with a plain ASCII `filename` for old clients and the
 * exact name as RFC 5987 `filename*`.
 */
export function contentDisposition(name: string): string {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_')
      .trim() || 'download';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Uploading needs the right to create records or imports (viewers may not). */
function mayUpload(request: FastifyRequest, lang: Lang): void {
  const { ability } = request.auth;
  if (!ability.can('create', 'Import') && !ability.can('create', 'Record'))
    throw new AppError('forbidden', commonText(lang, 'error.forbidden'));
}

function requireMultipart(request: FastifyRequest, lang: Lang): void {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', filesText(lang, 'files.not_multipart'));
  if (!boundaryOf(request.headers['content-type']))
    throw new AppError('bad_request', filesText(lang, 'files.no_boundary'));
}

/**
 * The file endpoints: `/api/upload` (one file in one request), `/api/uploadchunk` (resumable
 * uploads in chunks) and `/api/download` (a stored file of the caller's domain).
 */
export const filesRoutes = fp(
  async function files(app: FastifyInstance) {
    const uploads = new ChunkedUploads(app.db, app.config);
    app.decorate('uploads', uploads);
    const sweep = () =>
      uploads.sweep().catch((err: unknown) => app.log.error({ err }, 'upload sweep failed'));
    const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
    app.addHook('onReady', async () => {
      await sweep();
    });
    app.addHook('onClose', async () => clearInterval(timer));
    // The routes get a scope of their own, so the multipart parser exists only for them.
    await app.register(fileEndpoints);
  },
  { name: 'files', dependencies: ['auth'] },
);

async function fileEndpoints(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { dataDir } = app.config;
  const { uploads } = app;
  await app.register(multipart, {
    // Sizes are checked by the routes themselves, which answer with a translated message.
    throwFileSizeLimit: false,
    limits: { files: 1, fields: 10, fieldSize: 2048, parts: 12, headerPairs: 50 },
  });

  app.post(
    '/api/upload',
    { preHandler: app.authenticate, schema: { response: { 200: uploadOutput } } },
    async (request, reply) => {
      const lang = langOf(request);
      mayUpload(request, lang);
      requireMultipart(request, lang);
      const max = app.config.uploadMaxBytes;
      const body = new UploadBody(request, reply, lang, app.config.uploadIdleMs);
      let temp: string | undefined;
      let stored: FileInfo | undefined;
      try {
        let got: { name: string; size: number; sha256: string } | undefined;
        try {
          for await (const part of body.parts(app, max, 'file')) {
            if (part.type !== 'file') continue;
            temp = await tempPath(dataDir);
            const written = await body.write(part.file, temp);
            if (part.file.truncated) throw tooLarge(lang, max);
            // Browsers send a quote in a file name as %22 (the HTML form encoding).
            got = { name: part.filename.replace(/%22/g, '"'), ...written };
          }
        } catch (err) {
          throw body.problem(err);
        } finally {
          body.done();
        }
        if (!got || !temp) throw invalid(lang, { file: [filesText(lang, 'files.no_file')] });
        if (got.size === 0) {
          const text = filesText(lang, 'files.empty');
          throw new AppError('unprocessable', text, { file: [text] });
        }
        const type = await detectType(temp);
        if (!isAllowedType(type)) throw unsupportedType(lang, type);
        stored = await storeFile(app.db, dataDir, {
          tempFile: temp,
          domainId: request.auth.domainId,
          userId: request.auth.userId,
          name: got.name,
          type,
          purpose: 'upload',
          sha256: got.sha256,
        });
        return { fileId: stored.id, name: stored.name, size: stored.size, type: stored.type };
      } finally {
        if (temp && !stored) await rm(temp, { force: true });
      }
    },
  );

  app.post(
    '/api/uploadchunk',
    {
      preHandler: app.authenticate,
      schema: { response: { 200: uploadChunkOutput, 409: resumeConflictOutput } },
    },
    async (request, reply) => {
      const lang = langOf(request);
      mayUpload(request, lang);
      requireMultipart(request, lang);
      const raw: Record<string, string> = {};
      let chunk: Buffer | undefined;
      const max = FILE_LIMITS.chunkMaxBytes;
      const body = new UploadBody(request, reply, lang, app.config.uploadIdleMs);
      try {
        for await (const part of body.parts(app, max, 'chunk')) {
          if (part.type === 'file') {
            const bytes = await body.readAll(part.file);
            if (part.file.truncated)
              throw new AppError(
                'payload_too_large',
                filesText(lang, 'files.chunk_too_large', { max: formatBytes(lang, max) }),
              );
            chunk = bytes;
          } else if (part.valueTruncated) {
            throw invalid(lang, { [part.fieldname]: [commonText(lang, 'field.invalid_value')] });
          } else {
            raw[part.fieldname] = String(part.value);
          }
        }
      } catch (err) {
        throw body.problem(err);
      } finally {
        body.done();
      }
      const parsed = uploadChunkFields.safeParse(raw, { reportInput: true });
      if (!parsed.success) throw invalid(lang, issuesToFields(parsed.error.issues, lang));
      try {
        return await uploads.handle({
          domainId: request.auth.domainId,
          userId: request.auth.userId,
          lang,
          fields: parsed.data,
          ...(chunk ? { chunk } : {}),
        });
      } catch (err) {
        if (!(err instanceof ResumeConflict)) throw err;
        // The envelope plus what the server holds, so the client goes on from `received`.
        return reply.status(409).send({
          error: {
            code: err.code,
            message: err.message,
            fields: err.fields,
            requestId: request.id,
          },
          ...err.state,
        });
      }
    },
  );

  app.post(
    '/api/download',
    { preHandler: app.authenticate, schema: { body: downloadInput } },
    async (request, reply) => {
      const lang = langOf(request);
      app.authorize(request, 'read', 'Record');
      const found = await findFile(app.db, dataDir, request.auth.domainId, request.body.fileId);
      if (!found) throw fileNotFound(lang);
      const onDisk = await stat(found.path).catch(() => undefined);
      if (!onDisk) {
        request.log.error({ fileId: found.info.id }, 'stored file is missing on disk');
        throw fileNotFound(lang);
      }
      return reply
        .header('content-type', found.info.type)
        .header('content-length', String(onDisk.size))
        .header('content-disposition', contentDisposition(found.info.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(createReadStream(found.path));
    },
  );
}
