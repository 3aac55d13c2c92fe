import type { FastifyRequest } from 'fastify';

/**
 * The server's translated texts, in the five console languages. The client sends
 * `Accept-Language`; messages in error envelopes (and field errors) come back in that language.
 *
 * One mechanism for every module: a module writes its texts once per language and calls
 * `defineMessages`, which checks (by type) that every language has every key and returns the
 * module's typed translator. A translator also knows the common keys below (`error.*`,
 * `field.*`), so a module needs only its own.
 */
export const languages = ['en', 'de', 'fr', 'pt', 'ru'] as const;
export type Lang = (typeof languages)[number];

/** The texts of one language, keyed like the English ones. */
export type Texts<En> = { [K in keyof En]: string };

type Params = Record<string, string | number>;

/** `text(lang, key, params)`: the key's text in `lang` with `{name}` placeholders filled. */
export type Translator<K extends string> = (
  lang: Lang,
  key: K | CommonKey,
  params?: Params,
) => string;

/** The keys a translator knows beside the common ones. */
export type KeyOf<T> = T extends Translator<infer K> ? K : never;

/** Every catalogue defined so far (the tests check them all). */
const registry: Record<Lang, Record<string, string>>[] = [];
const defined = new Set<string>();

function format(text: string, params: Params): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
}

function register(
  texts: Record<Lang, Record<string, string>>,
): Record<Lang, Record<string, string>> {
  for (const key of Object.keys(texts.en)) {
    if (defined.has(key)) throw new Error(`message key ${key} is defined twice`);
    defined.add(key);
  }
  registry.push(texts);
  return texts;
}

const en = {
  'error.bad_request': 'The request could not be read.',
  'error.validation_failed': 'Some fields are not valid.',
  'error.unauthorized': 'Please sign in.',
  'error.forbidden': 'You are not allowed to do this.',
  'error.not_found': 'Not found.',
  'error.conflict': 'This conflicts with the current state. Reload and try again.',
  'error.unprocessable': 'The request could not be processed.',
  'error.payload_too_large': 'The request is too large.',
  'error.unsupported_media_type': 'This content type is not supported.',
  'error.too_many_requests': 'Too many requests. Please wait and try again.',
  'error.internal': 'Something went wrong on our side. Please try again.',
  'error.route_not_found': 'There is no API endpoint {method} {url}.',
  'field.required': 'This field is required.',
  'field.invalid_type': 'Expected {expected}.',
  'field.too_small_string': 'Must be at least {min} characters.',
  'field.too_big_string': 'Must be at most {max} characters.',
  'field.too_small_number': 'Must be at least {min}.',
  'field.too_big_number': 'Must be at most {max}.',
  'field.too_big_array': 'At most {max} items.',
  'field.invalid_format': 'Invalid format.',
  'field.invalid_value': 'Invalid value.',
  'field.unknown_key': 'Unknown field.',
};
const de: Texts<typeof en> = {
  'error.bad_request': 'Die Anfrage konnte nicht gelesen werden.',
  'error.validation_failed': 'Einige Felder sind ungültig.',
  'error.unauthorized': 'Bitte melden Sie sich an.',
  'error.forbidden': 'Dazu sind Sie nicht berechtigt.',
  'error.not_found': 'Nicht gefunden.',
  'error.conflict':
    'Das widerspricht dem aktuellen Stand. Laden Sie neu und versuchen Sie es erneut.',
  'error.unprocessable': 'Die Anfrage konnte nicht verarbeitet werden.',
  'error.payload_too_large': 'Die Anfrage ist zu groß.',
  'error.unsupported_media_type': 'Dieser Inhaltstyp wird nicht unterstützt.',
  'error.too_many_requests': 'Zu viele Anfragen. Bitte warten Sie und versuchen Sie es erneut.',
  'error.internal': 'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es erneut.',
  'error.route_not_found': 'Es gibt keinen API-Endpunkt {method} {url}.',
  'field.required': 'Dieses Feld ist erforderlich.',
  'field.invalid_type': 'Erwartet: {expected}.',
  'field.too_small_string': 'Mindestens {min} Zeichen.',
  'field.too_big_string': 'Höchstens {max} Zeichen.',
  'field.too_small_number': 'Mindestens {min}.',
  'field.too_big_number': 'Höchstens {max}.',
  'field.too_big_array': 'Höchstens {max} Einträge.',
  'field.invalid_format': 'Ungültiges Format.',
  'field.invalid_value': 'Ungültiger Wert.',
  'field.unknown_key': 'Unbekanntes Feld.',
};
const fr: Texts<typeof en> = {
  'error.bad_request': 'La requête est illisible.',
  'error.validation_failed': 'Certains champs ne sont pas valides.',
  'error.unauthorized': 'Veuillez vous connecter.',
  'error.forbidden': "Vous n'êtes pas autorisé à faire cela.",
  'error.not_found': 'Introuvable.',
  'error.conflict': "Cela entre en conflit avec l'état actuel. Rechargez puis réessayez.",
  'error.unprocessable': "La requête n'a pas pu être traitée.",
  'error.payload_too_large': 'La requête est trop volumineuse.',
  'error.unsupported_media_type': "Ce type de contenu n'est pas pris en charge.",
  'error.too_many_requests': 'Trop de requêtes. Veuillez patienter puis réessayer.',
  'error.internal': 'Une erreur est survenue de notre côté. Veuillez réessayer.',
  'error.route_not_found': "Il n'existe pas de point d'API {method} {url}.",
  'field.required': 'Ce champ est obligatoire.',
  'field.invalid_type': 'Attendu : {expected}.',
  'field.too_small_string': 'Au moins {min} caractères.',
  'field.too_big_string': 'Au plus {max} caractères.',
  'field.too_small_number': 'Au moins {min}.',
  'field.too_big_number': 'Au plus {max}.',
  'field.too_big_array': 'Au plus {max} éléments.',
  'field.invalid_format': 'Format invalide.',
  'field.invalid_value': 'Valeur invalide.',
  'field.unknown_key': 'Champ inconnu.',
};
const pt: Texts<typeof en> = {
  'error.bad_request': 'Não foi possível ler o pedido.',
  'error.validation_failed': 'Alguns campos não são válidos.',
  'error.unauthorized': 'Por favor, inicie sessão.',
  'error.forbidden': 'Não tem permissão para fazer isto.',
  'error.not_found': 'Não encontrado.',
  'error.conflict': 'Isto entra em conflito com o estado atual. Recarregue e tente novamente.',
  'error.unprocessable': 'Não foi possível processar o pedido.',
  'error.payload_too_large': 'O pedido é demasiado grande.',
  'error.unsupported_media_type': 'Este tipo de conteúdo não é suportado.',
  'error.too_many_requests': 'Demasiados pedidos. Aguarde e tente novamente.',
  'error.internal': 'Algo correu mal do nosso lado. Tente novamente.',
  'error.route_not_found': 'Não existe o endpoint de API {method} {url}.',
  'field.required': 'Este campo é obrigatório.',
  'field.invalid_type': 'Esperado: {expected}.',
  'field.too_small_string': 'Pelo menos {min} caracteres.',
  'field.too_big_string': 'No máximo {max} caracteres.',
  'field.too_small_number': 'Pelo menos {min}.',
  'field.too_big_number': 'No máximo {max}.',
  'field.too_big_array': 'No máximo {max} itens.',
  'field.invalid_format': 'Formato inválido.',
  'field.invalid_value': 'Valor inválido.',
  'field.unknown_key': 'Campo desconhecido.',
};
const ru: Texts<typeof en> = {
  'error.bad_request': 'Не удалось прочитать запрос.',
  'error.validation_failed': 'Некоторые поля заполнены неверно.',
  'error.unauthorized': 'Пожалуйста, войдите в систему.',
  'error.forbidden': 'У вас нет прав на это действие.',
  'error.not_found': 'Не найдено.',
  'error.conflict': 'Это противоречит текущему состоянию. Обновите страницу и попробуйте снова.',
  'error.unprocessable': 'Не удалось обработать запрос.',
  'error.payload_too_large': 'Запрос слишком большой.',
  'error.unsupported_media_type': 'Этот тип содержимого не поддерживается.',
  'error.too_many_requests': 'Слишком много запросов. Подождите и попробуйте снова.',
  'error.internal': 'На нашей стороне произошла ошибка. Попробуйте ещё раз.',
  'error.route_not_found': 'API-метода {method} {url} не существует.',
  'field.required': 'Это поле обязательно.',
  'field.invalid_type': 'Ожидается: {expected}.',
  'field.too_small_string': 'Не менее {min} символов.',
  'field.too_big_string': 'Не более {max} символов.',
  'field.too_small_number': 'Не менее {min}.',
  'field.too_big_number': 'Не более {max}.',
  'field.too_big_array': 'Не более {max} элементов.',
  'field.invalid_format': 'Неверный формат.',
  'field.invalid_value': 'Недопустимое значение.',
  'field.unknown_key': 'Неизвестное поле.',
};

