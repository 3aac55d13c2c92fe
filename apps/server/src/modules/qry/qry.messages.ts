import { defineMessages, type Texts } from '../../platform/messages.js';

/** Texts of the `/api/qry` endpoint itself, in every language. */
const en = {
  'qry.token_objects_only':
    'This API token is limited to some objects: it can only call ops about one of them.',
  'qry.token_other_object': 'This API token is limited to other objects.',
  'qry.too_large':
    'The request is larger than {mb} MB. Send fewer rows per call (bulk writes take up to {rows} rows, within {mb} MB).',
};
type Catalog = Texts<typeof en>;

const de: Catalog = {
  'qry.token_objects_only':
    'Dieses API-Token ist auf einige Objekte beschränkt: Es kann nur Operationen zu einem dieser Objekte aufrufen.',
  'qry.token_other_object': 'Dieses API-Token ist auf andere Objekte beschränkt.',
  'qry.too_large':
    'Die Anfrage ist größer als {mb} MB. Senden Sie weniger Zeilen pro Aufruf (Massenschreibvorgänge nehmen bis zu {rows} Zeilen, innerhalb von {mb} MB).',
};

const fr: Catalog = {
  'qry.token_objects_only':
    'Ce jeton d’API est limité à certains objets : il ne peut appeler que des opérations portant sur l’un d’eux.',
  'qry.token_other_object': 'Ce jeton d’API est limité à d’autres objets.',
  'qry.too_large':
    'La requête dépasse {mb} Mo. Envoyez moins de lignes par appel (les écritures en masse acceptent jusqu’à {rows} lignes, dans la limite de {mb} Mo).',
};

const pt: Catalog = {
  'qry.token_objects_only':
    'Este token de API está limitado a alguns objetos: só pode chamar operações sobre um deles.',
  'qry.token_other_object': 'Este token de API está limitado a outros objetos.',
  'qry.too_large':
    'O pedido é maior do que {mb} MB. Envie menos linhas por chamada (as gravações em massa aceitam até {rows} linhas, dentro de {mb} MB).',
};

const ru: Catalog = {
  'qry.token_objects_only':
    'Этот API-токен ограничен некоторыми объектами: он может вызывать только операции над одним из них.',
  'qry.token_other_object': 'Этот API-токен ограничен другими объектами.',
  'qry.too_large':
    'Запрос больше {mb} МБ. Отправляйте меньше строк за вызов (массовая запись принимает до {rows} строк в пределах {mb} МБ).',
};

export const qryText = defineMessages({ en, de, fr, pt, ru });
