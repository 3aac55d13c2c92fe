import type { NameTranslations } from '@fiscus/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ability } from './ability';
import { shownName } from './names';
import { useOp } from './qry';

/**
 * Another entity's name as the user sees it. Summaries name the object, procedure or cube they
 * point at by its default name (`objectName`, `procedureName`, `cubeName`: the API's contract);
 * a screen that shows such a name resolves it here, by id, from the entity's own list (cached,
 * and kept current by the lists' invalidation), so the name is the one of the user's language
 * wherever it appears — tables, cards, badges and the ribbon's live events alike. An id the
 * list does not hold (deleted since, or not readable by the user) shows the name it came with.
 */
export type NameOf = (id: string | null | undefined, fallback: string) => string;

function useResolver(
  items: readonly { id: string; name: string; names?: NameTranslations | null }[] | undefined,
): NameOf {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const byId = useMemo(() => new Map((items ?? []).map((x) => [x.id, x])), [items]);
  return useCallback(
    (id, fallback) => {
      const entity = id ? byId.get(id) : undefined;
      return entity ? shownName(entity, lang) : fallback;
    },
    [byId, lang],
  );
}

/** Objects' names in the user's language (`objectName` of actions, reports, cubes, imports…). */
export function useObjectNameOf(enabled = true): NameOf {
  const objects = useOp('objects.list', {}, { enabled: enabled && ability.can('read', 'Object') });
  return useResolver(objects.data?.items);
}

/** Procedures' names in the user's language (`procedureName` of actions and runs). */
export function useProcedureNameOf(enabled = true): NameOf {
  const list = useOp(
    'procedures.list',
    {},
    { enabled: enabled && ability.can('read', 'Procedure') },
  );
  return useResolver(list.data?.items);
}

/** Reports' names in the user's language (the ribbon's report events). */
export function useReportNameOf(enabled = true): NameOf {
  const list = useOp('reports.list', {}, { enabled: enabled && ability.can('read', 'Report') });
  return useResolver(list.data?.items);
}

/** Cubes' names in the user's language (`cubeName` of reports). */
export function useCubeNameOf(enabled = true): NameOf {
  const list = useOp('cubes.list', {}, { enabled: enabled && ability.can('read', 'Cube') });
  return useResolver(list.data?.items);
}
