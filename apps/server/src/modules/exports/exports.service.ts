import type { OpOutput, OpParsedInput } from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { OpContext } from '../objects/meta.js';

export async function exportRecords(
  _ctx: OpContext,
  _input: OpParsedInput<'records.export'>,
  _app: FastifyInstance,
): Promise<OpOutput<'records.export'>> {
  throw new AppError('internal', 'not yet');
}

export async function getExport(
  _ctx: OpContext,
  _input: OpParsedInput<'exports.get'>,
  _app: FastifyInstance,
): Promise<OpOutput<'exports.get'>> {
  throw new AppError('internal', 'not yet');
}
