import { useMemo } from 'react';
import { useObjectNameOf, useProcedureNameOf, useReportNameOf } from '@/lib/entity-names';
import type { EventNames } from '../lib/describe';

/**
 * The names events show (their object, procedure, report) in the user's language, from the
 * entities' lists; live events arriving later resolve the same way.
 */
export function useEventNames(): EventNames {
  const object = useObjectNameOf();
  const procedure = useProcedureNameOf();
  const report = useReportNameOf();
  return useMemo(() => ({ object, procedure, report }), [object, procedure, report]);
}
