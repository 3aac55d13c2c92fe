export { qry } from './client';
export { reads, writes } from './ops';
export {
  applyOpEffects,
  invalidateReads,
  opKey,
  opQueryOptions,
  runOp,
  useOp,
  useOpMutation,
} from './query';
