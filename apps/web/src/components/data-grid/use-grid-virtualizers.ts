import { elementScroll, observeElementOffset, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type RefObject } from 'react';
import type { GridColumn } from './types';
import { DEFAULT_WIDTH } from './use-columns';

/** Browsers cap an element's height (~33M px in Chromium); beyond this the scroll is scaled. */
const MAX_PHYSICAL_HEIGHT = 8_000_000;

/**
 * The row and column virtualizers of the grid. Rows taller in all than a browser allows are
 * scrolled through a scaled element: `shift` moves each row from its virtual to its physical
 * place.
 */
export function useGridVirtualizers<R>({
  scrollRef,
  count,
  rowHeight,
  overscan,
  columns,
  widthOf,
  leftPad,
}: {
  scrollRef: RefObject<HTMLDivElement | null>;
  count: number;
  rowHeight: number;
  overscan: number;
  columns: GridColumn<R>[];
  widthOf: (c: GridColumn<R>) => number;
  leftPad: number;
}) {
  const virtualHeight = count * rowHeight;
  const physicalHeight = Math.min(virtualHeight, MAX_PHYSICAL_HEIGHT);
  const scaleRef = useRef(1);
  const viewport = scrollRef.current?.clientHeight ?? 0;
  scaleRef.current =
    virtualHeight > MAX_PHYSICAL_HEIGHT && physicalHeight > viewport
      ? (virtualHeight - viewport) / (physicalHeight - viewport)
      : 1;

  const rowVirtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    observeElementOffset: (instance, cb) =>
      observeElementOffset(instance, (offset, isScrolling) =>
        cb(offset * scaleRef.current, isScrolling),
      ),
    scrollToFn: (offset, options, instance) =>
      elementScroll(offset / scaleRef.current, options, instance),
  });
  const colVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => {
      const c = columns[i];
      return c ? widthOf(c) : DEFAULT_WIDTH;
    },
    paddingStart: leftPad,
    overscan: 2,
  });
  const widthsKey = columns.map((c) => `${c.id}:${widthOf(c)}`).join('|');
  useEffect(() => {
    colVirtualizer.measure();
  }, [widthsKey, colVirtualizer]);

  const scrollOffset = rowVirtualizer.scrollOffset ?? 0;
  return {
    rowVirtualizer,
    colVirtualizer,
    physicalHeight,
    viewport,
    shift: scrollOffset / scaleRef.current - scrollOffset,
  };
}
