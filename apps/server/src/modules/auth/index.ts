/**
 * Sign-in, registration, tokens, passwords, two-step verification and the own account: the
 * Fastify plugin (the service as `app.authService`, `app.authenticate`), the sign-in endpoints
 * and the account's `/api/qry` ops.
 */
export { authOps } from './auth.ops.js';
export { authPlugin } from './auth.plugin.js';
export { authRoutes } from './auth.routes.js';
