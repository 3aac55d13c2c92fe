import type { SavedView } from '@fiscus/contracts';
import { useEffect, useRef } from 'react';
import { useOp } from '@/lib/qry';
import { useAddressParams } from '@/lib/use-address-params';

/**
 * The saved view in the address (`?view=<id>`): applied once the views are known, so a reload
 * keeps it; switching or saving a view writes it there.
 *
 * The address's view is applied when the address names a new one (a link, back and forward,
 * a reload), and all records when it drops the one it named, not whenever the grid's view
 * differs from it: a switch shows in the grid one render before it shows in the address, and
 * taking the address then would undo the switch (All records chosen from a view opened by a
 * link went back to that view).
 */
export function useViewInAddress(
  objectId: string,
  viewId: string | null,
  applyView: (view: SavedView | null) => void,
) {
  const [params, setParams] = useAddressParams();
  const views = useOp('views.list', { objectId });
  const viewParam = params.get('view');
  /** The address's view last taken into the grid. */
  const taken = useRef<string | null>(null);
  useEffect(() => {
    if (!viewParam) {
      // The address dropped the view it had (back or forward to the bare list, a link to it):
      // the grid leaves the view too. Only then — while a switch to a view has not reached the
      // address yet, the address has had no view all along.
      if (taken.current !== null && viewId !== null) applyView(null);
      taken.current = null;
      return;
    }
    if (taken.current === viewParam) return;
    if (viewId === viewParam) {
      taken.current = viewParam;
      return;
    }
    const v = views.data?.items.find((x) => x.id === viewParam);
    if (!v) return;
    taken.current = viewParam;
    applyView(v);
  }, [viewParam, views.data, viewId, applyView]);
  const setViewParam = (id: string | null) =>
    setParams((p) => {
      if (id) p.set('view', id);
      else p.delete('view');
      return p;
    });
  return {
    switchView: (view: SavedView | null) => {
      applyView(view);
      setViewParam(view?.id ?? null);
    },
    setViewParam,
  };
}
