import { useMemo } from 'react';
import { ability } from '@/lib/ability';
import { useOp } from '@/lib/qry';
import { useSession } from '@/lib/session';
import { cubePath } from '../lib/paths';
import { shownName } from '@/lib/names';

export interface CubesMenuItem {
  id: string;
  /** Plain text: the cube's name. */
  title: string;
  to: string;
}

/** The CUBES menu section: the domain's cubes by name, each opening its pivot. */
export function useCubesMenuSection(): { items: CubesMenuItem[]; isLoading: boolean } {
  const domainId = useSession((s) => s.session?.domain.id);
  const enabled = !!domainId && ability.can('read', 'Cube');
  const list = useOp('cubes.list', {}, { enabled });
  const items = useMemo(
    () =>
      (list.data?.items ?? [])
        .map((c) => ({ id: c.id, title: shownName(c), to: cubePath(c.id) }))
        .sort((a, b) => a.title.localeCompare(b.title)),
    [list.data],
  );
  return { items, isLoading: list.isLoading };
}
