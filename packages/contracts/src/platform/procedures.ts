import { z } from 'zod';
import { roles } from '../ability.js';
import {
  confirmTranslationsSchema,
  descriptionTranslationsSchema,
  idSchema,
  nameTranslationsSchema,
} from './fields.js';
import { jobStatuses } from './jobs.js';

/**
 * Procedures: named routines over a domain's data, built from a fixed set of safe steps whose
 * assignments and conditions are expressions (see docs/expressions.md). A run is one
 * transaction with a time limit; a dry run reports what each step would change and keeps
 * nothing. Actions are buttons that run a procedure from an object's toolbar or record card.
 */

// ---- expressions ---------------------------------------------------------------------------------

/** Longest expression text. */
export const EXPR_MAX_LENGTH = 4000;
const exprText = z.string().max(EXPR_MAX_LENGTH);

/** The functions of the expression language (the editor completes and explains them). */
export const exprFunctions = [
  { name: 'round', args: 'number, places?', group: 'number' },
  { name: 'floor', args: 'number, places?', group: 'number' },
  { name: 'ceil', args: 'number, places?', group: 'number' },
  { name: 'abs', args: 'number', group: 'number' },
  { name: 'allocate', args: 'total, parts, index, places?', group: 'number' },
  { name: 'min', args: 'value, value, …', group: 'number' },
  { name: 'max', args: 'value, value, …', group: 'number' },
  { name: 'if', args: 'condition, then, else?', group: 'logic' },
  { name: 'coalesce', args: 'value, value, …', group: 'logic' },
  { name: 'isEmpty', args: 'value', group: 'logic' },
  { name: 'concat', args: 'value, value, …', group: 'text' },
  { name: 'text', args: 'value', group: 'text' },
  { name: 'upper', args: 'text', group: 'text' },
  { name: 'lower', args: 'text', group: 'text' },
  { name: 'trim', args: 'text', group: 'text' },
  { name: 'len', args: 'text', group: 'text' },
  { name: 'left', args: 'text, count', group: 'text' },
  { name: 'right', args: 'text, count', group: 'text' },
  { name: 'mid', args: 'text, start, count', group: 'text' },
  { name: 'replace', args: 'text, find, with', group: 'text' },
  { name: 'contains', args: 'text, part', group: 'text' },
  { name: 'startsWith', args: 'text, start', group: 'text' },
  { name: 'today', args: '', group: 'date' },
  { name: 'now', args: '', group: 'date' },
  { name: 'date', args: "'YYYY-MM-DD' | year, month, day", group: 'date' },
  { name: 'addMonths', args: 'date, months', group: 'date' },
  { name: 'addYears', args: 'date, years', group: 'date' },
  { name: 'addDays', args: 'date, days', group: 'date' },
  { name: 'year', args: 'date', group: 'date' },
  { name: 'month', args: 'date', group: 'date' },
  { name: 'day', args: 'date', group: 'date' },
  { name: 'startOfMonth', args: 'date', group: 'date' },
  { name: 'endOfMonth', args: 'date', group: 'date' },
  { name: 'monthsBetween', args: 'from, to', group: 'date' },
  { name: 'daysBetween', args: 'from, to', group: 'date' },
] as const;

export const procedureParamTypes = [
  'text',
  'number',
  'date',
  'month',
  'boolean',
  'select',
  'record',
] as const;
export type ProcedureParamType = (typeof procedureParamTypes)[number];

/** Parameter names are written `@name` in expressions. */
export const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,47}$/;

const paramValue = z.union([z.string().max(1000), z.number(), z.boolean()]).nullable();

export const procedureParamSchema = z.object({
  name: z.string().regex(PARAM_NAME),
  /** Shown on the run form; the name when empty. */
  label: z.string().max(120).default(''),
  type: z.enum(procedureParamTypes),
  required: z.boolean().default(false),
  /** number: fraction digits kept (0: whole numbers). */
  scale: z.number().int().min(0).max(6).default(0),
  /** select: the choices. */
  choices: z.array(z.string().min(1).max(200)).max(200).default([]),
  /** record: the object whose record is passed. */
  objectId: idSchema.nullable().default(null),
  /** Value when none is given. */
  default: paramValue.default(null),
});
export type ProcedureParam = z.infer<typeof procedureParamSchema>;

