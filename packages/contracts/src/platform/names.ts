// Names and choice labels in the user's language. Kept apart from the field schemas (fields.ts
// re-exports them) so that screens that only show names do not load the schema library.

/** Languages a name may be given in (the console's languages). */
export const nameLanguages = ['en', 'de', 'fr', 'pt', 'ru'] as const;
export type NameLanguage = (typeof nameLanguages)[number];

/** Texts per language, as `nameTranslationsSchema` and a choice's `labels` hold them. */
type Translations = { [L in NameLanguage]?: string | undefined };

/** A choice as a user of `lang` sees it: its label in that language, else its label or value. */
export function choiceLabel(
  lang: string | undefined,
  choice: { value: string; label?: string | undefined; labels?: Translations | undefined },
): string {
  const code = (lang ?? '').slice(0, 2).toLowerCase();
  const own = choice.labels?.[code as NameLanguage];
  return own?.trim() ? own : choice.label?.trim() ? choice.label : choice.value;
}

/**
 * The name of an object or field as a user of `lang` sees it: the translation for the language
 * (`de-CH` reads `de`), else the default name.
 */
export function nameIn(
  lang: string | undefined,
  entity: { name: string; names?: Translations | null | undefined },
): string {
  const code = (lang ?? '').slice(0, 2).toLowerCase();
  const own = entity.names?.[code as NameLanguage];
  return own?.trim() ? own : entity.name;
}

/**
 * A description (or an action's question) as a user of `lang` sees it: the translation for the
 * language (`de-CH` reads `de`), else the entity's own text — the same fallback as names.
 */
export function textIn(
  lang: string | undefined,
  text: string,
  texts: Translations | null | undefined,
): string {
  const code = (lang ?? '').slice(0, 2).toLowerCase();
  const own = texts?.[code as NameLanguage];
  return own?.trim() ? own : text;
}
