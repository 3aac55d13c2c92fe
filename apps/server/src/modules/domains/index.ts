/** Domains and their members. */
export { domainsOps } from './domains.ops.js';
/** For the installation's own domains (seeds). */
export { ensureInstallationDomain, firstAccount } from './domains.service.js';
