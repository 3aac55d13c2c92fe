import { useMemo } from 'react';
import { ability } from '@/lib/ability';
import { useSession } from '@/lib/session';
import { useImports } from '../api/imports';

export interface ImportsMenuItem {
  id: string;
  /** Plain text: "file name (object)". */
  title: string;
  to: string;
}

/** Address of one import on the imports screen (opens it in the wizard). */
export const importPath = (id: string) => `/fiscus/imports?import=${encodeURIComponent(id)}`;

/** The IMPORTS menu section: the ten most recent imports of the domain. */
export function useImportsMenuSection(): { items: ImportsMenuItem[]; isLoading: boolean } {
  const domainId = useSession((s) => s.session?.domain.id);
  const enabled = !!domainId && ability.can('read', 'Import');
  const list = useImports({ offset: 0, limit: 10 }, { enabled });
  const items = useMemo(
    () =>
      (list.data?.items ?? []).map((i) => ({
        id: i.id,
        title: `${i.fileName} (${i.objectName})`,
        to: importPath(i.id),
      })),
    [list.data],
  );
  return { items, isLoading: list.isLoading };
}
