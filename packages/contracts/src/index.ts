export * from './errors.js';
export * from './ability.js';
export * from './view.js';
export * from './health.js';
export * from './auth.js';
export * from './platform/index.js';
export * from './account.js';
