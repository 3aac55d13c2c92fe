import type { Import, OpInput } from '@fiscus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isActive } from '../lib/status';
import { importsKeys } from './keys';
import { qry } from '@/lib/qry';

/** How often running imports are asked for their progress (ms). */
export const POLL_MS = 1000;

/** `imports.list`; polls while any listed import is queued or running. */
export function useImports(input: OpInput<'imports.list'>, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: importsKeys.list(input),
    queryFn: () => qry('imports.list', input),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((i) => isActive(i.status)) ? POLL_MS : false),
  });
}

/** `imports.get`; polls while the import is queued or running. */
export function useImport(id: string | null) {
  return useQuery({
    queryKey: importsKeys.one(id ?? ''),
    queryFn: () => qry('imports.get', { id: id! }),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data && isActive(q.state.data.status) ? POLL_MS : false),
  });
}

/** `imports.preview` with the given reading settings. */
export function usePreview(
  id: string | null,
  settings: OpInput<'imports.preview'>['settings'],
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: importsKeys.preview(id ?? '', settings),
    queryFn: () => qry('imports.preview', { id: id!, settings, limit: 20 }),
    enabled: !!id && (options.enabled ?? true),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** `imports.log`, one page. */
export function useImportLog(id: string | null, offset: number, limit: number) {
  return useQuery({
    queryKey: importsKeys.log(id ?? '', offset, limit),
    queryFn: () => qry('imports.log', { id: id!, offset, limit }),
    enabled: !!id,
    placeholderData: keepPreviousData,
  });
}

/** Objects an import can write to (with their fields, for the mapping). */
export function useTargetObjects() {
  return useQuery({
    queryKey: importsKeys.objects(),
    queryFn: () => qry('objects.list', {}),
    staleTime: 30_000,
  });
}

export function useTargetObject(id: string | null) {
  return useQuery({
    queryKey: importsKeys.object(id ?? ''),
    queryFn: () => qry('objects.get', { id: id! }),
    enabled: !!id,
    staleTime: 30_000,
  });
}

/** Puts a changed import into the caches and refreshes the lists. */
function useStore() {
  const queryClient = useQueryClient();
  return (imp: Import) => {
    queryClient.setQueryData(importsKeys.one(imp.id), imp);
    void queryClient.invalidateQueries({ queryKey: importsKeys.lists() });
  };
}

export function useCreateImport() {
  const store = useStore();
  return useMutation({
    mutationFn: (input: OpInput<'imports.create'>) => qry('imports.create', input),
    onSuccess: store,
  });
}

export function useUpdateImport() {
  const store = useStore();
  return useMutation({
    mutationFn: (input: OpInput<'imports.update'>) => qry('imports.update', input),
    onSuccess: store,
  });
}

export function useRunImport() {
  const store = useStore();
  return useMutation({
    mutationFn: (input: OpInput<'imports.run'>) => qry('imports.run', input),
    onSuccess: store,
  });
}

export function useCancelImport() {
  const store = useStore();
  return useMutation({
    mutationFn: (input: OpInput<'imports.cancel'>) => qry('imports.cancel', input),
    onSuccess: store,
  });
}

export function useDeleteImports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OpInput<'imports.delete'>) => qry('imports.delete', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: importsKeys.all }),
  });
}

export function useImportLogFile() {
  return useMutation({
    mutationFn: (input: OpInput<'imports.logFile'>) => qry('imports.logFile', input),
  });
}
