import { sql } from 'kysely';
import { foldCase, type Db } from '../../db/dialect.js';
import { displayFieldOf, findField, type FieldMeta, type ObjectMeta } from '../../platform/meta.js';

/**
 * What an exported file holds, read back: choices by their label (in any language) or value and references by
 * the display text of their record — so an export imports again as it is. Matching folds case
 * and surrounding spaces; a value matches before a label.
 */

/** The choice a cell names (its value or its label), or undefined. */
export type ChoiceMatcher = (text: string) => string | undefined;

export function choiceMatcher(field: FieldMeta): ChoiceMatcher | undefined {
  const choices = field.options.choices;
  if (!choices?.length) return undefined;
  const byText = new Map<string, string>();
  const exact = new Set(choices.map((c) => c.value));
  // Labels first, so that a value another choice uses as its label still names its own choice.
  for (const c of choices) {
    const key = c.label ? foldCase(c.label.trim()) : '';
    if (key && !byText.has(key)) byText.set(key, c.value);
  }
  // Then the labels in other languages (an export in Russian holds the Russian labels).
  for (const c of choices)
    for (const label of Object.values(c.labels ?? {})) {
      const key = label ? foldCase(label.trim()) : '';
      if (key && !byText.has(key)) byText.set(key, c.value);
    }
  for (const c of choices) byText.set(foldCase(c.value.trim()), c.value);
  return (text) => {
    if (exact.has(text)) return text;
    return byText.get(foldCase(text.trim()));
  };
}

/** A select cell as the value parser expects it: the choice's value where the cell names one. */
export function selectCell(match: ChoiceMatcher, raw: string): string {
  return match(raw) ?? raw;
}

/**
 * A multiselect cell: the whole cell when it names one choice, else its parts split on `;` or
 * `,` (exports join labels with `, `), each part by its value or label.
 */
export function multiselectCell(match: ChoiceMatcher, raw: string): string[] | null {
  const s = raw.trim();
  if (s === '') return null;
  const whole = match(s);
  if (whole !== undefined) return [whole];
  return s.split(/\s*[;,]\s*/).map((p) => match(p) ?? p);
}

/** How a reference cell's text resolved: one record, several, or none shown that way. */
export type RefMatch = { id: number } | { ambiguous: number } | { none: true };

const IN_CHUNK = 400;
const CACHE_MAX = 50_000;

/**
 * Resolves reference cells by the display text of the target's records (live ones), in
 * batches: `prepare` looks up every text of a batch of rows not yet known with a few `IN`
 * queries, `match` then answers from memory.
 */
export class ReferenceResolver {
  private readonly known = new Map<string, RefMatch>();
  private readonly display: FieldMeta | undefined;

  constructor(
    private readonly db: Db,
    private readonly target: ObjectMeta,
    field: FieldMeta,
  ) {
    this.display =
      (field.options.displayField ? findField(target, field.options.displayField) : undefined) ??
      displayFieldOf(target);
  }

  async prepare(texts: Iterable<string>): Promise<void> {
    if (!this.display) return;
    const wanted = new Set<string>();
    for (const t of texts) {
      const key = foldCase(t.trim());
      if (key && !this.known.has(key)) wanted.add(key);
    }
    if (!wanted.size) return;
    if (this.known.size + wanted.size > CACHE_MAX) this.known.clear();
    const col = sql.id(this.display.column);
    const folded =
      this.db.dialect === 'postgres'
        ? sql`lower(cast(${col} as text))`
        : sql`fold(cast(${col} as text))`;
    const list = [...wanted];
    for (let i = 0; i < list.length; i += IN_CHUNK) {
      const chunk = list.slice(i, i + IN_CHUNK);
      const { rows } = await sql<{ f: string; id: number | string; n: number | string }>`
        select ${folded} as f, min(id) as id, count(*) as n from ${sql.id(this.target.table)}
        where deleted_at is null and ${folded} in (${sql.join(chunk)}) group by ${folded}`.execute(
        this.db.kysely,
      );
      for (const r of rows) {
        const n = Number(r.n);
        this.known.set(String(r.f), n === 1 ? { id: Number(r.id) } : { ambiguous: n });
      }
      for (const key of chunk) if (!this.known.has(key)) this.known.set(key, { none: true });
    }
  }

  /** After `prepare` saw the text. */
  match(text: string): RefMatch {
    return this.known.get(foldCase(text.trim())) ?? { none: true };
  }
}