export const assignmentSchema = z.object({
  /** Target field (code). */
  field: z.string().min(1).max(128),
  expr: exprText,
});
export type Assignment = z.infer<typeof assignmentSchema>;

const stepBase = {
  /** Shown in the editor and the log; the step's kind when empty. */
  title: z.string().max(200).default(''),
};

export const aggregateFns = ['sum', 'count', 'min', 'max', 'avg'] as const;
export type AggregateFn = (typeof aggregateFns)[number];

export const procedureStepSchema = z.discriminatedUnion('type', [
  /** Copy the source records matching `where` into `target`, with assignments. */
  z.object({
    ...stepBase,
    type: z.literal('copy'),
    source: idSchema,
    target: idSchema,
    /** Condition over the source record (empty: every live record). */
    where: exprText.default(''),
    /** Target field ← expression over the source record and the parameters. */
    assignments: z.array(assignmentSchema).max(200).default([]),
    /** Target fields not assigned take the source's field of the same code (same kind). */
    copySameFields: z.boolean().default(true),
    /**
     * Copy each source record once per whole number from `from` to `to` (expressions over the
     * source record; at most 1,000 per record); the number is `@name` in `where` and the
     * assignments — e.g. one depreciation line per month of an asset's life.
     */
    series: z
      .object({
        name: z.string().regex(PARAM_NAME),
        from: exprText.min(1),
        to: exprText.min(1),
      })
      .nullish(),
  }),
  /** Change the records matching `where`. */
  z.object({
    ...stepBase,
    type: z.literal('update'),
    object: idSchema,
    where: exprText.default(''),
    assignments: z.array(assignmentSchema).min(1).max(200),
  }),
  /** Delete (softly: they can be restored) the records matching `where`. */
  z.object({
    ...stepBase,
    type: z.literal('delete'),
    object: idSchema,
    where: exprText.default(''),
  }),
  /**
   * Group the source records matching `where` and write one target record per group: a target
   * record whose key fields (the group) match is updated, the others are added.
   */
  z.object({
    ...stepBase,
    type: z.literal('aggregate'),
    source: idSchema,
    target: idSchema,
    where: exprText.default(''),
    /** Target key field ← expression over the source record. */
    groupBy: z.array(assignmentSchema).min(1).max(20),
    /** Target field ← fn(expression over the source record); count takes no expression. */
    values: z
      .array(
        z.object({
          field: z.string().min(1).max(128),
          fn: z.enum(aggregateFns),
          expr: exprText.default(''),
        }),
      )
      .min(1)
      .max(50),
    /** replace: matched target values become the group's; add: the group's are added to them. */
    mode: z.enum(['replace', 'add']).default('replace'),
  }),
  /** Run another procedure inside this run (same transaction). */
  z.object({
    ...stepBase,
    type: z.literal('run'),
    procedure: idSchema,
    /** Its parameter ← expression over this procedure's parameters. */
    params: z.record(z.string().regex(PARAM_NAME), exprText).default({}),
  }),
  /**
   * Stop the run (nothing is kept) with `message` when `condition` holds — over the parameters,
   * or, with `object`, for any live record of it.
   */
  z.object({
    ...stepBase,
    type: z.literal('check'),
    object: idSchema.nullable().default(null),
    condition: exprText.min(1),
    message: z.string().min(1).max(500),
  }),
]);
export type ProcedureStep = z.infer<typeof procedureStepSchema>;
export type ProcedureStepType = ProcedureStep['type'];

/** Longest time limit of a run, in seconds. */
export const PROCEDURE_TIMEOUT_MAX = 3600;

