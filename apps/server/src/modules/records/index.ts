/** Records of objects: lists, counts, groups, writes, soft delete and history. */
export { recordsOps } from './records.ops.js';
export { countRecords, groupRecords, listRecords } from './records.service.js';
