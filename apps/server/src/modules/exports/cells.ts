/** How an exported column is written: text, number, boolean, date (YYYY-MM-DD) or datetime. */
export type CellKind = 'text' | 'number' | 'boolean' | 'date' | 'datetime';

/** One value of an exported row: text, number, boolean (dates travel as ISO text), or empty. */
export type Cell = string | number | boolean | null;

/** Turns a stored value into what a user sees (labels, names, numbers). */
export type Convert = (v: unknown) => Cell;

export interface SheetColumn {
  heading: string;
  kind: CellKind;
}

/**
 * Spreadsheet formula injection guard: a text cell that starts with `=`, `+`, `-`, `@`, tab or
 * carriage return is prefixed with `'` so spreadsheet programs show it as text instead of
 * evaluating it. Only text values; numbers (negative ones too) stay numbers.
 */
export function neutralise(s: string): string {
  switch (s.charCodeAt(0)) {
    case 61: // =
    case 43: // +
    case 45: // -
    case 64: // @
    case 9: // tab
    case 13: // CR
      return `'${s}`;
    default:
      return s;
  }
}
