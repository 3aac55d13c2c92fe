/**
 * The Demo budget: a planning domain seeded with the platform's own parts (objects, catalogs,
 * procedures, actions, cubes) — no tables or endpoints of its own.
 */
export { DEMO_DOMAIN_ID, DEMO_DOMAIN_NAME, seedDemoBudget } from './budget.seed.js';
