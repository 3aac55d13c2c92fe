import { defineMessages, type Texts } from '../../platform/messages.js';

const en = {
  'mnt.not_found': 'This mount does not exist.',
  'mnt.table_missing': 'The source has no table or view "{table}".',
  'mnt.unknown_column': 'The table has no column "{column}".',
  'mnt.not_mountable': 'Column "{column}" ({type}) cannot be mounted.',
  'mnt.type_mismatch': 'Column "{column}" ({source}) cannot be shown as {type}.',
  'mnt.key_type': 'The key must be a whole-number column; "{column}" is {type}.',
  'mnt.live_needs_key':
    'Live mode needs a whole-number key column that tells the rows apart; choose one, or mount the table synced.',
  'mnt.incremental_needs_key': 'An updated-at column needs a key column too.',
  'mnt.updated_type':
    'The updated-at column must hold dates, date-times or numbers; "{column}" is {type}.',
  'mnt.file_live': 'A file is always copied: its mount is synced.',
  'mnt.origin': 'Give a data source with a table, or an uploaded CSV or XLSX file.',
  'mnt.file_type': 'Only CSV and XLSX files can be mounted.',
  'mnt.column_missing': 'Column "{column}" is no longer in the source.',
  'mnt.column_type': 'Column "{column}" changed its type from {was} to {now}.',
  'mnt.sync_blocked': 'The source no longer matches the mount, so nothing was copied. {problems}',
  'mnt.code_taken': 'The code "{code}" is already used by another object.',
  'mnt.duplicate_column': 'Column "{column}" is mapped twice.',
};
const de: Texts<typeof en> = {
  'mnt.not_found': 'Diese Einbindung existiert nicht.',
  'mnt.table_missing': 'Die Quelle hat keine Tabelle oder Sicht „{table}“.',
  'mnt.unknown_column': 'Die Tabelle hat keine Spalte „{column}“.',
  'mnt.not_mountable': 'Die Spalte „{column}“ ({type}) kann nicht eingebunden werden.',
  'mnt.type_mismatch': 'Die Spalte „{column}“ ({source}) kann nicht als {type} gezeigt werden.',
  'mnt.key_type': 'Der Schlüssel muss eine Ganzzahl-Spalte sein; „{column}“ ist {type}.',
  'mnt.live_needs_key':
    'Der Live-Modus braucht eine Ganzzahl-Schlüsselspalte, die die Zeilen unterscheidet; wählen Sie eine oder binden Sie die Tabelle synchronisiert ein.',
  'mnt.incremental_needs_key': 'Eine Geändert-am-Spalte braucht auch eine Schlüsselspalte.',
  'mnt.updated_type':
    'Die Geändert-am-Spalte muss Daten, Zeitpunkte oder Zahlen enthalten; „{column}“ ist {type}.',
  'mnt.file_live': 'Eine Datei wird immer kopiert: Ihre Einbindung ist synchronisiert.',
  'mnt.origin':
    'Geben Sie eine Datenquelle mit Tabelle oder eine hochgeladene CSV- oder XLSX-Datei an.',
  'mnt.file_type': 'Nur CSV- und XLSX-Dateien können eingebunden werden.',
  'mnt.column_missing': 'Die Spalte „{column}“ ist nicht mehr in der Quelle.',
  'mnt.column_type': 'Die Spalte „{column}“ hat ihren Typ von {was} zu {now} geändert.',
  'mnt.sync_blocked':
    'Die Quelle passt nicht mehr zur Einbindung, daher wurde nichts kopiert. {problems}',
  'mnt.code_taken': 'Der Code „{code}“ wird bereits von einem anderen Objekt verwendet.',
  'mnt.duplicate_column': 'Die Spalte „{column}“ ist doppelt zugeordnet.',
};
const fr: Texts<typeof en> = {
  'mnt.not_found': "Ce montage n'existe pas.",
  'mnt.table_missing': "La source n'a pas de table ou de vue « {table} ».",
  'mnt.unknown_column': "La table n'a pas de colonne « {column} ».",
  'mnt.not_mountable': 'La colonne « {column} » ({type}) ne peut pas être montée.',
  'mnt.type_mismatch': 'La colonne « {column} » ({source}) ne peut pas être affichée comme {type}.',
  'mnt.key_type': 'La clé doit être une colonne de nombres entiers ; « {column} » est {type}.',
  'mnt.live_needs_key':
    'Le mode direct exige une colonne clé de nombres entiers qui distingue les lignes ; choisissez-en une ou montez la table en synchronisé.',
  'mnt.incremental_needs_key': 'Une colonne de mise à jour exige aussi une colonne clé.',
  'mnt.updated_type':
    'La colonne de mise à jour doit contenir des dates, des horodatages ou des nombres ; « {column} » est {type}.',
  'mnt.file_live': 'Un fichier est toujours copié : son montage est synchronisé.',
  'mnt.origin':
    'Indiquez une source de données avec une table, ou un fichier CSV ou XLSX téléversé.',
  'mnt.file_type': 'Seuls les fichiers CSV et XLSX peuvent être montés.',
  'mnt.column_missing': "La colonne « {column} » n'est plus dans la source.",
  'mnt.column_type': 'La colonne « {column} » a changé de type : {was} devenu {now}.',
  'mnt.sync_blocked':
    'La source ne correspond plus au montage, rien n’a donc été copié. {problems}',
  'mnt.code_taken': 'Le code « {code} » est déjà utilisé par un autre objet.',
  'mnt.duplicate_column': 'La colonne « {column} » est associée deux fois.',
};
const pt: Texts<typeof en> = {
  'mnt.not_found': 'Esta montagem não existe.',
  'mnt.table_missing': 'A fonte não tem a tabela ou vista "{table}".',
  'mnt.unknown_column': 'A tabela não tem a coluna "{column}".',
  'mnt.not_mountable': 'A coluna "{column}" ({type}) não pode ser montada.',
  'mnt.type_mismatch': 'A coluna "{column}" ({source}) não pode ser mostrada como {type}.',
  'mnt.key_type': 'A chave tem de ser uma coluna de números inteiros; "{column}" é {type}.',
  'mnt.live_needs_key':
    'O modo em direto precisa de uma coluna-chave de números inteiros que distinga as linhas; escolha uma ou monte a tabela sincronizada.',
  'mnt.incremental_needs_key': 'Uma coluna de atualização precisa também de uma coluna-chave.',
  'mnt.updated_type':
    'A coluna de atualização tem de conter datas, datas-horas ou números; "{column}" é {type}.',
  'mnt.file_live': 'Um ficheiro é sempre copiado: a sua montagem é sincronizada.',
  'mnt.origin': 'Indique uma fonte de dados com tabela, ou um ficheiro CSV ou XLSX carregado.',
  'mnt.file_type': 'Só ficheiros CSV e XLSX podem ser montados.',
  'mnt.column_missing': 'A coluna "{column}" já não está na fonte.',
  'mnt.column_type': 'A coluna "{column}" mudou de tipo: de {was} para {now}.',
  'mnt.sync_blocked':
    'A fonte já não corresponde à montagem, por isso nada foi copiado. {problems}',
  'mnt.code_taken': 'O código "{code}" já é usado por outro objeto.',
  'mnt.duplicate_column': 'A coluna "{column}" está associada duas vezes.',
};
const ru: Texts<typeof en> = {
  'mnt.not_found': 'Такого подключения нет.',
  'mnt.table_missing': 'В источнике нет таблицы или представления «{table}».',
  'mnt.unknown_column': 'В таблице нет столбца «{column}».',
  'mnt.not_mountable': 'Столбец «{column}» ({type}) нельзя подключить.',
  'mnt.type_mismatch': 'Столбец «{column}» ({source}) нельзя показать как {type}.',
  'mnt.key_type': 'Ключ должен быть целочисленным столбцом; «{column}» имеет тип {type}.',
  'mnt.live_needs_key':
    'Прямому режиму нужен целочисленный ключевой столбец, различающий строки; выберите его или подключите таблицу с синхронизацией.',
  'mnt.incremental_needs_key': 'Столбцу времени изменения нужен и ключевой столбец.',
  'mnt.updated_type':
    'Столбец времени изменения должен содержать даты, время или числа; «{column}» имеет тип {type}.',
  'mnt.file_live': 'Файл всегда копируется: его подключение синхронизируемое.',
  'mnt.origin': 'Укажите источник данных с таблицей или загруженный файл CSV или XLSX.',
  'mnt.file_type': 'Подключать можно только файлы CSV и XLSX.',
  'mnt.column_missing': 'Столбца «{column}» больше нет в источнике.',
  'mnt.column_type': 'Столбец «{column}» сменил тип: было {was}, стало {now}.',
  'mnt.sync_blocked':
    'Источник больше не соответствует подключению, поэтому ничего не скопировано. {problems}',
  'mnt.code_taken': 'Код «{code}» уже занят другим объектом.',
  'mnt.duplicate_column': 'Столбец «{column}» сопоставлен дважды.',
};

export const mountsText = defineMessages({ en, de, fr, pt, ru });
