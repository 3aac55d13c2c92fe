import type { OpHandlers } from '../../platform/ops.js';

export const accountOps = {
  'account.update': async (ctx, i, { app, request }) => ({
    user: await app.authService.updateProfile(request.auth, i, { ip: request.ip, lang: ctx.lang }),
  }),
} satisfies OpHandlers;
