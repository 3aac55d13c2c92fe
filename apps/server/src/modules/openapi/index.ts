/** The API's OpenAPI 3.1 document, made from the contracts and served at `/api/openapi.json`. */
export { openapiRoutes } from './openapi.routes.js';
export { referenceRoutes } from './reference.routes.js';
