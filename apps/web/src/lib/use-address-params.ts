import { useCallback, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The address's query (`?…`) with changes that build on the last change asked for.
 *
 * React Router's own functional `setSearchParams` hands its updater the query of the last
 * render: a second change asked before the first has been rendered (a quick second click, a
 * search written after a pause while the screen is still busy) would start from the old query
 * and undo the first. Here each change starts from the newest query asked for; once the address
 * shows it, or changes from outside (back and forward, a link), it starts from the address again.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const shown = params.toString();
  /** The query last rendered and the ones asked for since, oldest first. */
  const state = useRef({ shown, asked: [] as string[] });
  if (state.current.shown !== shown) {
    const reached = state.current.asked.indexOf(shown);
    state.current = { shown, asked: reached >= 0 ? state.current.asked.slice(reached + 1) : [] };
  }

  const change = useCallback(
    (update: (prev: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const s = state.current;
      const base = s.asked.at(-1) ?? s.shown;
      const next = update(new URLSearchParams(base)).toString();
      if (next !== base) s.asked.push(next);
      setParams(new URLSearchParams(next), options);
    },
    [setParams],
  );
  return [params, change] as const;
}
