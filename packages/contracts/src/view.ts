import { z } from 'zod';

/** Filter tree, groupby and orderby shapes fixed by the seed (§3) — the defaults of every view. */
export const filterOperatorSchema = z.object({
  id: z.number().int(),
  sid: z.enum(['and', 'or']),
  name: z.enum(['AND', 'OR']),
});
export type FilterOperator = z.infer<typeof filterOperatorSchema>;

export const conditionSchema = z.object({
  field: z.string().min(1).max(128),
  op: z.string().min(1).max(32),
  value: z.unknown().optional(),
});
export type Condition = z.infer<typeof conditionSchema>;

export interface FilterNode {
  isactive: boolean;
  isexpanded: boolean;
  name: string;
  operator: FilterOperator;
  children: FilterNode[];
  conditions: Condition[];
}

export const filterNodeSchema: z.ZodType<FilterNode> = z.lazy(() =>
  z.object({
    isactive: z.boolean(),
    isexpanded: z.boolean(),
    name: z.string().max(200),
    operator: filterOperatorSchema,
    children: z.array(filterNodeSchema).max(50),
    conditions: z.array(conditionSchema).max(100),
  }),
);

export const AND: FilterOperator = { id: 1, sid: 'and', name: 'AND' };
export const OR: FilterOperator = { id: 2, sid: 'or', name: 'OR' };

export function defaultFilter(): FilterNode {
  return {
    isactive: false,
    isexpanded: true,
    name: 'root',
    operator: { ...AND },
    children: [],
    conditions: [],
  };
}

export const groupSchema = z.object({
  field: z.string().min(1).max(128),
  aggregates: z
    .array(
      z.object({
        field: z.string().min(1).max(128),
        fn: z.enum(['sum', 'count', 'avg', 'min', 'max']),
      }),
    )
    .max(20)
    .optional(),
});
export const groupBySchema = z.object({
  isActive: z.boolean(),
  groups: z.array(groupSchema).max(5),
});
export type GroupBy = z.infer<typeof groupBySchema>;
export function defaultGroupBy(): GroupBy {
  return { isActive: false, groups: [] };
}

export const sortSchema = z.object({
  field: z.string().min(1).max(128),
  dir: z.enum(['asc', 'desc']),
});
export const orderBySchema = z.object({
  isActive: z.boolean(),
  sorts: z.array(sortSchema).max(10),
});
export type OrderBy = z.infer<typeof orderBySchema>;
export function defaultOrderBy(): OrderBy {
  return { isActive: false, sorts: [] };
}
