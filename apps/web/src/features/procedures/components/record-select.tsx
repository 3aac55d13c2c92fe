import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PlatformObject, RecordRow } from '@fiscus/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useOp } from '@/lib/qry';

/** The text a record is known by: its display field, else `#id`. */
export function recordLabel(meta: PlatformObject | undefined, row: RecordRow): string {
  const display = meta?.fields.find((f) => f.id === meta.displayFieldId);
  const v = display ? row.values[display.code] : undefined;
  return v === null || v === undefined || v === '' ? `#${row.id}` : `${String(v)} (#${row.id})`;
}

/** Picks a live record of an object by its display text (searched on the server). */
export function RecordSelect({
  objectId,
  value,
  onChange,
  label,
  error,
  required,
  description,
  testId,
}: {
  objectId: string | null;
  value: number | null;
  onChange: (id: number | null) => void;
  label: string;
  error?: string | null;
  required?: boolean;
  description?: string;
  testId?: string;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const meta = useOp('objects.get', { id: objectId ?? '' }, { enabled: !!objectId });
  const rows = useOp(
    'records.list',
    { objectId: objectId ?? '', search: q.trim() || undefined, limit: 30 },
    { enabled: !!objectId, placeholderData: keepPreviousData },
  );
  const current = useOp(
    'records.get',
    { objectId: objectId ?? '', id: value ?? 1 },
    { enabled: !!objectId && value !== null },
  );
  const data = useMemo(() => {
    const seen = new Map<string, string>();
    if (current.data) seen.set(String(current.data.id), recordLabel(meta.data, current.data));
    for (const r of rows.data?.rows ?? []) seen.set(String(r.id), recordLabel(meta.data, r));
    return [...seen].map(([v, l]) => ({ value: v, label: l }));
  }, [rows.data, current.data, meta.data]);
  return (
    <Select
      label={label}
      description={description}
      required={required}
      error={error}
      searchable
      clearable
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      rightSection={rows.isFetching ? <Loader size={14} /> : undefined}
      nothingFoundMessage="—"
      data-testid={testId}
    />
  );
}
