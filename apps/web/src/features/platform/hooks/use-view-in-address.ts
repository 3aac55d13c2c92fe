import type { SavedView } from '@fiscus/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useOp } from '@/lib/qry';

/**
 * The saved view in the address (`?view=<id>`): applied once the views are known, so a reload
 * keeps it; switching or saving a view writes it there.
 */
export function useViewInAddress(
  objectId: string,
  viewId: string | null,
  applyView: (view: SavedView | null) => void,
) {
  const [params, setParams] = useSearchParams();
  const views = useOp('views.list', { objectId });
  const viewParam = params.get('view');
  useEffect(() => {
    if (!viewParam || viewId === viewParam || !views.data) return;
    const v = views.data.items.find((x) => x.id === viewParam);
    if (v) applyView(v);
  }, [viewParam, views.data, viewId, applyView]);
  const setViewParam = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set('view', id);
      else next.delete('view');
      return next;
    });
  return {
    switchView: (view: SavedView | null) => {
      applyView(view);
      setViewParam(view?.id ?? null);
    },
    setViewParam,
  };
}
