import { AppError } from '../../lib/app-error.js';
import { defineMessages, type Lang, type Texts } from '../../platform/messages.js';

/** Texts of imports in every language. */
const en = {
  'imp.not_found': 'This import does not exist.',
  'imp.file_not_found': 'This file does not exist.',
  'imp.unsupported_format': 'Only CSV and Excel (.xlsx) files can be imported.',
  'imp.running': 'This import is running; wait for it to finish or cancel it first.',
  'imp.unknown_field': 'Unknown field "{field}".',
  'imp.field_twice': 'Field "{field}" is mapped to more than one column.',
  'imp.column_twice': 'Column {column} is mapped twice.',
  'imp.key_required': 'Choose the key field that matches rows to records.',
  'imp.key_not_mapped': 'Map a column to the key field "{field}".',
  'imp.key_type': 'A field of type {type} cannot be the key.',
  'imp.nothing_mapped': 'Map at least one column to a field.',
  'imp.required_unmapped': 'Field "{field}" is required; map a column to it.',
  'imp.sheet_missing': 'The workbook has no sheet "{sheet}".',
  'imp.no_sheets': 'The workbook has no sheets.',
  'imp.bad_zip': 'The Excel file is damaged or not an Excel workbook.',
  'imp.zip_entries': 'The Excel file has too many parts (more than {max}).',
  'imp.zip_size': 'The Excel file unpacks to more than {max}; it is refused.',
  'imp.zip_ratio': 'The Excel file is compressed suspiciously strongly; it is refused.',
  'imp.bad_xml': 'The Excel file could not be read: {reason}',
  'imp.too_many_columns': 'A row has more than {max} columns.',
  'imp.cell_too_long': 'A cell is longer than {max} characters.',
  'imp.encoding_uncertain':
    'The file reads plausibly as {choices}; choose its encoding in the preview.',
  'imp.sheet_text':
    "The sheet's cells hold more than {max} million characters of text together; it is refused.",
  'imp.row_failed': 'Row {row}, column {column}: {reason}',
  'imp.row_failed_plain': 'Row {row}: {reason}',
  'imp.key_empty': 'The key is empty.',
  'imp.key_twice': 'This key appears in an earlier row of the file.',
  'imp.unique_in_file': 'This value appears in an earlier row of the file; it must be unique.',
  'imp.empty_file': 'The file has no rows.',
  'imp.apply_unique': 'The import would store a value twice in unique field "{field}".',
  'imp.ref_ambiguous':
    '"{value}" is shown for {count} records of {object}; write the record number instead.',
  'imp.ref_unknown': 'No record of {object} is shown as "{value}".',
  'imp.nothing_imported':
    'None of the {count} rows could be imported, so nothing was changed. The Log lists every problem.',
  'imp.log.row': 'Row',
  'imp.log.column': 'Column',
  'imp.log.field': 'Field',
  'imp.log.value': 'Value',
  'imp.log.message': 'Problem',
};
type Catalog = Texts<typeof en>;

