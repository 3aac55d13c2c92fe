import { z } from 'zod';
import { filterNodeSchema, groupBySchema, orderBySchema } from '../view.js';
import { idSchema } from './fields.js';

export const viewColumnSchema = z.object({
  field: z.string().min(1).max(128),
  width: z.number().int().min(30).max(2000).optional(),
  hidden: z.boolean().optional(),
});

/** What a saved view keeps: the seed's filter/groupby/orderby plus columns, page size and search. */
export const viewDefinitionSchema = z.object({
  filter: filterNodeSchema,
  groupby: groupBySchema,
  orderby: orderBySchema,
  columns: z.array(viewColumnSchema).max(200).default([]),
  pageSize: z.number().int().min(1).max(1000).default(100),
  search: z.string().max(200).default(''),
});
export type ViewDefinition = z.infer<typeof viewDefinitionSchema>;

export const viewSchema = z.object({
  id: z.string(),
  objectId: z.string(),
  name: z.string(),
  shared: z.boolean(),
  ownerId: z.string(),
  isOwn: z.boolean(),
  definition: viewDefinitionSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof viewSchema>;

// views.list — personal views of the caller and shared views of the domain.
export const viewsListInput = z.object({ objectId: idSchema });
export const viewsListOutput = z.object({ items: z.array(viewSchema) });
// views.save — without id creates ("Save as"); with id updates (only the owner, or an
// admin/owner of the domain for shared views). Indexes follow the view's sorts and filters.
export const viewsSaveInput = z.object({
  id: idSchema.optional(),
  objectId: idSchema,
  name: z.string().trim().min(1).max(120),
  shared: z.boolean().optional().default(false),
  definition: viewDefinitionSchema,
});
export type ViewsSaveInput = z.input<typeof viewsSaveInput>;
// views.delete
export const viewsDeleteInput = z.object({ id: idSchema });
