import type { RibbonEvent } from '@fiscus/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
  const client = useQueryClient();
  // One query over the objects' definitions, each read through (and kept in) its own
  // `objects.get` entry; an object that cannot be read names no field.
  const metas = useQuery({
    queryKey: ['event-field-names', ids],
    queryFn: async () =>
      (
        await Promise.allSettled(
          ids.map((id) => client.ensureQueryData(opQueryOptions('objects.get', { id }))),
        )
      ).flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
    enabled: ids.length > 0 && ability.can('read', 'Object'),
  });
  const byObject = useMemo(() => {
    const out = new Map<string, Map<string, string>>();
    for (const m of metas.data ?? [])
      out.set(m.id, new Map(m.fields.map((f) => [f.name, shownName(f, lang)])));
    return out;
  }, [metas.data, lang]);
  const field = useCallback(
    (objectId: string | null | undefined, name: string) =>
      (objectId && byObject.get(objectId)?.get(name)) || name,
    [byObject],
  );
  return useMemo(() => ({ object, procedure, report, field }), [object, procedure, report, field]);
}
