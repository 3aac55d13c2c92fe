import { defineMessages, type Texts } from '../../platform/messages.js';

/** Texts of record writes (bulk writes and their per-row problems), in every language. */
const en = {
  'records.bulk_worker_failed':
    'The rows could not be checked (the server stopped the check); nothing was written. Send the call again.',
  'records.bulk_rejected':
    '{bad} of {total} rows have problems; nothing was written. Each problem is listed under rows.<row>.<field>.',
  'records.key_not_unique':
    'Rows can be matched by "id" or by a unique field; "{field}" is not unique.',
  'records.key_empty': 'The key field "{field}" has no value in this row.',
  'records.key_twice': 'Row {row} has the same key; a record can be written once per call.',
  'records.unique_in_rows': 'Row {row} has the same value; this field must be unique.',
  'records.more_problems': 'This row has problems; the answer lists at most {max} of them.',
};
type Catalog = Texts<typeof en>;

const de: Catalog = {
  'records.bulk_worker_failed':
    'Die Zeilen konnten nicht geprüft werden (der Server hat die Prüfung abgebrochen); nichts wurde geschrieben. Senden Sie den Aufruf erneut.',
  'records.bulk_rejected':
    '{bad} von {total} Zeilen sind fehlerhaft; nichts wurde geschrieben. Jedes Problem steht unter rows.<Zeile>.<Feld>.',
  'records.key_not_unique':
    'Zeilen lassen sich über „id“ oder ein eindeutiges Feld zuordnen; „{field}“ ist nicht eindeutig.',
  'records.key_empty': 'Das Schlüsselfeld „{field}“ hat in dieser Zeile keinen Wert.',
  'records.key_twice':
    'Zeile {row} hat denselben Schlüssel; ein Datensatz kann pro Aufruf nur einmal geschrieben werden.',
  'records.unique_in_rows': 'Zeile {row} hat denselben Wert; dieses Feld muss eindeutig sein.',
  'records.more_problems':
    'Diese Zeile ist fehlerhaft; die Antwort nennt höchstens {max} Probleme.',
};

const fr: Catalog = {
  'records.bulk_worker_failed':
    'Les lignes n’ont pas pu être vérifiées (le serveur a interrompu la vérification) ; rien n’a été écrit. Renvoyez l’appel.',
  'records.bulk_rejected':
    '{bad} lignes sur {total} posent problème ; rien n’a été écrit. Chaque problème figure sous rows.<ligne>.<champ>.',
  'records.key_not_unique':
    'Les lignes se rapprochent par « id » ou par un champ unique ; « {field} » n’est pas unique.',
  'records.key_empty': 'Le champ clé « {field} » n’a pas de valeur dans cette ligne.',
  'records.key_twice':
    'La ligne {row} a la même clé ; un enregistrement ne peut être écrit qu’une fois par appel.',
  'records.unique_in_rows': 'La ligne {row} a la même valeur ; ce champ doit être unique.',
  'records.more_problems': 'Cette ligne pose problème ; la réponse en liste au plus {max}.',
};

const pt: Catalog = {
  'records.bulk_worker_failed':
    'Não foi possível verificar as linhas (o servidor interrompeu a verificação); nada foi gravado. Envie a chamada de novo.',
  'records.bulk_rejected':
    '{bad} de {total} linhas têm problemas; nada foi gravado. Cada problema aparece em rows.<linha>.<campo>.',
  'records.key_not_unique':
    'As linhas são associadas por "id" ou por um campo único; "{field}" não é único.',
  'records.key_empty': 'O campo-chave "{field}" não tem valor nesta linha.',
  'records.key_twice':
    'A linha {row} tem a mesma chave; um registo só pode ser gravado uma vez por chamada.',
  'records.unique_in_rows': 'A linha {row} tem o mesmo valor; este campo tem de ser único.',
  'records.more_problems': 'Esta linha tem problemas; a resposta lista no máximo {max}.',
};

const ru: Catalog = {
  'records.bulk_worker_failed':
    'Не удалось проверить строки (сервер прервал проверку); ничего не записано. Отправьте вызов ещё раз.',
  'records.bulk_rejected':
    'В {bad} из {total} строк есть ошибки; ничего не записано. Каждая ошибка указана под rows.<строка>.<поле>.',
  'records.key_not_unique':
    'Строки сопоставляются по «id» или по уникальному полю; поле «{field}» не уникально.',
  'records.key_empty': 'В ключевом поле «{field}» этой строки нет значения.',
  'records.key_twice':
    'У строки {row} тот же ключ; запись можно изменить только один раз за вызов.',
  'records.unique_in_rows': 'У строки {row} то же значение; это поле должно быть уникальным.',
  'records.more_problems': 'В этой строке есть ошибки; ответ перечисляет не более {max}.',
};

export const recordsText = defineMessages({ en, de, fr, pt, ru });
