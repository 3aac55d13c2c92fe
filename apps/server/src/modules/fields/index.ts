/** Fields of objects: each change migrates the object's table (or is refused if lossy). */
export { fieldsOps } from './fields.ops.js';
