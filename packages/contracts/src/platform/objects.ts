import { z } from 'zod';
import {
  codeSchema,
  descriptionTranslationsSchema,
  fieldSchema,
  idSchema,
  nameTranslationsSchema,
} from './fields.js';

export const objectKinds = ['table', 'reference', 'mounted'] as const;
/** Kinds an object may be created with or changed to; `mounted` objects are made by mounts. */
export const editableObjectKinds = ['table', 'reference'] as const;
export type ObjectKind = (typeof objectKinds)[number];

export const objectSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  kind: z.enum(objectKinds),
  description: z.string(),
  /** The description in other languages (a user of that language reads it, else `description`). */
  descriptions: descriptionTranslationsSchema.optional(),
  displayFieldId: z.string().nullable(),
  tableName: z.string(),
  fieldCount: z.number().int(),
  /** The name in other languages (the console shows the user's, else `name`). */
  names: nameTranslationsSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ObjectSummary = z.infer<typeof objectSummarySchema>;

export const objectSchema = objectSummarySchema.extend({ fields: z.array(fieldSchema) });
export type PlatformObject = z.infer<typeof objectSchema>;

const objectName = z.string().trim().min(1).max(120);
const description = z.string().max(2000);

// objects.list
export const objectsListInput = z.object({ kind: z.enum(objectKinds).optional() });
export const objectsListOutput = z.object({ items: z.array(objectSummarySchema) });
// objects.get
export const objectsGetInput = z.object({ id: idSchema });
// objects.create — creates the physical table (with a text field "Name" as display field
// unless `fields` are given).
export const objectsCreateInput = z.object({
  name: objectName,
  code: codeSchema.optional(),
  kind: z.enum(editableObjectKinds).default('table'),
  description: description.optional().default(''),
  /** The description in other languages (a user of that language reads it, else `description`). */
  descriptions: descriptionTranslationsSchema.optional(),
  names: nameTranslationsSchema.optional(),
});
export type ObjectsCreateInput = z.input<typeof objectsCreateInput>;
// objects.update
export const objectsUpdateInput = z.object({
  id: idSchema,
  name: objectName.optional(),
  code: codeSchema.optional(),
  kind: z.enum(editableObjectKinds).optional(),
  description: description.optional(),
  /** The description in other languages (a user of that language reads it, else `description`). */
  descriptions: descriptionTranslationsSchema.optional(),
  displayFieldId: idSchema.nullable().optional(),
  names: nameTranslationsSchema.optional(),
});
// objects.delete — drops the table; refused while reference fields of other objects point here.
export const objectsDeleteInput = z.object({ id: idSchema });
