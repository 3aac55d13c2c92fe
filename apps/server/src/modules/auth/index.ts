/** Sign-in, registration, tokens, passwords, two-step verification and the own account. */
export { authPlugin } from './auth.plugin.js';
export { authRoutes } from './auth.routes.js';
export { callerOf } from './auth.links.js';
