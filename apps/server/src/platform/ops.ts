import type { OpOutput, OpParsedInput, PlatformOpName } from '@fiscus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OpContext } from './context.js';

/** What a handler may reach beside its context: the app (services, jobs) and the request. */
export interface OpEnv {
  app: FastifyInstance;
  request: FastifyRequest;
}

/** Runs one `/api/qry` op whose input the dispatcher has already checked against its schema. */
export type OpHandler<K extends PlatformOpName> = (
  ctx: OpContext,
  input: OpParsedInput<K>,
  env: OpEnv,
) => Promise<OpOutput<K>>;

/**
 * Handlers by op name. A module exports the handlers of the ops it owns as
 * `export const xxxOps = { 'xxx.list': …, … } satisfies OpHandlers;` from its index; the
 * `/api/qry` dispatcher composes them and its type requires a handler for every op.
 */
export type OpHandlers = { [K in PlatformOpName]?: OpHandler<K> };
