import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ability } from '@/lib/ability';
import { useSession } from '@/lib/session';
import { objectPath, tablePath } from '../lib/paths';
import { useOp } from '@/lib/qry';
import { shownName } from '@/lib/names';

export interface DynamicMenuItem {
  id: string;
  /** Plain text (an object's name, a table's name): not an i18n key. */
  title: string;
  to: string;
}

export interface DynamicMenuSection {
  id: 'objects' | 'catalogs' | 'mounts' | 'tables';
  /** Heading, already translated. */
  title: string;
  items: DynamicMenuItem[];
}

/**
 * The menu sections built from the domain's metadata: OBJECTS (objects of kind table),
 * CATALOGS (kind reference) and MOUNTS (kind mounted), linking to each object's list screen,
 * and DATA TABLES (the physical tables, by their object's name), linking to the table on the
 * DATA TABLES screen. Empty until a session is known.
 */
export function useDynamicMenu(): { sections: DynamicMenuSection[]; isLoading: boolean } {
  // Headings come from the core `menu` namespace, loaded with the shell (no suspense here).
  const { t, i18n } = useTranslation('menu');
  const lang = i18n.language;
  const domainId = useSession((s) => s.session?.domain.id);
  const canObjects = !!domainId && ability.can('read', 'Object');
  const canTables = !!domainId && ability.can('read', 'Table');
  const objects = useOp('objects.list', {}, { enabled: canObjects });
  const tables = useOp('tables.list', {}, { enabled: canTables });
  const sections = useMemo<DynamicMenuSection[]>(() => {
    const items = objects.data?.items ?? [];
    const byName = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title);
    return [
      {
        id: 'objects' as const,
        title: t('objectsHeading'),
        items: items
          .filter((o) => o.kind === 'table')
          .map((o) => ({ id: o.id, title: shownName(o, lang), to: objectPath(o.id) }))
          .sort(byName),
      },
      {
        id: 'catalogs' as const,
        title: t('catalogsHeading'),
        items: items
          .filter((o) => o.kind === 'reference')
          .map((o) => ({ id: o.id, title: shownName(o, lang), to: objectPath(o.id) }))
          .sort(byName),
      },
      {
        id: 'mounts' as const,
        title: t('mountsHeading'),
        items: items
          .filter((o) => o.kind === 'mounted')
          .map((o) => ({ id: o.id, title: shownName(o, lang), to: objectPath(o.id) }))
          .sort(byName),
      },
      {
        id: 'tables' as const,
        title: t('dataTablesHeading'),
        // A table by the name of its object; it opens on the DATA TABLES screen.
        items: (tables.data?.items ?? [])
          .map((x) => {
            const o = items.find((i) => i.id === x.objectId);
            return {
              id: x.tableName,
              title: o ? shownName(o, lang) : x.objectName,
              to: tablePath(x.tableName),
            };
          })
          .sort(byName),
      },
    ].filter((s) => s.items.length > 0);
  }, [objects.data, tables.data, t, lang]);
  return { sections, isLoading: objects.isLoading || tables.isLoading };
}