/**
 * Runs the procedure when a user changes records of an object — a value typed into a cube or
 * its undo, a record edited in a grid or card, an upsert — in one of `fields`, inside the
 * transaction of that change: once per distinct set of parameter values computed from the
 * changed records (`params`: parameter ← expression over the changed record). A run that fails
 * or stops undoes the change with it. Changes made by procedures start no triggers.
 */
export const procedureTriggerSchema = z.object({
  objectId: idSchema,
  /** Field codes whose change starts a run (empty: a change of any field). */
  fields: z.array(z.string().min(1).max(128)).max(50).default([]),
  params: z.record(z.string().regex(PARAM_NAME), exprText).default({}),
});
export type ProcedureTrigger = z.infer<typeof procedureTriggerSchema>;

const procedureFields = {
  name: z.string().trim().min(1).max(120),
  /** The name in other languages (a user of that language sees it; the name is the fallback). */
  names: nameTranslationsSchema.optional(),
  description: z.string().max(2000).default(''),
  /** The description in other languages (a user of that language reads it, else `description`). */
  descriptions: descriptionTranslationsSchema.optional(),
  params: z.array(procedureParamSchema).max(30).default([]),
  steps: z.array(procedureStepSchema).max(50).default([]),
  /** A run taking longer is stopped and rolled back. */
  timeoutSeconds: z.number().int().min(1).max(PROCEDURE_TIMEOUT_MAX).default(60),
  /** When records of an object change, the procedure runs with the change (null: never). */
  trigger: procedureTriggerSchema.nullable().default(null),
};

export const procedureRunStatuses = jobStatuses;
export type ProcedureRunStatus = (typeof procedureRunStatuses)[number];

export const procedureSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The name in other languages (a user of that language sees it; the name is the fallback). */
  names: nameTranslationsSchema.optional(),
  description: z.string(),
  /** The description in other languages (a user of that language reads it, else `description`). */
  descriptions: descriptionTranslationsSchema.optional(),
  stepCount: z.number().int(),
  paramCount: z.number().int(),
  /** The object whose changes run it (its trigger), if any. */
  triggerObjectId: z.string().nullable(),
  lastRunStatus: z.enum(procedureRunStatuses).nullable(),
  lastRunAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type ProcedureSummary = z.infer<typeof procedureSummarySchema>;

export const procedureSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The name in other languages (a user of that language sees it; the name is the fallback). */
  names: nameTranslationsSchema.optional(),
  description: z.string(),
  /** The description in other languages (a user of that language reads it, else `description`). */
  descriptions: descriptionTranslationsSchema.optional(),
  params: z.array(procedureParamSchema),
  steps: z.array(procedureStepSchema),
  timeoutSeconds: z.number().int(),
  trigger: procedureTriggerSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
});
export type Procedure = z.infer<typeof procedureSchema>;

export const proceduresListInput = z.object({});
export const proceduresListOutput = z.object({ items: z.array(procedureSummarySchema) });
export const proceduresGetInput = z.object({ id: idSchema });
export const proceduresCreateInput = z.object(procedureFields);
export const proceduresUpdateInput = z.object({
  id: idSchema,
  name: procedureFields.name.optional(),
  /** The name in other languages (a user of that language sees it; the name is the fallback). */
  names: nameTranslationsSchema.optional(),
  description: z.string().max(2000).optional(),
  /** The description in other languages (a user of that language reads it, else `description`). */
  descriptions: descriptionTranslationsSchema.optional(),
  params: z.array(procedureParamSchema).max(30).optional(),
  steps: z.array(procedureStepSchema).max(50).optional(),
  timeoutSeconds: z.number().int().min(1).max(PROCEDURE_TIMEOUT_MAX).optional(),
  trigger: procedureTriggerSchema.nullable().optional(),
});
export const proceduresDeleteInput = z.object({ id: idSchema });

/** A problem of a definition: where (`steps.2.assignments.0.expr`), what, and in the text. */
export const definitionIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
  start: z.number().int().nullable(),
  end: z.number().int().nullable(),
});
export type DefinitionIssue = z.infer<typeof definitionIssueSchema>;

