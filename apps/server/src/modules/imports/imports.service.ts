import type { OpOutput, OpParsedInput } from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { OpContext } from '../objects/meta.js';

export async function importsList(
  _ctx: OpContext,
  _input: OpParsedInput<'imports.list'>,
  _app: FastifyInstance,
): Promise<OpOutput<'imports.list'>> {
  throw new AppError('internal', 'not yet');
}

export async function importsGet(
  _ctx: OpContext,
  _input: OpParsedInput<'imports.get'>,
  _app: FastifyInstance,
): Promise<OpOutput<'imports.get'>> {
  throw new AppError('internal', 'not yet');
}

export async function importsCreate(
  _ctx: OpContext,
  _input: OpParsedInput<'imports.create'>,
  _app: FastifyInstance,
): Promise<OpOutput<'imports.create'>> {
  throw new AppError('internal', 'not yet');
}

export async function importsPreview(
  _ctx: OpContext,
  _input: OpParsedInput<'imports.preview'>,
  _app: FastifyInstance,
): Promise<OpOutput<'imports.preview'>> {
  throw new AppError('internal', 'not yet');
}

export async function importsUpdate(
  _ctx: OpContext,
  _input: OpParsedInput<'imports.update'>,
  _app: FastifyInstance,
): Promise<OpOutput<'imports.update'>> {
  throw new AppError('internal', 'not yet');
}

export async function importsRun(
  _ctx: OpContext,
  _input: OpParsedInput<'imports.run'>,
  _app: FastifyInstance,
): Promise<OpOutput<'imports.run'>> {
  throw new AppError('internal', 'not yet');
}

export async function importsCancel(
  _ctx: OpContext,
  _input: OpParsedInput<'imports.cancel'>,
  _app: FastifyInstance,
): Promise<OpOutput<'imports.cancel'>> {
  throw new AppError('internal', 'not yet');
}

export async function importsLog(
  _ctx: OpContext,
  _input: OpParsedInput<'imports.log'>,
  _app: FastifyInstance,
): Promise<OpOutput<'imports.log'>> {
  throw new AppError('internal', 'not yet');
}

export async function importsLogFile(
  _ctx: OpContext,
  _input: OpParsedInput<'imports.logFile'>,
  _app: FastifyInstance,
): Promise<OpOutput<'imports.logFile'>> {
  throw new AppError('internal', 'not yet');
}

export async function importsDelete(
  _ctx: OpContext,
  _input: OpParsedInput<'imports.delete'>,
  _app: FastifyInstance,
): Promise<OpOutput<'imports.delete'>> {
  throw new AppError('internal', 'not yet');
}