const common = register({ en, de, fr, pt, ru });
type CommonKey = keyof typeof en;

function lookup(own: Record<Lang, Record<string, string>>, lang: Lang, key: string): string {
  return own[lang][key] ?? common[lang][key] ?? own.en[key] ?? common.en[key] ?? key;
}

/**
 * Defines a module's catalogue: English first, then every other language with exactly the
 * same keys. Keys are unique across catalogues (a second definition of a key throws at start).
 */
export function defineMessages<En extends Record<string, string>>(
  texts: { en: En } & { [L in Exclude<Lang, 'en'>]: Texts<En> },
): Translator<Extract<keyof En, string>> {
  const own = register(texts as Record<Lang, Record<string, string>>);
  return (lang, key, params = {}) => format(lookup(own, lang, key), params);
}

/** The common texts (`error.*`, `field.*`). */
export const commonText: Translator<never> = (lang, key, params = {}) =>
  format(common[lang][key] ?? common.en[key] ?? key, params);

/** Every catalogue with its texts per language — for the completeness tests. */
export function allCatalogues(): readonly Record<Lang, Record<string, string>>[] {
  return registry;
}

export function pickLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'en';
  const wanted = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', q] = part.trim().split(';q=');
      return { tag: tag.toLowerCase().slice(0, 2), q: q ? Number(q) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const w of wanted)
    if ((languages as readonly string[]).includes(w.tag)) return w.tag as Lang;
  return 'en';
}

/** The language a request asks for (`Accept-Language`), English when none of ours. */
export function langOf(request: FastifyRequest): Lang {
  return pickLang(request.headers['accept-language']);
}
