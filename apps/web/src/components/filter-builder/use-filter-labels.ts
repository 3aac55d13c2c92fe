import { filterOps, type FilterOp } from '@fiscus/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterLabels } from './filter-builder';

/**
 * Texts of the filter builder in the user's language, from a feature's namespace: each feature
 * that shows the builder carries the same `filter.*`, `ops.*`, `yes` and `no` keys.
 */
export function useFilterBuilderLabels(namespace: string): FilterLabels {
  const { t } = useTranslation(namespace);
  return useMemo(
    () => ({
      and: t('filter.and'),
      or: t('filter.or'),
      active: t('filter.active'),
      addCondition: t('filter.addCondition'),
      addGroup: t('filter.addGroup'),
      removeCondition: t('filter.removeCondition'),
      removeGroup: t('filter.removeGroup'),
      expand: t('filter.expand'),
      collapse: t('filter.collapse'),
      field: t('filter.field'),
      operator: t('filter.operator'),
      value: t('filter.value'),
      from: t('filter.from'),
      to: t('filter.to'),
      days: t('filter.days'),
      yes: t('yes'),
      no: t('no'),
      noConditions: t('filter.noConditions'),
      notANumber: t('filter.notANumber'),
      groupName: (n: number) => t('filter.groupName', { n }),
      ops: Object.fromEntries(filterOps.map((op) => [op, t(`ops.${op}`)])) as Record<
        FilterOp,
        string
      >,
    }),
    [t],
  );
}
