/** Actions: buttons on an object's toolbar or record card that run a procedure. */
export { actionsOps } from './actions.ops.js';
