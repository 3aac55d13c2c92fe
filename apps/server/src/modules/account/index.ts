/** The signed-in user's own profile. */
export { accountOps } from './account.ops.js';
