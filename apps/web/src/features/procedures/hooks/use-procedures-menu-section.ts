import { useMemo } from 'react';
import { ability } from '@/lib/ability';
import { useOp } from '@/lib/qry';
import { useSession } from '@/lib/session';
import { shownName } from '@/lib/names';

/** Address of one procedure on the procedures screen (opens it). */
export const procedurePath = (id: string) =>
  `/fiscus/procedures?procedure=${encodeURIComponent(id)}`;

/** The PROCEDURES menu section: the domain's procedures by name. */
export function useProceduresMenuSection(): { items: { id: string; title: string; to: string }[] } {
  const domainId = useSession((s) => s.session?.domain.id);
  const list = useOp(
    'procedures.list',
    {},
    { enabled: !!domainId && ability.can('read', 'Procedure') },
  );
  const items = useMemo(
    () =>
      (list.data?.items ?? [])
        .slice(0, 30)
        .map((p) => ({ id: p.id, title: shownName(p), to: procedurePath(p.id) })),
    [list.data],
  );
  return { items };
}
