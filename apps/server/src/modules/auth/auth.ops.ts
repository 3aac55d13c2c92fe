import type { OpContext } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { unknownObjectIds } from '../../platform/meta.js';
import type { OpHandlers } from '../../platform/ops.js';
import { callerOf } from './auth.links.js';
import { authText } from './auth.messages.js';

/** 400 on `objects` unless every id is an object of the caller's domain. */
async function assertObjects(ctx: OpContext, ids: readonly string[] | null): Promise<void> {
  if (!ids?.length) return;
  const missing = await unknownObjectIds(ctx, ids);
  if (missing.length)
    throw invalid(ctx.lang, {
      objects: [authText(ctx.lang, 'auth.token_objects_unknown', { ids: missing.join(', ') })],
    });
}

/**
 * The `/api/qry` ops that act on the caller's own sign-in: the account (the rules — proof of
 * identity, the confirmation link of a new e-mail address — live in the account service,
 * `auth.account.ts`) and switching domain (a new token pair for the same sign-in).
 */
export const authOps = {
  'account.update': async (_ctx, i, { app, request }) => ({
    user: await app.authService.account.update(request.auth, i, callerOf(request, app.config)),
  }),
  'account.confirmEmail': async (_ctx, i, { app, request }) => ({
    user: await app.authService.account.confirm(
      request.auth,
      i.token,
      callerOf(request, app.config),
    ),
  }),
  'account.resendEmailChange': async (_ctx, _i, { app, request }) => ({
    user: await app.authService.account.resend(request.auth, callerOf(request, app.config)),
  }),
  'account.cancelEmailChange': async (_ctx, _i, { app, request }) => ({
    user: await app.authService.account.cancel(request.auth, callerOf(request, app.config)),
  }),
  'domains.switch': (ctx, i, { app, request }) =>
    app.authService.switchDomain(request.auth, i.id, ctx.lang),
  // The caller's own API tokens in the current domain (a token itself may not: no `update Auth`).
  'tokens.list': async (ctx, _i, { app }) => ({
    items: await app.authService.apiTokens.list(ctx.userId, ctx.domainId),
  }),
  'tokens.create': async (ctx, i, { app }) => {
    await assertObjects(ctx, i.objects);
    return app.authService.apiTokens.create(ctx.userId, ctx.domainId, i);
  },
  'tokens.revoke': (ctx, i, { app }) =>
    app.authService.apiTokens.revoke(ctx.userId, ctx.domainId, i.id, ctx.lang),
  // The domain's own tokens (owners and admins): not a person's, listed for every admin.
  'domainTokens.list': async (ctx, _i, { app }) => ({
    items: await app.authService.apiTokens.list(null, ctx.domainId),
  }),
  'domainTokens.create': async (ctx, i, { app }) => {
    await assertObjects(ctx, i.objects);
    return app.authService.apiTokens.create(ctx.userId, ctx.domainId, i, 'domain');
  },
  'domainTokens.revoke': (ctx, i, { app }) =>
    app.authService.apiTokens.revoke(null, ctx.domainId, i.id, ctx.lang),
} satisfies OpHandlers;
