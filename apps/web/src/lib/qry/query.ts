import type { OpInput, OpOutput } from '@fiscus/contracts';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { qry } from './client';
import { reads, writes, type ReadOpName, type ReadTarget, type WriteOpName } from './ops';

/** Cache key of a read: the op and its whole input (object keys in any order hash alike). */
export type OpKey<K extends ReadOpName> = readonly ['qry', K, OpInput<K>];

export function opKey<K extends ReadOpName>(op: K, input: OpInput<K>): OpKey<K> {
  return ['qry', op, input];
}

/** Key prefix of every cached answer a target names (TanStack matches input objects partially). */
function targetKey(target: ReadTarget): readonly unknown[] {
  return target.input === undefined ? ['qry', target.op] : ['qry', target.op, target.input];
}

/** Query options of a read: for `useQuery`, `useQueries`, `fetchQuery`, `prefetchQuery`. */
export function opQueryOptions<K extends ReadOpName>(op: K, input: OpInput<K>) {
  return queryOptions<OpOutput<K>, Error, OpOutput<K>, OpKey<K>>({
    queryKey: opKey(op, input),
    // A read whose screens all closed before its answer came is cancelled (TanStack Query
    // cancels a query that uses its signal when its last observer goes).
    queryFn: ({ signal }) => qry(op, input, { signal }),
    staleTime: reads[op].staleTime,
  });
}

export type UseOpOptions<K extends ReadOpName> = Omit<
  UseQueryOptions<OpOutput<K>, Error, OpOutput<K>, OpKey<K>>,
  'queryKey' | 'queryFn'
>;

/** A read op as a query: `useOp('objects.get', { id })`. Options: `enabled`, polling, … */
export function useOp<K extends ReadOpName>(
  op: K,
  input: OpInput<K>,
  options: UseOpOptions<K> = {},
) {
  return useQuery({ ...opQueryOptions(op, input), ...options });
}

export interface EffectOptions {
  /** Reads this call leaves alone (e.g. an inline edit keeps the grid's loaded windows). */
  keep?: readonly ReadOpName[];
}

/** Marks the targets' cached answers stale; the ones on screen are fetched again. */
export function invalidateReads(client: QueryClient, targets: readonly ReadTarget[]): void {
  for (const target of targets) void client.invalidateQueries({ queryKey: targetKey(target) });
}

/** What a successful write does to the cache, as declared in the ops table. */
export function applyOpEffects<K extends WriteOpName>(
  client: QueryClient,
  op: K,
  input: OpInput<K>,
  output: OpOutput<K>,
  options: EffectOptions = {},
): void {
  const effects = writes[op];
  if (effects.clearsCache) {
    client.clear();
    return;
  }
  for (const update of effects.updates?.(input, output) ?? [])
    client.setQueryData(opKey(update.op, update.input), update.data);
  const keep = new Set(options.keep ?? []);
  invalidateReads(
    client,
    (effects.invalidates?.(input, output) ?? []).filter((t) => !keep.has(t.op)),
  );
}

/** A write outside a hook (e.g. a grid's cell editor): the op, then its effects. */
export async function runOp<K extends WriteOpName>(
  client: QueryClient,
  op: K,
  input: OpInput<K>,
  options: EffectOptions = {},
): Promise<OpOutput<K>> {
  const output = await qry(op, input);
  applyOpEffects(client, op, input, output, options);
  return output;
}

export interface UseOpMutationOptions<K extends WriteOpName> extends EffectOptions {
  /** Runs before the table's effects (e.g. storing new tokens before the cache is cleared). */
  onSuccess?: (output: OpOutput<K>, input: OpInput<K>) => void;
}

/** A write op as a mutation: `useOpMutation('fields.update').mutate(input)`. */
export function useOpMutation<K extends WriteOpName>(op: K, options: UseOpMutationOptions<K> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OpInput<K>) => qry(op, input),
    onSuccess: (output, input) => {
      options.onSuccess?.(output, input);
      applyOpEffects(client, op, input, output, options);
    },
  });
}
