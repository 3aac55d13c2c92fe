import type { PlatformOpName } from '@fiscus/contracts';
import type { OpHandler, OpHandlers } from '../../platform/ops.js';
import { actionsOps } from '../actions/index.js';
import { authOps } from '../auth/index.js';
import { cubesOps } from '../cubes/index.js';
import { datasourcesOps } from '../datasources/index.js';
import { mountsOps } from '../mounts/index.js';
import { domainsOps } from '../domains/index.js';
import { exportsOps } from '../exports/index.js';
import { expressionsOps } from '../expressions/index.js';
import { fieldsOps } from '../fields/index.js';
import { filesOps } from '../files/index.js';
import { importsOps } from '../imports/index.js';
import { objectsOps } from '../objects/index.js';
import { proceduresOps } from '../procedures/index.js';
import { recordsOps } from '../records/index.js';
import { reportsOps } from '../reports/index.js';
import { ribbonOps } from '../ribbon/index.js';
import { tablesOps } from '../tables/index.js';
import { viewsOps } from '../views/index.js';
import { webhooksOps } from '../webhooks/index.js';

type Merged<T extends readonly unknown[]> = T extends readonly [infer H, ...infer R]
  ? H & Merged<R>
  : unknown;

/** Every module's op handlers as one table; an op owned by two modules is refused at start. */
function compose<const T extends readonly OpHandlers[]>(...parts: T): Merged<T> {
  const all: OpHandlers = {};
  for (const part of parts) {
    for (const op of Object.keys(part)) {
      if (Object.hasOwn(all, op)) throw new Error(`op ${op} has two handlers`);
    }
    Object.assign(all, part);
  }
  return all as Merged<T>;
}

/** op → handler; every op of the contracts has one (checked by the type). */
export const handlers: { [K in PlatformOpName]: OpHandler<K> } = compose(
  domainsOps,
  authOps,
  objectsOps,
  fieldsOps,
  recordsOps,
  viewsOps,
  tablesOps,
  filesOps,
  importsOps,
  exportsOps,
  ribbonOps,
  expressionsOps,
  proceduresOps,
  actionsOps,
  cubesOps,
  datasourcesOps,
  reportsOps,
  mountsOps,
  webhooksOps,
);
