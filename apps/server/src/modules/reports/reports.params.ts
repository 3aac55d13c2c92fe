import type { Condition, FilterNode } from '@fiscus/contracts';
import type { OpContext } from '../../platform/context.js';
import {
  choiceText,
  findField,
  shownName,
  type FieldMeta,
  type ObjectMeta,
} from '../../platform/meta.js';
import { resolveLabels } from '../../platform/read.js';
import { reportsText } from './reports.messages.js';

/**
 * The parameters of a report as a person reads them — on every PDF page, in the XLSX heading
 * and in the list of runs: `Region = North and (Month from 2026-01-01 to 2026-03-31 or Qty > 5)`.
 * Fields by their names, choices by their labels, references by their display values.
 */

const SYMBOL: Record<string, string> = {
  eq: '=',
  neq: '≠',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
};

const WORDS = new Set([
  'between',
  'in',
  'not_in',
  'contains',
  'not_contains',
  'starts_with',
  'is_empty',
  'is_not_empty',
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'last_n_days',
]);

type WordOp =
  | 'between'
  | 'in'
  | 'not_in'
  | 'contains'
  | 'not_contains'
  | 'starts_with'
  | 'is_empty'
  | 'is_not_empty'
  | 'today'
  | 'yesterday'
  | 'this_week'
  | 'last_week'
  | 'this_month'
  | 'last_month'
  | 'this_year'
  | 'last_n_days';

function active(node: FilterNode | null | undefined): node is FilterNode {
  return !!node && node.isactive !== false;
}

function walk(node: FilterNode, visit: (c: Condition) => void, depth = 0): void {
  if (depth > 10) return;
  for (const c of node.conditions) visit(c);
  for (const ch of node.children) if (active(ch)) walk(ch, visit, depth + 1);
}

/** The text of a filter tree (empty string when it has no condition). */
export async function describeFilter(
  ctx: OpContext,
  meta: ObjectMeta,
  nodes: (FilterNode | null | undefined)[],
): Promise<string> {
  const { lang } = ctx;
  const roots = nodes.filter(active);
  // Display values of referenced records, one query per reference field.
  const refIds = new Map<FieldMeta, Set<number>>();
  for (const root of roots)
    walk(root, (c) => {
      const f = findField(meta, c.field);
      if (f?.type !== 'reference') return;
      const values = Array.isArray(c.value) ? c.value : [c.value];
      let set = refIds.get(f);
      if (!set) refIds.set(f, (set = new Set()));
      for (const v of values) if (typeof v === 'number' && Number.isSafeInteger(v)) set.add(v);
    });
  const labels = refIds.size
    ? await resolveLabels(
        ctx,
        [...refIds].map(([field, ids]) => ({ field, ids: [...ids] })),
      )
    : new Map<string, Map<number, string | null>>();

  const valueText = (f: FieldMeta | undefined, v: unknown): string => {
    if (v === null || v === undefined || v === '') return reportsText(lang, 'report.empty');
    if (!f) return String(v);
    switch (f.type) {
      case 'boolean':
        return reportsText(
          lang,
          v === true || v === 'true' || v === 1 ? 'report.yes' : 'report.no',
        );
      case 'select':
      case 'multiselect':
        return choiceText(lang, f, v);
      case 'reference':
        return labels.get(f.id)?.get(Number(v)) ?? `#${String(v)}`;
      default:
        return typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
  };

  const condition = (c: Condition): string => {
    const f = findField(meta, c.field);
    const field = f ? shownName(lang, f) : c.field;
    const list = (v: unknown) =>
      (Array.isArray(v) ? v : [v]).map((x) => valueText(f, x)).join(', ');
    const symbol = SYMBOL[c.op];
    if (symbol) return `${field} ${symbol} ${valueText(f, c.value)}`;
    if (!WORDS.has(c.op)) return `${field} ${c.op} ${list(c.value)}`;
    const op = c.op as WordOp;
    if (op === 'between') {
      const [from, to] = Array.isArray(c.value) ? c.value : [c.value, c.value];
      return reportsText(lang, 'report.op.between', {
        field,
        from: valueText(f, from),
        to: valueText(f, to),
      });
    }
    return reportsText(lang, `report.op.${op}`, {
      field,
      value: list(c.value),
      values: list(c.value),
    });
  };

  const node = (n: FilterNode, depth: number): string => {
    const parts = [
      ...n.conditions.map(condition),
      ...(depth < 10 ? n.children.filter(active).map((ch) => node(ch, depth + 1)) : []),
    ].filter((p) => p !== '');
    const joiner = ` ${reportsText(lang, n.operator.sid === 'or' ? 'report.or' : 'report.and')} `;
    if (parts.length <= 1) return parts[0] ?? '';
    const text = parts.join(joiner);
    return depth > 0 ? `(${text})` : text;
  };

  const texts = roots.map((r) => node(r, 0)).filter((t) => t !== '');
  if (texts.length <= 1) return texts[0] ?? '';
  return texts.map((t) => `(${t})`).join(` ${reportsText(lang, 'report.and')} `);
}
