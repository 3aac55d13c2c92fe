import { describe, expect, it } from 'vitest';

/**
 * Every namespace (core ones under src/locales and every feature's i18n folder) must be complete
 * in all five languages: each English key exists with a non-empty string, with the same
 * interpolation placeholders, and the languages with more plural forms have them.
 */
type Json = { [key: string]: unknown };

const files = import.meta.glob<Json>(
  ['../locales/*/*.json', '../features/*/i18n/*.json', '../features/demo/*/i18n/*.json'],
  { eager: true, import: 'default' },
);

const targets = ['de', 'fr', 'pt', 'ru'] as const;
/**
 * Plural suffixes (i18next, Intl.PluralRules) a language needs beyond `one`/`other` for everyday
 * counts (French and Portuguese `many` only applies to millions and falls back to `other`, lib/i18n.ts).
 */
const extraPlurals: Record<(typeof targets)[number], string[]> = {
  de: [],
  fr: [],
  pt: [],
  ru: ['few', 'many'],
};

/** namespace → language → content */
function collect(): Map<string, Map<string, Json>> {
  const out = new Map<string, Map<string, Json>>();
  for (const [file, content] of Object.entries(files)) {
    const core = /\/locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(file);
    const feature = /\/features\/(?:demo\/)?([\w-]+)\/i18n\/([a-z]{2})\.json$/.exec(file);
    const [ns, lng] = core ? [core[2]!, core[1]!] : feature ? [feature[1]!, feature[2]!] : [];
    if (!ns || !lng) continue;
    if (!out.has(ns)) out.set(ns, new Map());
    out.get(ns)!.set(lng, content);
  }
  return out;
}

/** Flattens nested objects and lists to dotted keys (`a.b`, `list.0`). */
function flatten(obj: Json, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (Array.isArray(v)) {
      // Lists (read with returnObjects) are compared item by item.
      v.forEach((item, i) => {
        if (item && typeof item === 'object') {
          for (const [kk, vv] of flatten(item as Json, `${key}.${i}`)) out.set(kk, vv);
        } else out.set(`${key}.${i}`, item);
      });
    } else if (v && typeof v === 'object') {
      for (const [kk, vv] of flatten(v as Json, key)) out.set(kk, vv);
    } else out.set(key, v);
  }
  return out;
}

function placeholders(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\{\{\s*-?\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)) found.add(m[1]!);
  for (const m of text.matchAll(/\$t\(([^)]+)\)/g)) found.add(`$t(${m[1]!})`);
  return [...found].sort();
}

/** Problems of one translation against English. */
function problems(en: Json, other: Json | undefined, lng: string): string[] {
  if (!other) return ['the file is missing'];
  const source = flatten(en);
  const target = flatten(other);
  const issues: string[] = [];
  const needs: [string, string][] = [];
  for (const [key, value] of source) {
    needs.push([key, key]);
    const plural = /^(.*)_other$/.exec(key);
    if (plural) {
      for (const form of extraPlurals[lng as keyof typeof extraPlurals] ?? []) {
        needs.push([`${plural[1]!}_${form}`, key]);
      }
    }
    if (typeof value !== 'string') issues.push(`${key}: English value is not a string`);
  }
  for (const [key, sourceKey] of needs) {
    const value = target.get(key);
    if (typeof value !== 'string' || value.trim() === '') {
      issues.push(`${key}: missing or empty`);
      continue;
    }
    const sourceValue = source.get(sourceKey);
    if (typeof sourceValue !== 'string') continue;
    const want = placeholders(sourceValue).filter(
      (p) => p !== 'count' || !/_(one|few|many)$/.test(key),
    );
    const have = placeholders(value).filter((p) => p !== 'count' || !/_(one|few|many)$/.test(key));
    if (want.join(',') !== have.join(',')) {
      issues.push(`${key}: placeholders ${JSON.stringify(have)} ≠ English ${JSON.stringify(want)}`);
    }
  }
  return issues;
}

const namespaces = collect();

describe('translations', () => {
  it('finds the core namespaces, the features’ and the demo areas’', () => {
    for (const ns of [
      'common',
      'menu',
      'errors',
      'misc',
      'platform',
      'imports',
      'invoice',
      'todo',
    ]) {
      expect(namespaces.get(ns)?.has('en'), ns).toBe(true);
    }
  });

  for (const [ns, byLanguage] of namespaces) {
    const en = byLanguage.get('en');
    if (!en) continue;
    for (const lng of targets) {
      it(`${ns} is complete in ${lng}`, () => {
        expect(problems(en, byLanguage.get(lng), lng)).toEqual([]);
      });
    }
  }

  it('reports missing keys, empty strings, short lists and placeholder mismatches', () => {
    const en = {
      a: 'Hello {{name}}',
      b: { c: 'Nested' },
      n_one: 'One',
      n_other: '{{count}} items',
      list: ['x', 'y'],
    };
    const ru = {
      a: 'Привет',
      b: { c: '' },
      n_one: 'Один',
      n_other: '{{count}} штук',
      list: ['икс'],
    };
    expect(problems(en, ru, 'ru')).toEqual([
      'a: placeholders [] ≠ English ["name"]',
      'b.c: missing or empty',
      'n_few: missing or empty',
      'n_many: missing or empty',
      'list.1: missing or empty',
    ]);
    expect(problems(en, undefined, 'de')).toEqual(['the file is missing']);
  });
});
