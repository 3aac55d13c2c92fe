import { exprFunctions, type Field, type ProcedureParam } from '@fiscus/contracts';

/** A completion of the expression editor. */
export interface Completion {
  /** Shown in the list. */
  label: string;
  /** Written in place of the word being typed. */
  insert: string;
  kind: 'field' | 'param' | 'function';
  /** The field's name, the parameter's type, the function's arguments. */
  detail: string;
}

/** The word the caret is in: `@name`, `{Field name`, or a plain name, with where it starts. */
export function wordAt(text: string, caret: number): { start: number; word: string } | null {
  const before = text.slice(0, caret);
  const brace = /\{[^}]*$/.exec(before);
  if (brace) return { start: brace.index, word: brace[0] };
  const m = /@?[A-Za-z_][A-Za-z0-9_]*$|@$/.exec(before);
  if (!m) return null;
  // Not inside a text literal: an even number of quotes before the word.
  const quotes = (before.slice(0, m.index).match(/'/g) ?? []).length;
  if (quotes % 2 === 1) return null;
  return { start: m.index, word: m[0] };
}

/** Completions for the word typed: fields (by code or `{Name}`), `@parameters`, functions. */
export function completionsFor(
  word: string,
  fields: readonly Pick<Field, 'code' | 'name' | 'type'>[],
  params: readonly Pick<ProcedureParam, 'name' | 'type'>[],
  limit = 12,
): Completion[] {
  const lower = word.toLowerCase();
  const out: Completion[] = [];
  if (word.startsWith('@')) {
    const p = lower.slice(1);
    for (const x of params)
      if (x.name.toLowerCase().startsWith(p))
        out.push({ label: `@${x.name}`, insert: `@${x.name}`, kind: 'param', detail: x.type });
    return out.slice(0, limit);
  }
  if (word.startsWith('{')) {
    const p = lower.slice(1);
    for (const f of fields)
      if (f.name.toLowerCase().includes(p))
        out.push({ label: `{${f.name}}`, insert: `{${f.name}}`, kind: 'field', detail: f.type });
    return out.slice(0, limit);
  }
  for (const f of fields)
    if (f.code.toLowerCase().startsWith(lower) || f.name.toLowerCase().startsWith(lower))
      out.push({ label: f.code, insert: f.code, kind: 'field', detail: f.name });
  for (const fn of exprFunctions)
    if (fn.name.toLowerCase().startsWith(lower))
      out.push({
        label: `${fn.name}(${fn.args})`,
        insert: `${fn.name}(`,
        kind: 'function',
        detail: fn.group,
      });
  for (const x of params)
    if (x.name.toLowerCase().startsWith(lower))
      out.push({ label: `@${x.name}`, insert: `@${x.name}`, kind: 'param', detail: x.type });
  // A word that is already complete needs no list.
  if (out.length === 1 && out[0]!.insert === word) return [];
  return out.slice(0, limit);
}
