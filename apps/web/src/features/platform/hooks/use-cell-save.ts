import type { RecordRow } from '@fiscus/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { GridColumn } from '@/components/data-grid';
import { errorOf, messageOf } from '@/lib/api-client';
import { runOp } from '@/lib/qry';

/** Saves a cell edited in the grid; a refusal becomes the message shown under the cell. */
export function useCellSave(objectId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (row: RecordRow, column: GridColumn<RecordRow>, value: unknown) => {
      try {
        // The grid patches the row in place: its loaded windows stay.
        return await runOp(
          queryClient,
          'records.update',
          {
            objectId,
            id: row.id,
            values: { [column.id]: value as string | number | boolean | null },
          },
          { keep: ['records.list', 'records.count', 'records.groups'] },
        ).then((saved) => {
          // Other objects' lookups and rollups may read this record: their reads are stale.
          void queryClient.invalidateQueries({
            predicate: (q) =>
              q.queryKey[0] === 'qry' &&
              String(q.queryKey[1]).startsWith('records.') &&
              (q.queryKey[2] as { objectId?: string } | undefined)?.objectId !== objectId,
          });
          return saved;
        });
      } catch (err) {
        const env = errorOf(err);
        throw new Error(
          env?.fields?.[column.id]?.[0] ??
            env?.fields?.[`values.${column.id}`]?.[0] ??
            messageOf(err),
        );
      }
    },
    [objectId, queryClient],
  );
}
