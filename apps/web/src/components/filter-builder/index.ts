export { FilterBuilder, type FilterLabels, type ReferenceInputProps } from './filter-builder';
export { countConditions, newGroup, pruneFilter, type FilterField } from './ops';
export { useFilterBuilderLabels } from './use-filter-labels';
