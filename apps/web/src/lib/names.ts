import {
  choiceLabel,
  nameIn,
  textIn,
  type Choice,
  type DescriptionTranslations,
  type NameTranslations,
} from '@fiscus/contracts';
import i18next from 'i18next';

/** Anything with a name that may carry translations: objects, fields. */
export interface Named {
  name: string;
  names?: NameTranslations | null;
}

/**
 * The name a user sees for an object or field: its name in the console's language, else the
 * default name. Every screen that shows an object's or field's name goes through here (menus,
 * grid headers, filters, record cards, cubes, procedures, reports); forms that edit the name
 * edit `name` and `names` themselves.
 */
export function shownName(entity: Named, lang: string = i18next.language): string {
  return nameIn(lang, entity);
}

/**
 * The label a user sees for a select choice: its label in the console's language, else its
 * label, else its value. Every list of choices (grid, card, filters, cubes) goes through here.
 */
export function choiceName(
  choice: Pick<Choice, 'value' | 'label' | 'labels'>,
  lang: string = i18next.language,
): string {
  return choiceLabel(lang, choice);
}

/**
 * The text a user sees for a catalog's record: its name in the console's language (records of
 * objects of kind `reference` may carry `names`), else its display value.
 */
export function recordName(
  record: { names?: NameTranslations | null },
  value: string,
  lang: string = i18next.language,
): string {
  return nameIn(lang, { name: value, names: record.names });
}

/**
 * A description a user reads: the entity's description in the console's language, else its own
 * description — the same fallback as names. Every list, title and form that shows the
 * description of an object, procedure, cube or report goes through here; editors edit
 * `description` and `descriptions` themselves.
 */
export function shownDescription(
  entity: { description: string; descriptions?: DescriptionTranslations | null },
  lang: string = i18next.language,
): string {
  return textIn(lang, entity.description, entity.descriptions);
}

/** The question an action asks before it runs, in the console's language, else its own. */
export function shownQuestion(
  action: { confirm: string; confirms?: DescriptionTranslations | null },
  lang: string = i18next.language,
): string {
  return textIn(lang, action.confirm, action.confirms);
}
