import type { OpInput, OpOutput, PlatformOpName, QryAnswer } from '@fiscus/contracts';
import { api } from '@/lib/api-client';

/** One typed command of `POST /api/qry`: `{ op, ...input }` → `data`. */
export async function qry<K extends PlatformOpName>(
  op: K,
  input: OpInput<K>,
): Promise<OpOutput<K>> {
  const res = await api.post<QryAnswer<OpOutput<K>>>('/api/qry', { op, ...(input as object) });
  return res.data.data;
}
