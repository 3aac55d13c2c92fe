import type { PlatformObject, Procedure, ProcedureRun } from '@fiscus/contracts';

const now = '2026-01-01T10:00:00.000Z';

function field(
  objectId: string,
  code: string,
  name: string,
  type: 'text' | 'decimal' | 'integer',
  position: number,
) {
  return {
    id: `${objectId}-${code}`,
    objectId,
    name,
    code,
    type,
    options: {},
    position,
    createdAt: now,
    updatedAt: now,
  };
}

export function makeObject(id: string, name: string): PlatformObject {
  return {
    id,
    name,
    code: name.toLowerCase(),
    kind: 'table',
    description: '',
    displayFieldId: `${id}-name`,
    tableName: `obj_${id}`,
    fieldCount: 3,
    createdAt: now,
    updatedAt: now,
    fields: [
      field(id, 'name', 'Name', 'text', 0),
      field(id, 'amount', 'Amount', 'decimal', 1),
      field(id, 'year', 'Year', 'integer', 2),
    ],
  };
}

export const lines = makeObject('o1', 'Lines');
export const plan = makeObject('o2', 'Plan');

export function makeProcedure(over: Partial<Procedure> = {}): Procedure {
  return {
    id: 'p1',
    name: 'Plan next year',
    description: '',
    params: [
      {
        name: 'growth',
        label: 'Growth',
        type: 'number',
        required: true,
        scale: 2,
        choices: [],
        objectId: null,
        default: null,
      },
      {
        name: 'scenario',
        label: 'Scenario',
        type: 'select',
        required: false,
        scale: 0,
        choices: ['Budget', 'Forecast'],
        objectId: null,
        default: 'Budget',
      },
    ],
    steps: [
      {
        type: 'copy',
        title: 'Lines to plan',
        source: 'o1',
        target: 'o2',
        where: '',
        assignments: [{ field: 'amount', expr: 'amount * @growth' }],
        copySameFields: true,
      },
    ],
    timeoutSeconds: 60,
    trigger: null,
    createdAt: now,
    updatedAt: now,
    createdBy: 'u1',
    ...over,
  };
}

export function makeRun(over: Partial<ProcedureRun> = {}): ProcedureRun {
  return {
    id: 'r1',
    procedureId: 'p1',
    procedureName: 'Plan next year',
    actionId: null,
    trigger: null,
    jobId: 'r1',
    status: 'queued',
    dryRun: false,
    params: {},
    progress: 0,
    log: [],
    result: null,
    error: null,
    createdAt: now,
    createdBy: 'u1',
    createdByName: 'Ann',
    startedAt: null,
    finishedAt: null,
    ...over,
  };
}

export const finishedRun = (over: Partial<ProcedureRun> = {}) =>
  makeRun({
    status: 'succeeded',
    progress: 1,
    log: [
      {
        path: '1',
        type: 'copy',
        title: 'Lines to plan',
        status: 'done',
        rowsRead: 3,
        rowsWritten: 3,
        inserted: 3,
        updated: 0,
        deleted: 0,
        ms: 12,
        message: null,
      },
    ],
    result: { rowsRead: 3, rowsWritten: 3, inserted: 3, updated: 0, deleted: 0, ms: 15 },
    ...over,
  });