export const proceduresValidateInput = z.object({
  /** The procedure being edited (its own id is allowed in `run` steps only for cycles). */
  id: idSchema.optional(),
  definition: z.object(procedureFields),
});
export const proceduresValidateOutput = z.object({ issues: z.array(definitionIssueSchema) });

/** Parameter values of a run: by name; numbers as numbers or decimal text, months `YYYY-MM`. */
export const runParamsSchema = z.record(z.string().max(48), paramValue);

export const proceduresRunInput = z.object({
  id: idSchema,
  params: runParamsSchema.default({}),
  /** Report what would change; keep nothing. */
  dryRun: z.boolean().default(false),
});

export const stepLogSchema = z.object({
  /** Position: `2`, or `3.1` for the second step of the procedure run by step 4. */
  path: z.string(),
  type: z.enum(['copy', 'update', 'delete', 'aggregate', 'run', 'check']),
  title: z.string(),
  status: z.enum(['done', 'failed', 'stopped', 'skipped']),
  /** Records the step read (matched). */
  rowsRead: z.number().int(),
  /** Records it wrote: added + changed + deleted. */
  rowsWritten: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  ms: z.number().int(),
  message: z.string().nullable(),
});
export type StepLog = z.infer<typeof stepLogSchema>;

export const runResultSchema = z.object({
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  ms: z.number().int(),
});
export type RunResult = z.infer<typeof runResultSchema>;