const de: Catalog = {
  'imp.not_found': 'Dieser Import existiert nicht.',
  'imp.file_not_found': 'Diese Datei existiert nicht.',
  'imp.unsupported_format': 'Nur CSV- und Excel-Dateien (.xlsx) können importiert werden.',
  'imp.running':
    'Dieser Import läuft; warten Sie, bis er fertig ist, oder brechen Sie ihn zuerst ab.',
  'imp.unknown_field': 'Unbekanntes Feld „{field}“.',
  'imp.field_twice': 'Das Feld „{field}“ ist mehreren Spalten zugeordnet.',
  'imp.column_twice': 'Die Spalte {column} ist doppelt zugeordnet.',
  'imp.key_required':
    'Wählen Sie das Schlüsselfeld, über das Zeilen Datensätzen zugeordnet werden.',
  'imp.key_not_mapped': 'Ordnen Sie dem Schlüsselfeld „{field}“ eine Spalte zu.',
  'imp.key_type': 'Ein Feld vom Typ {type} kann kein Schlüssel sein.',
  'imp.nothing_mapped': 'Ordnen Sie mindestens eine Spalte einem Feld zu.',
  'imp.required_unmapped': 'Das Feld „{field}“ ist erforderlich; ordnen Sie ihm eine Spalte zu.',
  'imp.sheet_missing': 'Die Arbeitsmappe hat kein Blatt „{sheet}“.',
  'imp.no_sheets': 'Die Arbeitsmappe hat keine Blätter.',
  'imp.bad_zip': 'Die Excel-Datei ist beschädigt oder keine Excel-Arbeitsmappe.',
  'imp.zip_entries': 'Die Excel-Datei hat zu viele Bestandteile (mehr als {max}).',
  'imp.zip_size': 'Die Excel-Datei ist entpackt größer als {max}; sie wird abgelehnt.',
  'imp.zip_ratio': 'Die Excel-Datei ist verdächtig stark komprimiert; sie wird abgelehnt.',
  'imp.bad_xml': 'Die Excel-Datei konnte nicht gelesen werden: {reason}',
  'imp.too_many_columns': 'Eine Zeile hat mehr als {max} Spalten.',
  'imp.cell_too_long': 'Eine Zelle ist länger als {max} Zeichen.',
  'imp.encoding_uncertain':
    'Die Datei lässt sich als {choices} lesen; wählen Sie ihre Kodierung in der Vorschau.',
  'imp.sheet_text':
    'Die Zellen des Blatts enthalten zusammen mehr als {max} Millionen Zeichen Text; es wird abgelehnt.',
  'imp.row_failed': 'Zeile {row}, Spalte {column}: {reason}',
  'imp.row_failed_plain': 'Zeile {row}: {reason}',
  'imp.key_empty': 'Der Schlüssel ist leer.',
  'imp.key_twice': 'Dieser Schlüssel kommt bereits in einer früheren Zeile der Datei vor.',
  'imp.unique_in_file':
    'Dieser Wert kommt bereits in einer früheren Zeile der Datei vor; er muss eindeutig sein.',
  'imp.empty_file': 'Die Datei enthält keine Zeilen.',
  'imp.apply_unique':
    'Der Import würde im eindeutigen Feld „{field}“ einen Wert doppelt speichern.',
  'imp.ref_ambiguous':
    '„{value}“ steht für {count} Datensätze von {object}; geben Sie stattdessen die Datensatznummer an.',
  'imp.ref_unknown': 'Kein Datensatz von {object} wird als „{value}“ angezeigt.',
  'imp.nothing_imported':
    'Keine der {count} Zeilen konnte importiert werden, daher wurde nichts geändert. Das Protokoll nennt jedes Problem.',
  'imp.log.row': 'Zeile',
  'imp.log.column': 'Spalte',
  'imp.log.field': 'Feld',
  'imp.log.value': 'Wert',
  'imp.log.message': 'Problem',
};

