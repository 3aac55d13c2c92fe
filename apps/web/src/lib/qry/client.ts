import type { OpInput, OpOutput, PlatformOpName, QryAnswer } from '@fiscus/contracts';
import { api } from '@/lib/api-client';

/**
 * One typed command of `POST /api/qry`: `{ op, ...input }` → `data`. With `signal`, a read nobody
 * waits for any more (its screen closed) is not sent, or is abandoned on its way.
 */
export async function qry<K extends PlatformOpName>(
  op: K,
  input: OpInput<K>,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OpOutput<K>> {
  const res = await api.post<QryAnswer<OpOutput<K>>>(
    '/api/qry',
    { op, ...(input as object) },
    { signal },
  );
  return res.data.data;
}
