import type { Job, OpInput } from '@fiscus/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { platformKeys } from './keys';
import { qry } from '@/lib/qry';

/** `records.export` — starts an export job of a view. */
export const recordsExport = (input: OpInput<'records.export'>) => qry('records.export', input);

export function useStartExport() {
  return useMutation({ mutationFn: recordsExport });
}

export const isJobDone = (job: Pick<Job, 'status'> | undefined) =>
  !!job && (job.status === 'succeeded' || job.status === 'failed' || job.status === 'cancelled');

/** `exports.get`, polled every half second until the job is finished. */
export function useExportJob(id: string | null, intervalMs = 500) {
  return useQuery({
    queryKey: platformKeys.exportJob(id ?? ''),
    queryFn: () => qry('exports.get', { id: id ?? '' }),
    enabled: !!id,
    refetchInterval: (query) => (isJobDone(query.state.data) ? false : intervalMs),
    refetchIntervalInBackground: true,
    retry: 2,
    gcTime: 0,
  });
}
