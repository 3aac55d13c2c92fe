import rateLimit from '@fastify/rate-limit';
import {
  changePasswordAnswerSchema,
  changePasswordBodySchema,
  forgotBodySchema,
  forgotSetNewBodySchema,
  loginAnswerSchema,
  loginBodySchema,
  logoutBodySchema,
  okSchema,
  refreshAnswerSchema,
  refreshBodySchema,
  registerBodySchema,
  secondFactorAnswerSchema,
  secondFactorBodySchema,
  signedInSchema,
  whoamiAnswerSchema,
  whoamiBodySchema,
} from '@fiscus/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from './auth.plugin.js';
import { callerOf } from './auth.links.js';

/**
 * The seed's auth endpoints (all POST). Bodies are validated by the contracts' schemas; the
 * answers are serialised by them. Tokens and passwords are never logged (bodies are not logged,
 * the Authorization header is redacted).
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.authService;
  const { routeLimit, strictRouteLimit } = service.settings;

  await app.register(rateLimit, { global: false });
  // Requests per minute and client address (0 in settings = practically unlimited).
  const limit = (max: number) => ({
    rateLimit: { max: max > 0 ? max : 1_000_000, timeWindow: '1 minute' },
  });

  app.post(
    '/api/register',
    {
      schema: { body: registerBodySchema, response: { 200: signedInSchema } },
      config: limit(strictRouteLimit),
    },
    async (request) => service.register(request.body, callerOf(request, app.config)),
  );

  app.post(
    '/api/login',
    {
      schema: { body: loginBodySchema, response: { 200: loginAnswerSchema } },
      config: limit(routeLimit),
    },
    async (request) =>
      service.login(request.body.login, request.body.password, callerOf(request, app.config)),
  );

  app.post(
    '/api/second-factor',
    {
      schema: { body: secondFactorBodySchema, response: { 200: secondFactorAnswerSchema } },
      config: limit(routeLimit),
    },
    async (request, reply) => {
      const body = request.body;
      const caller = callerOf(request, app.config);
      if (body.action === 'verify')
        return service.verifySecondFactor(body.challengeId, body.code, caller);
      await app.authenticate(request, reply);
      switch (body.action) {
        case 'setup':
          return service.totpSetup(request.auth, caller);
        case 'enable':
          return service.totpEnable(request.auth, body.code, body.password, caller);
        case 'disable':
          await service.totpDisable(request.auth, body, caller);
          return { ok: true as const };
      }
    },
  );

  app.post(
    '/jwt/refresh-token',
    {
      schema: { body: refreshBodySchema, response: { 200: refreshAnswerSchema } },
      config: limit(routeLimit),
    },
    async (request) => service.refresh(request.body.refreshToken, callerOf(request, app.config)),
  );

  // Works with any body (or none): signing out must never fail on the client's account.
  app.post('/api/logout', { schema: { response: { 200: okSchema } } }, async (request) => {
    const parsed = logoutBodySchema.safeParse(request.body ?? {});
    const refreshToken = parsed.success ? parsed.data.refreshToken : undefined;
    await service.logout(refreshToken, bearerToken(request), callerOf(request, app.config));
    return { ok: true as const };
  });

  app.post(
    '/api/whoami',
    { schema: { body: whoamiBodySchema, response: { 200: whoamiAnswerSchema } } },
    async (request) => service.whoami(request.body.token),
  );

  app.post(
    '/api/forgot',
    {
      schema: { body: forgotBodySchema, response: { 200: okSchema } },
      config: limit(strictRouteLimit),
    },
    async (request) => {
      service.forgot(request.body.email, callerOf(request, app.config));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/forgot-set-new',
    {
      schema: { body: forgotSetNewBodySchema, response: { 200: okSchema } },
      config: limit(routeLimit),
    },
    async (request) => {
      await service.forgotSetNew(
        request.body.token,
        request.body.password,
        callerOf(request, app.config),
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/api/changepassword',
    {
      schema: { body: changePasswordBodySchema, response: { 200: changePasswordAnswerSchema } },
      preHandler: app.authenticate,
      config: limit(routeLimit),
    },
    async (request) =>
      service.changePassword(
        request.auth,
        request.body,
        request.body.newPassword,
        callerOf(request, app.config),
      ),
  );
};
