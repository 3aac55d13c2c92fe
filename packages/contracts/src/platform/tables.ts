import { z } from 'zod';

export const physicalTableSchema = z.object({
  objectId: z.string(),
  objectName: z.string(),
  kind: z.string(),
  tableName: z.string(),
  rows: z.number().int(),
  deletedRows: z.number().int(),
  /** Bytes on disk (table and its indexes) where the database reports it, else null. */
  sizeBytes: z.number().int().nullable(),
  columns: z.number().int(),
  indexes: z.array(z.string()),
});
export type PhysicalTable = z.infer<typeof physicalTableSchema>;

// tables.list — the physical tables behind the domain's objects.
export const tablesListInput = z.object({});
export const tablesListOutput = z.object({ items: z.array(physicalTableSchema) });
