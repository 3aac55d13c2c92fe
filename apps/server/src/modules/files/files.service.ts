import type { OpOutput, OpParsedInput } from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { OpContext } from '../objects/meta.js';

export async function getFiles(
  _ctx: OpContext,
  _input: OpParsedInput<'files.get'>,
  _app: FastifyInstance,
): Promise<OpOutput<'files.get'>> {
  throw new AppError('internal', 'not yet');
}
