import { Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';

/** A table heading that sorts by its column: click to sort, again to reverse; `aria-sort` set. */
export function SortableTh<K extends string>({
  label,
  k,
  sortBy,
  sortDesc,
  onSort,
}: {
  label: string;
  k: K;
  /** The column sorted by now, if any. */
  sortBy: K | null;
  sortDesc: boolean;
  onSort: (k: K) => void;
}) {
  const active = sortBy === k;
  const Icon = !active ? IconSelector : sortDesc ? IconChevronDown : IconChevronUp;
  return (
    <Table.Th aria-sort={active ? (sortDesc ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort(k)}
        style={{ display: 'flex', alignItems: 'center', gap: 4, fontWeight: 600 }}
      >
        {label} <Icon size={14} />
      </UnstyledButton>
    </Table.Th>
  );
}
