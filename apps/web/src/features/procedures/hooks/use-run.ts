import { useOp } from '@/lib/qry';
import { isRunActive } from '../lib/status';

/** How often a run that has not ended is asked for again (the event stream usually is faster). */
export const RUN_POLL_MS = 1500;

/** `procedures.getRun`, asked again while the run is queued or running. */
export function useRun(id: string | null) {
  return useOp(
    'procedures.getRun',
    { id: id ?? '' },
    {
      enabled: !!id,
      refetchInterval: (q) =>
        q.state.data && isRunActive(q.state.data.status) ? RUN_POLL_MS : false,
    },
  );
}
