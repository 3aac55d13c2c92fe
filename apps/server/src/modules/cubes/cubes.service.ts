import type {
  Cube,
  CubeLayout,
  CubeSummary,
  cubesCreateInput,
  cubesUpdateInput,
} from '@fiscus/contracts';
import { cleanNames } from '@fiscus/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isoNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { OpContext } from '../../platform/context.js';
import { findField, loadObject, parseNames } from '../../platform/meta.js';
import { indexCube } from './cubes.index.js';
import { cubesText } from './cubes.messages.js';
import {
  checkLayout,
  dimKindOf,
  guessLayout,
  resolveCube,
  type CubeDefinition,
  type CubeModel,
} from './cubes.model.js';
import { invalid } from '../../platform/errors.js';
import './cubes.tables.js';

type Row = {
  id: string;
  object_id: string;
  name: string;
  names: string;
  description: string;
  descriptions: string;
  definition: string;
  created_at: string;
  created_by: string | null;
  updated_at: string;
};

export function parseDefinition(text: string): CubeDefinition {
  const d = JSON.parse(text) as Partial<CubeDefinition>;
  return {
    dimensions: d.dimensions ?? [],
    measures: d.measures ?? [],
    calculated: d.calculated ?? [],
    parameters: d.parameters ?? null,
    defaultLayout: d.defaultLayout ?? null,
    locks: d.locks ?? [],
    keyDimensions: d.keyDimensions ?? [],
  };
}

