/** Records of objects: lists, counts, groups, writes, soft delete and history. */
export { recordsOps } from './records.ops.js';
export { countRecords, groupRecords, listRecords } from './records.service.js';
/** Big bulk-write bodies read on a worker thread (the `/api/qry` dispatcher hands them over). */
export { BulkBodies, OFFLOAD_MIN_CHARS } from './bulk-bodies.js';
export { OffloadedRows } from './records.offload.js';