export const procedureRunSchema = z.object({
  id: z.string(),
  procedureId: z.string(),
  procedureName: z.string(),
  /** The action it was started from, if any. */
  actionId: z.string().nullable(),
  /** The change of records that started it, when it ran on a change (its trigger). */
  trigger: z
    .object({ objectId: z.string(), objectName: z.string(), records: z.number().int() })
    .nullable(),
  jobId: z.string(),
  status: z.enum(procedureRunStatuses),
  dryRun: z.boolean(),
  params: z.record(z.string(), z.unknown()),
  /** Steps done so far / in all (progress while running). */
  progress: z.number().min(0).max(1),
  log: z.array(stepLogSchema),
  result: runResultSchema.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ProcedureRun = z.infer<typeof procedureRunSchema>;

export const proceduresRunsInput = z.object({
  procedureId: idSchema.optional(),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(200).default(50),
});
export const proceduresRunsOutput = z.object({
  items: z.array(procedureRunSchema.omit({ log: true })),
  hasMore: z.boolean(),
});
export const proceduresGetRunInput = z.object({ id: idSchema });
export const proceduresCancelInput = z.object({ id: idSchema });

// ---- expressions in the editor ----------------------------------------------------------------

export const exprParamSchema = procedureParamSchema.pick({
  name: true,
  type: true,
  scale: true,
  objectId: true,
});

export const expressionsValidateInput = z.object({
  text: exprText,
  /** The object whose fields are in scope (none: parameters only). */
  objectId: idSchema.nullable().default(null),
  params: z
    .array(exprParamSchema.partial({ scale: true, objectId: true }))
    .max(30)
    .default([]),
  /** `condition`: the result must be true/false. */
  kind: z.enum(['value', 'condition']).default('value'),
  /** Where the value will be written: checked for fit. */
  target: z
    .object({ objectId: idSchema, field: z.string().min(1).max(128) })
    .nullable()
    .default(null),
});
export const expressionsValidateOutput = z.object({
  valid: z.boolean(),
  /** The result's kind (`int`, `dec`, `text`, `date`, `bool`, …), when valid. */
  type: z.string().nullable(),
  /** The result's kind in the user's language. */
  typeText: z.string().nullable(),
  issues: z.array(
    z.object({ start: z.number().int(), end: z.number().int(), message: z.string() }),
  ),
});

// ---- actions ---------------------------------------------------------------------------------

export const actionPlacements = ['toolbar', 'card'] as const;
export type ActionPlacement = (typeof actionPlacements)[number];
/** Icons an action's button may show (Tabler icon names). */
export const actionIcons = [
  'bolt',
  'player-play',
  'copy',
  'calculator',
  'refresh',
  'trash',
  'send',
  'check',
  'lock',
  'calendar',
  'chart-bar',
  'database',
  'file-export',
  'arrows-shuffle',
  'sum',
] as const;

export const actionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The name in other languages (a user of that language sees it; the name is the fallback). */
  names: nameTranslationsSchema.optional(),
  icon: z.enum(actionIcons),
  procedureId: z.string(),
  procedureName: z.string(),
  objectId: z.string(),
  objectName: z.string(),
  /** Where the button appears: the object's list toolbar, its record card. */
  placement: z.array(z.enum(actionPlacements)),
  /** On a record card: the parameter (of type record) that receives the card's record. */
  recordParam: z.string().nullable(),
  /** Parameter values fixed by the action. */
  preset: runParamsSchema,
  /** Parameters asked for when the button is pressed (with the procedure's defaults). */
  ask: z.array(z.string()),
  /** Asked before running ("Copy this scenario?"); empty: no question. */
  confirm: z.string(),
  /** The question in other languages (a user of the language is asked it, else `confirm`). */
  confirms: confirmTranslationsSchema.optional(),
  /** Roles that see the button and may run it. */
  roles: z.array(z.enum(roles)),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ActionDef = z.infer<typeof actionSchema>;

const actionFields = {
  name: z.string().trim().min(1).max(80),
  /** The name in other languages (a user of that language sees it; the name is the fallback). */
  names: nameTranslationsSchema.optional(),
  icon: z.enum(actionIcons).default('bolt'),
  procedureId: idSchema,
  objectId: idSchema,
  placement: z.array(z.enum(actionPlacements)).min(1).max(2).default(['toolbar']),
  recordParam: z.string().max(48).nullable().default(null),
  preset: runParamsSchema.default({}),
  ask: z.array(z.string().max(48)).max(30).default([]),
  confirm: z.string().max(500).default(''),
  /** The question in other languages (a user of the language is asked it, else `confirm`). */
  confirms: confirmTranslationsSchema.optional(),
  roles: z.array(z.enum(roles)).min(1).max(4).default(['owner', 'admin', 'editor']),
  position: z.number().int().min(0).max(1000).default(0),
};

export const actionsListInput = z.object({
  /** Only the actions of one object. */
  objectId: idSchema.optional(),
  /** Only the buttons the caller sees (their role), for toolbars and cards. */
  mine: z.boolean().default(false),
});
export const actionsListOutput = z.object({ items: z.array(actionSchema) });
export const actionsGetInput = z.object({ id: idSchema });
export const actionsCreateInput = z.object(actionFields);
export const actionsUpdateInput = z.object({
  id: idSchema,
  name: actionFields.name.optional(),
  /** The name in other languages (a user of that language sees it; the name is the fallback). */
  names: nameTranslationsSchema.optional(),
  icon: z.enum(actionIcons).optional(),
  procedureId: idSchema.optional(),
  objectId: idSchema.optional(),
  placement: z.array(z.enum(actionPlacements)).min(1).max(2).optional(),
  recordParam: z.string().max(48).nullable().optional(),
  preset: runParamsSchema.optional(),
  ask: z.array(z.string().max(48)).max(30).optional(),
  confirm: z.string().max(500).optional(),
  /** The question in other languages (a user of the language is asked it, else `confirm`). */
  confirms: confirmTranslationsSchema.optional(),
  roles: z.array(z.enum(roles)).min(1).max(4).optional(),
  position: z.number().int().min(0).max(1000).optional(),
});
export const actionsDeleteInput = z.object({ id: idSchema });
export const actionsRunInput = z.object({
  id: idSchema,
  /** The record of the card the button was pressed on. */
  recordId: z.number().int().positive().optional(),
  /** Values of the asked parameters. */
  params: runParamsSchema.default({}),
});
