import { Loader, MultiSelect, Select, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import type { FilterNode, PlatformObject, RecordRow } from '@fiscus/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newGroup, type ReferenceInputProps } from '@/components/filter-builder';
import { messageOf } from '@/lib/api-client';
import { useOp } from '@/lib/qry';
import { recordName } from '@/lib/names';

/** Records offered per search. */
const PAGE = 50;

/** The display field of an object (its chosen one, else the first field). */
export function displayFieldOf(meta: PlatformObject | undefined) {
  if (!meta) return undefined;
  return meta.fields.find((f) => f.id === meta.displayFieldId) ?? meta.fields[0];
}

/** A filter on record ids. */
export function idsFilter(ids: number[]): FilterNode {
  return { ...newGroup('ids'), conditions: [{ field: 'id', op: 'in', value: ids }] };
}

/** The server filtered already: the picker shows what it answered. */
const asAnswered: OptionsFilter = ({ options }) => options;

interface Option {
  value: string;
  label: string;
}

/**
 * The value of a filter condition on a reference field: a searchable picker of the target
 * object's records (the server searches as the user types), showing their display text.
 * Chosen ids are resolved to their text, so a saved filter reopens with names, not numbers.
 */
export function ReferencePicker({
  field,
  multiple,
  value,
  onChange,
  label,
  listsHost,
}: ReferenceInputProps & {
  /** Element the option list is rendered into (e.g. inside a popover); default: in place. */
  listsHost?: HTMLElement | null;
}) {
  const { t } = useTranslation('platform');
  const target = field.target ?? '';
  const targetMeta = useOp('objects.get', { id: target }, { enabled: !!target });
  const display = displayFieldOf(targetMeta.data);
  const ready = !!target && !!targetMeta.data;

  const ids = useMemo(
    () =>
      multiple ? (Array.isArray(value) ? value : []) : typeof value === 'number' ? [value] : [],
    [multiple, value],
  );
  const labelOf = (r: RecordRow) => {
    const v = display ? r.values[display.code] : undefined;
    // A catalog's record by its name in the user's language.
    return recordName(r, v === null || v === undefined || v === '' ? `#${r.id}` : String(v));
  };

  // Texts of the chosen records (also when they are not among the search results).
  const chosen = useOp(
    'records.list',
    {
      objectId: target,
      filter: idsFilter(ids),
      state: 'all',
      fields: display ? [display.code] : undefined,
      limit: Math.max(1, Math.min(ids.length, 1000)),
    },
    { enabled: ready && ids.length > 0 },
  );
  const chosenLabels = useMemo(() => {
    const m = new Map<number, string>();
    for (const r of chosen.data?.rows ?? []) m.set(r.id, labelOf(r));
    return m;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen.data, display?.code]);

  const [search, setSearch] = useState('');
  // A single picker shows the chosen text in its input: that is not a search.
  const selectedText = !multiple && ids[0] !== undefined ? chosenLabels.get(ids[0]) : undefined;
  const term = search.trim() && search !== selectedText ? search.trim() : '';
  const [debounced] = useDebouncedValue(term, 250);
  const options = useOp(
    'records.list',
    {
      objectId: target,
      search: debounced || undefined,
      fields: display ? [display.code] : undefined,
      orderby: display
        ? { isActive: true, sorts: [{ field: display.code, dir: 'asc' }] }
        : undefined,
      limit: PAGE,
    },
    // While the next search is on its way the list keeps the last answer: it does not empty
    // under the pointer between keystrokes (a click on a shown record always picks it).
    { enabled: ready, placeholderData: keepPreviousData },
  );

  const data = useMemo<Option[]>(() => {
    const out: Option[] = ids.map((id) => ({
      value: String(id),
      label: chosenLabels.get(id) ?? `#${id}`,
    }));
    const seen = new Set(out.map((o) => o.value));
    for (const r of options.data?.rows ?? []) {
      const v = String(r.id);
      if (!seen.has(v)) {
        seen.add(v);
        out.push({ value: v, label: labelOf(r) });
      }
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids, chosenLabels, options.data, display?.code]);

  const loading = targetMeta.isLoading || options.isFetching || chosen.isFetching;
  const error = targetMeta.isError
    ? messageOf(targetMeta.error)
    : options.isError
      ? messageOf(options.error)
      : undefined;
  const common = {
    size: 'xs' as const,
    'aria-label': label,
    placeholder: t('filter.searchRecords'),
    data,
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    filter: asAnswered,
    nothingFoundMessage: loading ? t('common:loading') : t('noMatches'),
    rightSection: loading ? <Loader size={12} /> : undefined,
    error,
    // Inside the filter popover: a list in a portal of the page would count as a click outside
    // it, so the list goes into the host the popover offers.
    comboboxProps: listsHost
      ? { withinPortal: true, portalProps: { target: listsHost }, hideDetached: false }
      : { withinPortal: false, hideDetached: false },
    'data-testid': 'reference-picker',
  };

  if (multiple) {
    return (
      <MultiSelect
        {...common}
        placeholder={ids.length ? undefined : common.placeholder}
        value={ids.map(String)}
        onChange={(v) => onChange(v.map(Number))}
        clearable
      />
    );
  }
  return (
    <Select
      {...common}
      value={ids[0] !== undefined ? String(ids[0]) : null}
      onChange={(v) => onChange(v === null ? undefined : Number(v))}
      clearable
    />
  );
}