async function cubeRow(ctx: OpContext, id: string): Promise<Row> {
  const row = await ctx.db.kysely
    .selectFrom('pf_cubes')
    .selectAll()
    .where('id', '=', id)
    .where('domain_id', '=', ctx.domainId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', cubesText(ctx.lang, 'cube.not_found'));
  return row;
}

/** A cube of the caller's domain, resolved against its object's current fields. */
export async function loadCube(ctx: OpContext, id: string): Promise<CubeModel> {
  const row = await cubeRow(ctx, id);
  const meta = await loadObject(ctx, row.object_id);
  return resolveCube(ctx, meta, parseDefinition(row.definition), { id: row.id, name: row.name });
}

async function cubeOut(ctx: OpContext, r: Row): Promise<Cube> {
  const def = parseDefinition(r.definition);
  const meta = await loadObject(ctx, r.object_id);
  // A cube stored before it had a default layout opens with the one it would get today.
  if (!def.defaultLayout && def.measures.length)
    def.defaultLayout = guessLayout(
      def.dimensions.map((d) => ({
        key: d.key,
        kind: dimKindOf(findField(meta, d.field)?.type),
      })),
      def.measures,
    );
  return {
    id: r.id,
    objectId: r.object_id,
    objectName: meta.name,
    name: r.name,
    names: parseNames(r.names),
    description: r.description,
    descriptions: parseNames(r.descriptions),
    ...def,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    createdBy: r.created_by,
  };
}

export async function listCubes(
  ctx: OpContext,
  objectId?: string,
): Promise<{ items: CubeSummary[] }> {
  let q = ctx.db.kysely
    .selectFrom('pf_cubes as c')
    .innerJoin('pf_objects as o', 'o.id', 'c.object_id')
    .select([
      'c.id',
      'c.name',
      'c.names',
      'c.description',
      'c.descriptions',
      'c.object_id',
      'o.name as object_name',
      'c.definition',
      'c.updated_at',
    ])
    .where('c.domain_id', '=', ctx.domainId)
    .where('o.domain_id', '=', ctx.domainId);
  if (objectId) q = q.where('c.object_id', '=', objectId);
  const rows = await q.orderBy('c.name').orderBy('c.id').execute();
  return {
    items: rows.map((r) => {
      const def = parseDefinition(r.definition);
      return {
        id: r.id,
        name: r.name,
        names: parseNames(r.names),
        description: r.description,
        descriptions: parseNames(r.descriptions),
        objectId: r.object_id,
        objectName: r.object_name,
        dimensionCount: def.dimensions.length,
        measureCount: def.measures.length + def.calculated.length,
        updatedAt: r.updated_at,
      };
    }),
  };
}

export async function getCube(ctx: OpContext, id: string): Promise<Cube> {
  return cubeOut(ctx, await cubeRow(ctx, id));
}

function definitionOf(d: CubeDefinition): string {
  return JSON.stringify({
    dimensions: d.dimensions,
    measures: d.measures,
    calculated: d.calculated,
    parameters: d.parameters,
    defaultLayout: d.defaultLayout,
    locks: d.locks,
    keyDimensions: d.keyDimensions,
  });
}

export async function createCube(
  ctx: OpContext,
  input: z.output<typeof cubesCreateInput>,
): Promise<Cube> {
  const meta = await loadObject(ctx, input.objectId);
  const def: CubeDefinition = {
    dimensions: input.dimensions,
    measures: input.measures,
    calculated: input.calculated,
    parameters: input.parameters ?? null,
    defaultLayout: input.defaultLayout ?? null,
    locks: input.locks,
    keyDimensions: input.keyDimensions,
  };
  const id = newId();
  const model = await resolveCube(ctx, meta, def, { id, name: input.name });
  // Without a default layout, the one a user would start from (a report on the cube takes it).
  def.defaultLayout ??= guessLayout(model.dims, def.measures);
  const now = isoNow();
  await ctx.db.kysely
    .insertInto('pf_cubes')
    .values({
      id,
      domain_id: ctx.domainId,
      object_id: meta.id,
      name: input.name,
      names: JSON.stringify(cleanNames(input.names)),
      description: input.description,
      descriptions: JSON.stringify(cleanNames(input.descriptions)),
      definition: definitionOf(def),
      created_at: now,
      created_by: ctx.userId,
      updated_at: now,
    })
    .execute();
  await indexCube(ctx, model, def.defaultLayout);
  return getCube(ctx, id);
}

export async function updateCube(
  ctx: OpContext,
  input: z.output<typeof cubesUpdateInput>,
): Promise<Cube> {
  const row = await cubeRow(ctx, input.id);
  const old = parseDefinition(row.definition);
  const def: CubeDefinition = {
    dimensions: input.dimensions ?? old.dimensions,
    measures: input.measures ?? old.measures,
    calculated: input.calculated ?? old.calculated,
    parameters: input.parameters === undefined ? old.parameters : input.parameters,
    defaultLayout: input.defaultLayout === undefined ? old.defaultLayout : input.defaultLayout,
    locks: input.locks ?? old.locks,
    keyDimensions: input.keyDimensions ?? old.keyDimensions,
  };
  const name = input.name ?? row.name;
  const meta = await loadObject(ctx, row.object_id);
  const model = await resolveCube(ctx, meta, def, { id: row.id, name });
  def.defaultLayout ??= guessLayout(model.dims, def.measures);
  await ctx.db.kysely
    .updateTable('pf_cubes')
    .set({
      name,
      ...(input.names !== undefined ? { names: JSON.stringify(cleanNames(input.names)) } : {}),
      description: input.description ?? row.description,
      ...(input.descriptions !== undefined
        ? { descriptions: JSON.stringify(cleanNames(input.descriptions)) }
        : {}),
      definition: definitionOf(def),
      updated_at: isoNow(),
    })
    .where('id', '=', row.id)
    .where('domain_id', '=', ctx.domainId)
    .execute();
  await indexCube(ctx, model, def.defaultLayout);
  return getCube(ctx, row.id);
}

export async function deleteCube(ctx: OpContext, id: string): Promise<{ ok: true }> {
  const row = await cubeRow(ctx, id);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('pf_cube_writes').where('cube_id', '=', row.id).execute();
    await trx
      .deleteFrom('pf_cubes')
      .where('id', '=', row.id)
      .where('domain_id', '=', ctx.domainId)
      .execute();
  });
  return { ok: true };
}

/**
 * Checks a layout against a cube of the caller's domain (404 for another domain's cube); 400
 * with paths under `prefix` (`layout.rows.0`).
 */
export async function checkCubeLayout(
  ctx: OpContext,
  cubeId: string,
  layout: CubeLayout,
  prefix: string,
): Promise<void> {
  const cube = await loadCube(ctx, cubeId);
  const errors: Record<string, string[]> = {};
  checkLayout(ctx, layout, cube.dims, cube.measures, cube.calcs, prefix, errors);
  if (Object.keys(errors).length) throw invalid(ctx.lang, errors);
}
