import type { ErrorCode, ErrorEnvelope } from '@fiscus/contracts';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.js';
import { issuesToFields } from '../platform/errors.js';
import { defineMessages, langOf, commonText, pickLang, type Lang } from '../platform/messages.js';
import { securityHeaders } from './security.js';

type Issue = z.core.$ZodIssue;

function send(reply: FastifyReply, status: number, body: ErrorEnvelope) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

const fastifyCodeMap = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'too_many_requests',
} as const satisfies Record<number, ErrorEnvelope['error']['code']>;

/** One error handler for the whole API: every error leaves as the contracts' envelope. */
export const errorsPlugin = fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = langOf(request);
    const requestId = request.id;
    if (error instanceof AppError) {
      // Throttled and busy answers (429, 503) tell the client how long to wait: in the header
      // and in the envelope.
      const wait = (error as { retryAfter?: unknown }).retryAfter;
      const retryAfter =
        typeof wait === 'number' && Number.isFinite(wait)
          ? Math.max(0, Math.ceil(wait))
          : undefined;
      if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
      return send(reply, error.status, {
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
          requestId,
          ...(retryAfter !== undefined ? { retryAfter } : {}),
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // fastify-type-provider-zod keeps each zod issue minus code/message/path in `params`; zod 4
      // does not report the input, its text tells a missing value from a wrong type.
      const issues = error.validation.map((v) => ({
        ...v.params,
        code: v.keyword,
        message: v.message,
        path: v.instancePath.split('/').filter(Boolean),
        ...(v.keyword === 'invalid_type'
          ? { input: /received undefined$/.test(v.message) ? undefined : null }
          : {}),
      })) as unknown as Issue[];
      return send(reply, 400, {
        error: {
          code: 'validation_failed',
          message: commonText(lang, 'error.validation_failed'),
          fields: issuesToFields(issues, lang),
          requestId,
        },
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'answer does not match its schema');
      return send(reply, 500, {
        error: { code: 'internal', message: commonText(lang, 'error.internal'), requestId },
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = fastifyCodeMap[status as keyof typeof fastifyCodeMap] ?? 'bad_request';
      return send(reply, status, {
        error: { code, message: commonText(lang, `error.${code}`), requestId },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, {
      error: { code: 'internal', message: commonText(lang, 'error.internal'), requestId },
    });
  });
});

/** Texts of what the HTTP parser refuses (the other codes' texts are the common ones). */
const parserText = defineMessages({
  en: {
    'error.headers_too_large': 'The request headers are too large.',
    'error.request_timeout': 'The request did not arrive in time.',
  },
  de: {
    'error.headers_too_large': 'Die Kopfzeilen der Anfrage sind zu groß.',
    'error.request_timeout': 'Die Anfrage ist nicht rechtzeitig angekommen.',
  },
  fr: {
    'error.headers_too_large': 'Les en-têtes de la requête sont trop volumineux.',
    'error.request_timeout': "La requête n'est pas arrivée à temps.",
  },
  pt: {
    'error.headers_too_large': 'Os cabeçalhos do pedido são demasiado grandes.',
    'error.request_timeout': 'O pedido não chegou a tempo.',
  },
  ru: {
    'error.headers_too_large': 'Заголовки запроса слишком велики.',
    'error.request_timeout': 'Запрос не поступил вовремя.',
  },
});

/** Statuses of the errors Node's HTTP parser raises before a request reaches the app. */
const clientErrors: Record<string, [number, 'headers_too_large' | 'request_timeout']> = {
  HPE_HEADER_OVERFLOW: [431, 'headers_too_large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout'],
};

/** The `Accept-Language` of a request the parser refused, read from the bytes it got. */
function langOfRaw(raw: unknown): Lang {
  if (!Buffer.isBuffer(raw)) return 'en';
  const head = raw.subarray(0, 64 * 1024).toString('latin1');
  return pickLang(/\r\naccept-language:[ \t]*([^\r\n]{0,200})/i.exec(head)?.[1]);
}

let staticHeaders: string | undefined;

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request — an oversized header
 * (431), a malformed request line or header (400), a request not received in time (408) — in
 * the same error envelope as every other error, then closes the connection. Passed to Fastify as
 * `clientErrorHandler`.
 */
export function clientErrorHandler(
  err: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // Never in the middle of an answer already on its way.
  const busy = (socket as { _httpMessage?: unknown })._httpMessage;
  if (socket.writable && !busy) {
    const [status, code]: [
      number,
      ErrorCode & ('bad_request' | 'headers_too_large' | 'request_timeout'),
    ] = clientErrors[err.code ?? ''] ?? [400, 'bad_request'];
    const requestId = randomUUID();
    const body = JSON.stringify({
      error: { code, message: parserText(langOfRaw(err.rawPacket), `error.${code}`), requestId },
    } satisfies ErrorEnvelope);
    staticHeaders ??= Object.entries(securityHeaders())
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'content-type: application/json; charset=utf-8\r\n' +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${requestId}\r\n` +
        staticHeaders +
        'connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
