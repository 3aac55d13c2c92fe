import type { ErrorEnvelope } from '@fiscus/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.js';
import { issuesToFields } from '../platform/errors.js';
import { langOf, msg } from '../platform/messages.js';

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
      return send(reply, error.status, {
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
          requestId,
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
          message: msg(lang, 'error.validation_failed'),
          fields: issuesToFields(issues, lang),
          requestId,
        },
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'answer does not match its schema');
      return send(reply, 500, {
        error: { code: 'internal', message: msg(lang, 'error.internal'), requestId },
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = fastifyCodeMap[status as keyof typeof fastifyCodeMap] ?? 'bad_request';
      return send(reply, status, {
        error: { code, message: msg(lang, `error.${code}`), requestId },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, {
      error: { code: 'internal', message: msg(lang, 'error.internal'), requestId },
    });
  });
});
