import type { RibbonEvent } from '@fiscus/contracts';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ability } from '@/lib/ability';
import { useObjectNameOf, useProcedureNameOf, useReportNameOf } from '@/lib/entity-names';
import { shownName } from '@/lib/names';
import { opQueryOptions } from '@/lib/qry';
import type { EventNames } from '../lib/describe';

/** The objects whose changed fields the events name (record changes listing their fields). */
function objectsWithFields(events: readonly RibbonEvent[]): string[] {
  const ids = new Set<string>();
  for (const e of events)
    if (e.kind === 'record.updated' && e.objectId && Array.isArray(e.data.fields))
      ids.add(e.objectId);
  return [...ids];
}

/**
 * The names events show (their object, procedure, report, the fields a change touched) in the
 * user's language, from the entities' lists and the objects' definitions (one read per object
 * whose fields are named); live events arriving later resolve the same way. A name no longer
 * found (a field deleted or renamed since) is shown as the event carries it.
 */
export function useEventNames(events: readonly RibbonEvent[] = []): EventNames {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const object = useObjectNameOf();
  const procedure = useProcedureNameOf();
  const report = useReportNameOf();
  const ids = objectsWithFields(events);
  const metas = useQueries({
    queries: ids.map((id) => ({
      ...opQueryOptions('objects.get', { id }),
      enabled: ability.can('read', 'Object'),
    })),
  });
  const loaded = metas.map((m) => m.dataUpdatedAt).join();
  const byObject = useMemo(() => {
    const out = new Map<string, Map<string, string>>();
    for (const m of metas)
      if (m.data)
        out.set(m.data.id, new Map(m.data.fields.map((f) => [f.name, shownName(f, lang)])));
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the reads' data, by when it came
  }, [loaded, lang]);
  const field = useCallback(
    (objectId: string | null | undefined, name: string) =>
      (objectId && byObject.get(objectId)?.get(name)) || name,
    [byObject],
  );
  return useMemo(() => ({ object, procedure, report, field }), [object, procedure, report, field]);
}
