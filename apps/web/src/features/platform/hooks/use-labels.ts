import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridLabels } from '@/components/data-grid';
import { useFilterBuilderLabels, type FilterLabels } from '@/components/filter-builder';

/** Texts of the shared grid, in the user's language. */
export function useGridLabels(): GridLabels {
  const { t, i18n } = useTranslation('platform');
  return useMemo(
    () => ({
      selectRow: t('grid.selectRow'),
      selectAll: t('grid.selectAll'),
      loading: t('common:loading'),
      empty: t('grid.empty'),
      error: t('grid.error'),
      retry: t('common:retry'),
      resizeColumn: t('grid.resizeColumn'),
      sortHint: t('grid.sortHint'),
      expandGroup: t('grid.expandGroup'),
      collapseGroup: t('grid.collapseGroup'),
      yes: t('yes'),
      no: t('no'),
      rowsCount: (count: number) =>
        t('grid.rowsCount', { count, formatted: count.toLocaleString(i18n.language) }),
    }),
    [t, i18n.language],
  );
}

/** Texts of the shared filter builder, in the user's language. */
export function useFilterLabels(): FilterLabels {
  return useFilterBuilderLabels('platform');
}
