import { defineMessages, type Texts } from '../../platform/messages.js';

/** Texts of the `/api/qry` endpoint itself, in every language. */
const en = {
  'qry.too_large':
    'The request is larger than {mb} MB. Send fewer rows per call (bulk writes take up to {rows} rows, within {mb} MB).',
};
type Catalog = Texts<typeof en>;

const de: Catalog = {
  'qry.too_large':
    'Die Anfrage ist größer als {mb} MB. Senden Sie weniger Zeilen pro Aufruf (Massenschreibvorgänge nehmen bis zu {rows} Zeilen, innerhalb von {mb} MB).',
};

const fr: Catalog = {
  'qry.too_large':
    'La requête dépasse {mb} Mo. Envoyez moins de lignes par appel (les écritures en masse acceptent jusqu’à {rows} lignes, dans la limite de {mb} Mo).',
};

const pt: Catalog = {
  'qry.too_large':
    'O pedido é maior do que {mb} MB. Envie menos linhas por chamada (as gravações em massa aceitam até {rows} linhas, dentro de {mb} MB).',
};

const ru: Catalog = {
  'qry.too_large':
    'Запрос больше {mb} МБ. Отправляйте меньше строк за вызов (массовая запись принимает до {rows} строк в пределах {mb} МБ).',
};

export const qryText = defineMessages({ en, de, fr, pt, ru });