const fr: Catalog = {
  'imp.not_found': 'Cet import n’existe pas.',
  'imp.file_not_found': 'Ce fichier n’existe pas.',
  'imp.unsupported_format': 'Seuls les fichiers CSV et Excel (.xlsx) peuvent être importés.',
  'imp.running': 'Cet import est en cours ; attendez qu’il se termine ou annulez-le d’abord.',
  'imp.unknown_field': 'Champ « {field} » inconnu.',
  'imp.field_twice': 'Le champ « {field} » est associé à plusieurs colonnes.',
  'imp.column_twice': 'La colonne {column} est associée deux fois.',
  'imp.key_required':
    'Choisissez le champ clé qui fait correspondre les lignes aux enregistrements.',
  'imp.key_not_mapped': 'Associez une colonne au champ clé « {field} ».',
  'imp.key_type': 'Un champ de type {type} ne peut pas servir de clé.',
  'imp.nothing_mapped': 'Associez au moins une colonne à un champ.',
  'imp.required_unmapped': 'Le champ « {field} » est obligatoire ; associez-lui une colonne.',
  'imp.sheet_missing': 'Le classeur n’a pas de feuille « {sheet} ».',
  'imp.no_sheets': 'Le classeur n’a aucune feuille.',
  'imp.bad_zip': 'Le fichier Excel est endommagé ou n’est pas un classeur Excel.',
  'imp.zip_entries': 'Le fichier Excel contient trop d’éléments (plus de {max}).',
  'imp.zip_size': 'Le fichier Excel décompressé dépasse {max} ; il est refusé.',
  'imp.zip_ratio': 'Le fichier Excel est compressé de façon suspecte ; il est refusé.',
  'imp.bad_xml': 'Le fichier Excel n’a pas pu être lu : {reason}',
  'imp.too_many_columns': 'Une ligne a plus de {max} colonnes.',
  'imp.cell_too_long': 'Une cellule dépasse {max} caractères.',
  'imp.encoding_uncertain':
    'Le fichier peut se lire en {choices} ; choisissez son encodage dans l’aperçu.',
  'imp.sheet_text':
    'Les cellules de la feuille contiennent ensemble plus de {max} millions de caractères de texte ; elle est refusée.',
  'imp.row_failed': 'Ligne {row}, colonne {column} : {reason}',
  'imp.row_failed_plain': 'Ligne {row} : {reason}',
  'imp.key_empty': 'La clé est vide.',
  'imp.key_twice': 'Cette clé figure déjà dans une ligne précédente du fichier.',
  'imp.unique_in_file':
    'Cette valeur figure déjà dans une ligne précédente du fichier ; elle doit être unique.',
  'imp.empty_file': 'Le fichier ne contient aucune ligne.',
  'imp.apply_unique':
    'L’import enregistrerait deux fois la même valeur dans le champ unique « {field} ».',
  'imp.ref_ambiguous':
    '« {value} » désigne {count} enregistrements de {object} ; indiquez plutôt le numéro de l’enregistrement.',
  'imp.ref_unknown': 'Aucun enregistrement de {object} n’est affiché comme « {value} ».',
  'imp.nothing_imported':
    'Aucune des {count} lignes n’a pu être importée ; rien n’a été modifié. Le journal liste chaque problème.',
  'imp.log.row': 'Ligne',
  'imp.log.column': 'Colonne',
  'imp.log.field': 'Champ',
  'imp.log.value': 'Valeur',
  'imp.log.message': 'Problème',
};

const pt: Catalog = {
  'imp.not_found': 'Esta importação não existe.',
  'imp.file_not_found': 'Este arquivo não existe.',
  'imp.unsupported_format': 'Só é possível importar arquivos CSV e Excel (.xlsx).',
  'imp.running': 'Esta importação está em andamento; aguarde o fim ou cancele-a primeiro.',
  'imp.unknown_field': 'Campo "{field}" desconhecido.',
  'imp.field_twice': 'O campo "{field}" está associado a mais de uma coluna.',
  'imp.column_twice': 'A coluna {column} está associada duas vezes.',
  'imp.key_required': 'Escolha o campo-chave que associa as linhas aos registros.',
  'imp.key_not_mapped': 'Associe uma coluna ao campo-chave "{field}".',
  'imp.key_type': 'Um campo do tipo {type} não pode ser a chave.',
  'imp.nothing_mapped': 'Associe pelo menos uma coluna a um campo.',
  'imp.required_unmapped': 'O campo "{field}" é obrigatório; associe uma coluna a ele.',
  'imp.sheet_missing': 'A pasta de trabalho não tem a planilha "{sheet}".',
  'imp.no_sheets': 'A pasta de trabalho não tem planilhas.',
  'imp.bad_zip': 'O arquivo Excel está danificado ou não é uma pasta de trabalho do Excel.',
  'imp.zip_entries': 'O arquivo Excel tem partes demais (mais de {max}).',
  'imp.zip_size': 'O arquivo Excel descompactado passa de {max}; foi recusado.',
  'imp.zip_ratio': 'O arquivo Excel está comprimido de forma suspeita; foi recusado.',
  'imp.bad_xml': 'Não foi possível ler o arquivo Excel: {reason}',
  'imp.too_many_columns': 'Uma linha tem mais de {max} colunas.',
  'imp.cell_too_long': 'Uma célula tem mais de {max} caracteres.',
  'imp.encoding_uncertain':
    'O arquivo pode ser lido como {choices}; escolha a codificação na pré-visualização.',
  'imp.sheet_text':
    'As células da planilha somam mais de {max} milhões de caracteres de texto; ela foi recusada.',
  'imp.row_failed': 'Linha {row}, coluna {column}: {reason}',
  'imp.row_failed_plain': 'Linha {row}: {reason}',
  'imp.key_empty': 'A chave está vazia.',
  'imp.key_twice': 'Esta chave já aparece em uma linha anterior do arquivo.',
  'imp.unique_in_file':
    'Este valor já aparece em uma linha anterior do arquivo; ele precisa ser único.',
  'imp.empty_file': 'O arquivo não tem linhas.',
  'imp.apply_unique': 'A importação gravaria um valor repetido no campo único "{field}".',
  'imp.ref_ambiguous':
    '"{value}" identifica {count} registros de {object}; informe o número do registro.',
  'imp.ref_unknown': 'Nenhum registro de {object} aparece como "{value}".',
  'imp.nothing_imported':
    'Nenhuma das {count} linhas pôde ser importada, por isso nada foi alterado. O Registo lista cada problema.',
  'imp.log.row': 'Linha',
  'imp.log.column': 'Coluna',
  'imp.log.field': 'Campo',
  'imp.log.value': 'Valor',
  'imp.log.message': 'Problema',
};

