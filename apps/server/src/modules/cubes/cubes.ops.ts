import type { OpHandlers } from '../../platform/ops.js';
import { cellFilterTree, resolveCoords } from './cubes.cells.js';
import { queryCube } from './cubes.query.js';
import {
  createCube,
  deleteCube,
  getCube,
  listCubes,
  loadCube,
  updateCube,
} from './cubes.service.js';
import { undoWrite, writeCell } from './cubes.write.js';

export const cubesOps = {
  'cubes.list': (ctx, i) => listCubes(ctx, i.objectId),
  'cubes.get': (ctx, i) => getCube(ctx, i.id),
  'cubes.create': (ctx, i) => createCube(ctx, i),
  'cubes.update': (ctx, i) => updateCube(ctx, i),
  'cubes.delete': (ctx, i) => deleteCube(ctx, i.id),
  'cubes.query': (ctx, i) => queryCube(ctx, i),
  'cubes.cellFilter': async (ctx, i) => {
    const cube = await loadCube(ctx, i.cubeId);
    const coords = resolveCoords(ctx, cube, i.coords);
    return { objectId: cube.meta.id, filter: cellFilterTree(cube, i.filter, coords) };
  },
  'cubes.write': (ctx, i) => writeCell(ctx, i),
  'cubes.undo': (ctx, i) => undoWrite(ctx, i),
} satisfies OpHandlers;
