/** `POST /api/qry`: the one typed op endpoint; it composes every module's op handlers. */
export { qryRoutes } from './qry.routes.js';
