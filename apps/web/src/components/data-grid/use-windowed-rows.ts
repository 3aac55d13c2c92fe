import { useCallback, useEffect, useRef, useState } from 'react';

type Page<R> =
  { state: 'loading' } | { state: 'loaded'; rows: R[] } | { state: 'error'; error: unknown };

export interface WindowedRows<R> {
  /** The row at an offset, or undefined while its window is not loaded. */
  rowAt: (offset: number) => R | undefined;
  /** True when the window holding this offset failed. */
  failedAt: (offset: number) => boolean;
  /** Ask for the windows covering [from, to] (inclusive offsets). */
  request: (from: number, to: number) => void;
  /** Forget a failed window and load it again. */
  retry: (offset: number) => void;
  /** Replace one row in the cache (after an inline edit). */
  patch: (offset: number, row: R) => void;
}

/**
 * Windows of rows fetched on demand: pages of `pageSize` cached (the most recent `maxPages`
 * kept), each page requested once, requests settled for `delay` ms so a fast scroll over a
 * million rows does not ask for every page it passes.
 */
export function useWindowedRows<R>(
  fetchWindow: (offset: number, limit: number) => Promise<R[]>,
  dataKey: string,
  pageSize = 100,
  maxPages = 40,
  delay = 40,
): WindowedRows<R> {
  const pages = useRef(new Map<number, Page<R>>());
  const keyRef = useRef(dataKey);
  const fetchRef = useRef(fetchWindow);
  fetchRef.current = fetchWindow;
  const [, setVersion] = useState(0);
  const bump = useCallback(() => setVersion((v) => v + 1), []);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const wanted = useRef<[number, number]>([0, -1]);

  if (keyRef.current !== dataKey) {
    keyRef.current = dataKey;
    pages.current = new Map();
  }

  const load = useCallback(
    (page: number) => {
      const key = keyRef.current;
      const map = pages.current;
      map.set(page, { state: 'loading' });
      fetchRef.current(page * pageSize, pageSize).then(
        (rows) => {
          if (keyRef.current !== key) return;
          map.delete(page);
          map.set(page, { state: 'loaded', rows });
          while (map.size > maxPages) {
            const oldest = map.keys().next().value as number;
            map.delete(oldest);
          }
          bump();
        },
        (error: unknown) => {
          if (keyRef.current !== key) return;
          map.set(page, { state: 'error', error });
          bump();
        },
      );
    },
    [bump, maxPages, pageSize],
  );

  const flush = useCallback(() => {
    timer.current = null;
    const [from, to] = wanted.current;
    for (let p = Math.floor(from / pageSize); p <= Math.floor(to / pageSize); p++) {
      const page = pages.current.get(p);
      if (!page) load(p);
      else if (page.state === 'loaded') {
        // Touch: keep the pages on screen the most recent.
        pages.current.delete(p);
        pages.current.set(p, page);
      }
    }
  }, [load, pageSize]);

  const request = useCallback(
    (from: number, to: number) => {
      if (to < from) return;
      const [pf, pt] = wanted.current;
      wanted.current = [from, to];
      const missing = (() => {
        for (let p = Math.floor(from / pageSize); p <= Math.floor(to / pageSize); p++) {
          if (!pages.current.has(p)) return true;
        }
        return false;
      })();
      if (!missing && pf === from && pt === to) return;
      if (timer.current) clearTimeout(timer.current);
      // The first window goes out at once; later ones wait until scrolling settles.
      if (pages.current.size === 0) flush();
      else timer.current = setTimeout(flush, delay);
    },
    [delay, flush, pageSize],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // A new query: fetch what the grid shows now.
  useEffect(() => {
    flush();
  }, [dataKey, flush]);

  return {
    rowAt: (offset) => {
      const page = pages.current.get(Math.floor(offset / pageSize));
      return page?.state === 'loaded' ? page.rows[offset % pageSize] : undefined;
    },
    failedAt: (offset) => pages.current.get(Math.floor(offset / pageSize))?.state === 'error',
    request,
    retry: (offset) => {
      load(Math.floor(offset / pageSize));
      bump();
    },
    patch: (offset, row) => {
      const page = pages.current.get(Math.floor(offset / pageSize));
      if (page?.state === 'loaded') {
        const rows = page.rows.slice();
        rows[offset % pageSize] = row;
        pages.current.set(Math.floor(offset / pageSize), { state: 'loaded', rows });
        bump();
      }
    },
  };
}
