export {
  FilterBuilder,
  type FilterBuilderProps,
  type FilterLabels,
  type ReferenceInputProps,
} from './filter-builder';
export {
  countConditions,
  isComplete,
  newGroup,
  opsForType,
  pruneFilter,
  valueShape,
  type FilterField,
} from './ops';
