import { useMemo } from 'react';
import { ability } from '@/lib/ability';
import { useObjectNameOf } from '@/lib/entity-names';
import { useSession } from '@/lib/session';
import { useImports } from '../api/imports';

export interface ImportsMenuItem {
  id: string;
  /** Plain text: the object's name. */
  title: string;
  to: string;
}

/** Address of the imports screen showing the imports into one object. */
export const importsOfObjectPath = (objectId: string) =>
  `/fiscus/imports?object=${encodeURIComponent(objectId)}`;

/** How many recent imports the section looks at for the objects they went into. */
const RECENT = 100;

/**
 * The IMPORTS menu section: the objects the domain imports into (those of the recent imports
 * that ran), by name, each opening the imports screen on that object's imports. Single files,
 * drafts and failures stay on the imports screen.
 */
export function useImportsMenuSection(): { items: ImportsMenuItem[]; isLoading: boolean } {
  const domainId = useSession((s) => s.session?.domain.id);
  const enabled = !!domainId && ability.can('read', 'Import');
  const list = useImports({ offset: 0, limit: RECENT }, { enabled });
  const objectNameOf = useObjectNameOf(enabled);
  const items = useMemo(() => {
    const seen = new Map<string, ImportsMenuItem>();
    for (const i of list.data?.items ?? [])
      if (i.status !== 'draft' && !seen.has(i.objectId))
        seen.set(i.objectId, {
          id: i.objectId,
          title: objectNameOf(i.objectId, i.objectName),
          to: importsOfObjectPath(i.objectId),
        });
    return [...seen.values()].sort((a, b) => a.title.localeCompare(b.title));
  }, [list.data, objectNameOf]);
  return { items, isLoading: list.isLoading };
}
