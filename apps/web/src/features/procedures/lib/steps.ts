import type {
  DescriptionTranslations,
  NameTranslations,
  Procedure,
  ProcedureParam,
  ProcedureStep,
  ProcedureStepType,
} from '@fiscus/contracts';

/** A procedure as the editor holds it. */
export type Draft = Pick<
  Procedure,
  'name' | 'description' | 'params' | 'steps' | 'timeoutSeconds' | 'trigger'
> & { names: NameTranslations; descriptions: DescriptionTranslations };

export const stepTypes: ProcedureStepType[] = [
  'copy',
  'update',
  'delete',
  'aggregate',
  'run',
  'check',
];

/** A new, empty step of a type. */
export function newStep(type: ProcedureStepType): ProcedureStep {
  switch (type) {
    case 'copy':
      return {
        type,
        title: '',
        source: '',
        target: '',
        where: '',
        assignments: [],
        copySameFields: true,
      };
    case 'update':
      return { type, title: '', object: '', where: '', assignments: [{ field: '', expr: '' }] };
    case 'delete':
      return { type, title: '', object: '', where: '' };
    case 'aggregate':
      return {
        type,
        title: '',
        source: '',
        target: '',
        where: '',
        groupBy: [{ field: '', expr: '' }],
        values: [{ field: '', fn: 'sum', expr: '' }],
        mode: 'replace',
      };
    case 'run':
      return { type, title: '', procedure: '', params: {} };
    case 'check':
      return { type, title: '', object: null, condition: '', message: '' };
  }
}

/** A new parameter with a name not yet used. */
export function newParam(existing: readonly ProcedureParam[]): ProcedureParam {
  let i = existing.length + 1;
  while (existing.some((p) => p.name === `param${i}`)) i++;
  return {
    name: `param${i}`,
    label: '',
    type: 'text',
    required: false,
    scale: 0,
    choices: [],
    objectId: null,
    default: null,
  };
}

export const emptyDraft = (): Draft => ({
  name: '',
  names: {},
  description: '',
  descriptions: {},
  params: [],
  steps: [],
  timeoutSeconds: 60,
  trigger: null,
});

export function draftOf(p: Procedure): Draft {
  return {
    name: p.name,
    names: p.names ?? {},
    description: p.description,
    descriptions: p.descriptions ?? {},
    params: p.params,
    steps: p.steps,
    timeoutSeconds: p.timeoutSeconds,
    trigger: p.trigger,
  };
}

/** Moves an item of a list by `delta` places. */
export function move<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(index, 1);
  out.splice(to, 0, item!);
  return out;
}

/** Problems by path (`steps.0.where`) from the check's issues or a refused save's fields. */
export type Issues = Record<string, string>;

export function issuesFrom(list: { path: string; message: string }[]): Issues {
  const out: Issues = {};
  for (const i of list) out[i.path] ??= i.message;
  return out;
}

/** A refused request's field errors as issues (`definition.` and such prefixes dropped). */
export function issuesFromFields(fields: Record<string, string[]> | undefined): Issues {
  const out: Issues = {};
  for (const [k, v] of Object.entries(fields ?? {}))
    if (v[0]) out[k.replace(/^definition\./, '')] ??= v[0];
  return out;
}
