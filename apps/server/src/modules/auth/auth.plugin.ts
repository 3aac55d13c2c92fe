import {
  platformOps,
  type Action,
  type PlatformOpName,
  type Role,
  type Subject,
} from '@fiscus/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.js';
import { createMailer, type Mailer } from '../../lib/mailer.js';
import { langOf } from '../../platform/messages.js';
import { linkConfigWarning } from './auth.links.js';
import { isApiToken } from './auth.api-tokens.js';
import { AuthService, type AuthContext } from './auth.service.js';
import { authText } from './auth.messages.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler: checks `Authorization: Bearer <access token>` and sets `request.auth`;
     * 401 `unauthorized` (missing, invalid, signed out) or 401 `token_expired`.
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Throws 403 `forbidden` unless the caller's role allows `action` on `subject`. */
    authorize: (request: FastifyRequest, action: Action, subject: Subject) => void;
    authService: AuthService;
    mailer: Mailer;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; only read it in routes that run that preHandler. */
    auth: AuthContext;
  }
}

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * The role of a sign-in in a domain while the membership and the sign-in are live (undefined
 * once either ended): what another module asks of auth about a caller it holds no request for,
 * e.g. an open event stream.
 */
export function liveRole(
  app: FastifyInstance,
  who: { userId: string; domainId: string; sessionId: string },
): Promise<Role | undefined> {
  return app.authService.liveRole(who.userId, who.domainId, who.sessionId);
}

/**
 * Authentication for every route: the access token carries the user, the current domain and
 * the sign-in it belongs to; each request checks that the membership still exists and that the
 * sign-in has not ended (logout, password change, reused refresh token), so those take effect
 * at once. Switching domain means a new token pair (`authService.switchDomain`).
 */
export const authPlugin = fp(
  async function auth(app: FastifyInstance) {
    const mailer = createMailer(app.config, app.log);
    const service = new AuthService(app.db, app.config, mailer, app.log);
    const linkWarning = linkConfigWarning(app.config);
    if (linkWarning) app.log.warn(linkWarning);
    app.decorate('mailer', mailer);
    // Expired tokens and old throttling records are dropped at start and every hour.
    const cleanup = () =>
      service.cleanup().catch((err: unknown) => app.log.error({ err }, 'auth cleanup failed'));
    const timer = setInterval(() => void cleanup(), 3600_000);
    timer.unref();
    app.addHook('onReady', async () => {
      await cleanup();
    });
    app.addHook('onClose', async () => clearInterval(timer));
    app.decorate('authService', service);
    app.decorateRequest('auth', null as unknown as AuthContext);

    app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
      const lang = langOf(request);
      const bearer = bearerToken(request);
      const result = await service.verify(bearer);
      if (isApiToken(bearer)) {
        // An API token: no sign-in to renew, so an expired one is a plain 401 naming why.
        if (!result.ok || !result.auth?.token)
          throw new AppError(
            'unauthorized',
            authText(
              lang,
              !result.ok && result.reason === 'expired'
                ? 'auth.token_expired_api'
                : 'auth.token_invalid',
            ),
          );
        service.apiTokens.throttle(result.auth.token.id, lang);
        request.auth = result.auth;
        await service.apiTokens
          .used(result.auth.token.id)
          .catch((err: unknown) => request.log.warn({ err }, 'token use not noted'));
        return;
      }
      if (!result.ok || !result.auth) {
        if (!result.ok && result.reason === 'expired') {
          throw new AppError('token_expired', authText(lang, 'auth.token_expired'));
        }
        throw new AppError(
          'unauthorized',
          authText(
            lang,
            result.ok || result.reason === 'missing' ? 'auth.unauthorized' : 'auth.invalid_token',
          ),
        );
      }
      request.auth = result.auth;
    });

    // Every write op of `/api/qry` that succeeded through an API token is kept with its name,
    // before the answer leaves (a client reading the list right after finds it).
    app.addHook('onSend', async (request, reply, payload) => {
      const auth = request.auth as AuthContext | null;
      if (!auth?.token || reply.statusCode !== 200 || request.routeOptions.url !== '/api/qry')
        return payload;
      const body = request.body as { op?: unknown; ops?: unknown; objectId?: unknown } | null;
      const calls = body?.op === 'batch' && Array.isArray(body.ops) ? body.ops : [body];
      const caller = {
        userId: auth.userId,
        domainId: auth.domainId,
        role: auth.role,
        token: auth.token,
      };
      for (const c of calls as { op?: unknown; objectId?: unknown }[]) {
        const op = typeof c?.op === 'string' ? c.op : '';
        const contract = Object.hasOwn(platformOps, op)
          ? platformOps[op as PlatformOpName]
          : undefined;
        if (!contract || contract.action === 'read') continue;
        const objectId = typeof c.objectId === 'string' ? c.objectId.slice(0, 64) : null;
        await service.apiTokens
          .wrote(caller, op, objectId)
          .catch((err: unknown) => request.log.error({ err }, 'token write not kept'));
      }
      return payload;
    });

    app.decorate(
      'authorize',
      function authorize(request: FastifyRequest, action: Action, subject: Subject) {
        const lang = langOf(request);
        if (!(request.auth as AuthContext | null))
          throw new AppError('unauthorized', authText(lang, 'auth.unauthorized'));
        if (!request.auth.ability.can(action, subject))
          throw new AppError('forbidden', authText(lang, 'error.forbidden'));
      },
    );
  },
  { name: 'auth' },
);
