/** The ribbon: the domain's events (list and live stream) and its running jobs. */
export { ribbonOps } from './ribbon.ops.js';
export { ribbonStream } from './ribbon.stream.js';
