import type { PlatformObject } from '@fiscus/contracts';
import {
  useFilterBuilderLabels,
  type FilterField,
  type FilterLabels,
} from '@/components/filter-builder';
import { choiceName, shownName } from '@/lib/names';

/** The fields the filter builder offers for a report's parameters. */
export function filterFieldsOf(meta: PlatformObject): FilterField[] {
  return meta.fields.map((f) => ({
    code: f.code,
    name: shownName(f),
    type: f.type,
    target: f.type === 'reference' ? f.options.target : undefined,
    choices: f.options.choices?.map((c) => ({ value: c.value, label: choiceName(c) })),
  }));
}

/** Texts of the shared filter builder, in the user's language. */
export function useFilterLabels(): FilterLabels {
  return useFilterBuilderLabels('reports');
}

export function formatBytes(n: number | null, locale: string): string {
  if (n === null) return '—';
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: u ? 1 : 0 }).format(v)} ${units[u]}`;
}

export function formatDuration(ms: number | null, locale: string): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${new Intl.NumberFormat(locale).format(ms)} ms`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(ms / 1000)} s`;
}
