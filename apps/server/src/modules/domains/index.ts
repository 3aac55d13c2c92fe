/** Domains and their members. */
export { domainsOps } from './domains.ops.js';
