import { nameIn, type NameTranslations } from '@fiscus/contracts';
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
