export * from './fields.js';
export * from './objects.js';
export * from './records.js';
export * from './views.js';
export * from './domains.js';
export * from './tables.js';
export * from './ops.js';
