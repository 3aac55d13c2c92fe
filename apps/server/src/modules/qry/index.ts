/** `POST /api/qry`: the one typed op endpoint; it composes every module's op handlers. */
export { qryRoutes } from './qry.routes.js';
/** Runs an op inside the server as a given caller (seeding, the installation's own work). */
export { callOp } from './qry.call.js';
