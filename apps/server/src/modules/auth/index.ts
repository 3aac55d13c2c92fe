/** Sign-in, registration, tokens, passwords and two-step verification. */
export { authPlugin } from './auth.plugin.js';
export { authRoutes } from './auth.routes.js';