const ru: Catalog = {
  'imp.not_found': 'Такого импорта нет.',
  'imp.file_not_found': 'Такого файла нет.',
  'imp.unsupported_format': 'Импортировать можно только файлы CSV и Excel (.xlsx).',
  'imp.running': 'Этот импорт выполняется; дождитесь окончания или сначала отмените его.',
  'imp.unknown_field': 'Неизвестное поле «{field}».',
  'imp.field_twice': 'Поле «{field}» сопоставлено нескольким столбцам.',
  'imp.column_twice': 'Столбец {column} сопоставлен дважды.',
  'imp.key_required': 'Выберите ключевое поле, по которому строки сопоставляются с записями.',
  'imp.key_not_mapped': 'Сопоставьте столбец ключевому полю «{field}».',
  'imp.key_type': 'Поле типа {type} не может быть ключом.',
  'imp.nothing_mapped': 'Сопоставьте хотя бы один столбец с полем.',
  'imp.required_unmapped': 'Поле «{field}» обязательно; сопоставьте ему столбец.',
  'imp.sheet_missing': 'В книге нет листа «{sheet}».',
  'imp.no_sheets': 'В книге нет листов.',
  'imp.bad_zip': 'Файл Excel повреждён или не является книгой Excel.',
  'imp.zip_entries': 'В файле Excel слишком много частей (больше {max}).',
  'imp.zip_size': 'Файл Excel после распаковки больше {max}; он отклонён.',
  'imp.zip_ratio': 'Файл Excel сжат подозрительно сильно; он отклонён.',
  'imp.bad_xml': 'Не удалось прочитать файл Excel: {reason}',
  'imp.too_many_columns': 'В строке больше {max} столбцов.',
  'imp.cell_too_long': 'Ячейка длиннее {max} символов.',
  'imp.encoding_uncertain': 'Файл читается как {choices}; выберите его кодировку в предпросмотре.',
  'imp.sheet_text': 'В ячейках листа в сумме больше {max} млн символов текста; он отклонён.',
  'imp.row_failed': 'Строка {row}, столбец {column}: {reason}',
  'imp.row_failed_plain': 'Строка {row}: {reason}',
  'imp.key_empty': 'Ключ пуст.',
  'imp.key_twice': 'Этот ключ уже встречается в одной из предыдущих строк файла.',
  'imp.unique_in_file':
    'Это значение уже встречается в одной из предыдущих строк файла; оно должно быть уникальным.',
  'imp.empty_file': 'В файле нет строк.',
  'imp.apply_unique': 'Импорт записал бы одинаковое значение в уникальное поле «{field}».',
  'imp.ref_ambiguous':
    '«{value}» соответствует {count} записям объекта «{object}»; укажите номер записи.',
  'imp.ref_unknown': 'Ни одна запись объекта «{object}» не показывается как «{value}».',
  'imp.nothing_imported':
    'Ни одну из строк ({count}) не удалось импортировать, поэтому ничего не изменено. В журнале перечислены все ошибки.',
  'imp.log.row': 'Строка',
  'imp.log.column': 'Столбец',
  'imp.log.field': 'Поле',
  'imp.log.value': 'Значение',
  'imp.log.message': 'Проблема',
};

export const importsText = defineMessages({ en, de, fr, pt, ru });
type ImportsKey = Extract<keyof typeof en, string>;

/** A 422 for a file that cannot be read as asked. */
export function unreadable(
  lang: Lang,
  key: ImportsKey,
  params: Record<string, string | number> = {},
) {
  return new AppError('unprocessable', importsText(lang, key, params));
}
