import { useMemo, useRef } from 'react';
import type { RowActions } from './grid-row';

/** Rows get one stable object of callbacks that always calls the latest closures. */
export function useStableActions<R>(current: RowActions<R>): RowActions<R> {
  const latest = useRef(current);
  latest.current = current;
  return useMemo<RowActions<R>>(() => {
    const call = () => latest.current;
    return {
      activate: (index, col) => call().activate(index, col),
      retry: (offset) => call().retry(offset),
      toggleSelected: (row) => call().toggleSelected(row),
      open: (row, offset) => call().open(row, offset),
      editText: (text) => call().editText(text),
      leaveEditor: () => call().leaveEditor(),
      editorKey: (e) => call().editorKey(e),
    };
  }, []);
}

/** While the count is pending: the loaded first page tells whether there is more. */
export function estimateLoaded<R>(
  rowAt: (offset: number) => R | undefined,
  pageSize: number,
): number {
  let n = 0;
  while (n < pageSize && rowAt(n) !== undefined) n++;
  return n < pageSize ? n : pageSize * 2;
}
