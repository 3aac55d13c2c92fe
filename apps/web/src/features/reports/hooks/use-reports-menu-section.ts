import { useMemo } from 'react';
import { ability } from '@/lib/ability';
import { useOp } from '@/lib/qry';
import { useSession } from '@/lib/session';
import { reportPath } from '../lib/paths';
import { shownName } from '@/lib/names';

/** The REPORTS menu section: the domain's reports by name, each opening its runs. */
export function useReportsMenuSection(): { items: { id: string; title: string; to: string }[] } {
  const domainId = useSession((s) => s.session?.domain.id);
  const enabled = !!domainId && ability.can('read', 'Report');
  const list = useOp('reports.list', {}, { enabled });
  const items = useMemo(
    () =>
      (list.data?.items ?? [])
        .map((r) => ({ id: r.id, title: shownName(r), to: reportPath(r.id) }))
        .sort((a, b) => a.title.localeCompare(b.title)),
    [list.data],
  );
  return { items };
}
