/** Uploads (whole and chunked), downloads and the file store other modules write to. */
export { filesOps } from './files.ops.js';
export { filesRoutes } from './files.routes.js';
export { findFile, sha256Of, storeFile, tempDir, tempPath } from './files.storage.js';
