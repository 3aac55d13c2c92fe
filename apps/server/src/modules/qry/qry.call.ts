import { platformOps, type OpInput, type OpOutput, type PlatformOpName } from '@fiscus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { OpContext } from '../../platform/context.js';
import { invalid, issuesToFields } from '../../platform/errors.js';
import { commonText } from '../../platform/messages.js';
import type { OpHandler } from '../../platform/ops.js';
import { handlers } from './qry.handlers.js';

/** Ops that act on the caller's own sign-in: they need a real request. */
const SIGN_IN_OPS: ReadonlySet<PlatformOpName> = new Set<PlatformOpName>([
  'account.update',
  'account.confirmEmail',
  'account.resendEmailChange',
  'account.cancelEmailChange',
  'domains.switch',
  'events.ticket',
]);

/**
 * Runs an op of `/api/qry` inside the server, as `ctx` — exactly what a client's call runs: the
 * ability, the input's schema (defaults applied), the handler. For work the installation does
 * itself (seeding a domain) through the same ops a user has, so it takes no shortcut a user
 * could not.
 */
export async function callOp<K extends PlatformOpName>(
  app: FastifyInstance,
  ctx: OpContext,
  op: K,
  input: OpInput<K>,
): Promise<OpOutput<K>> {
  if (SIGN_IN_OPS.has(op)) throw new Error(`${op} acts on a sign-in and needs a request`);
  const contract = platformOps[op];
  if (!ctx.ability.can(contract.action, contract.subject))
    throw new AppError('forbidden', commonText(ctx.lang, 'error.forbidden'));
  const parsed = contract.input.safeParse(input);
  if (!parsed.success) throw invalid(ctx.lang, issuesToFields(parsed.error.issues, ctx.lang));
  const handler = handlers[op] as OpHandler<K>;
  return handler(ctx, parsed.data as never, {
    app,
    request: undefined as unknown as FastifyRequest,
  });
}
