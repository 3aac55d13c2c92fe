/**
 * Sign-in, registration, tokens, passwords, two-step verification and the own account: the
 * Fastify plugin (`app.authenticate`, `app.authorize`; the service as `app.authService`, which
 * only this module uses), the sign-in endpoints, the `/api/qry` ops that act on the caller's
 * sign-in (`account.*`, `domains.switch`) and `liveRole` for other modules.
 */
export { authOps } from './auth.ops.js';
export { authPlugin, liveRole } from './auth.plugin.js';
export { authRoutes } from './auth.routes.js';
