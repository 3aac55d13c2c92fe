import { defineMessages, type Texts } from '../../platform/messages.js';

/** Texts of exports: headings of system columns and job errors, in every language. */
const en = {
  'export.too_large':
    'The XLSX file would be larger than 4 GB. Export it as CSV or choose fewer columns.',
  'export.too_many_rows':
    'This view has {rows} rows; an XLSX sheet holds at most {max}. Export it as CSV or narrow the filter.',
  'export.col.id': 'ID',
  'export.col.created_at': 'Created',
  'export.col.updated_at': 'Updated',
  'export.col.created_by': 'Created by',
  'export.col.updated_by': 'Updated by',
  'export.sheet': 'Records',
  'export.no_columns': 'Choose at least one column to export.',
  'export.write_failed': 'The export file could not be written.',
};
type Catalog = Texts<typeof en>;

const de: Catalog = {
  'export.too_large':
    'Die XLSX-Datei würde größer als 4 GB werden. Exportieren Sie als CSV oder wählen Sie weniger Spalten.',
  'export.too_many_rows':
    'Diese Ansicht hat {rows} Zeilen; ein XLSX-Blatt fasst höchstens {max}. Exportieren Sie als CSV oder schränken Sie den Filter ein.',
  'export.col.id': 'ID',
  'export.col.created_at': 'Erstellt',
  'export.col.updated_at': 'Geändert',
  'export.col.created_by': 'Erstellt von',
  'export.col.updated_by': 'Geändert von',
  'export.sheet': 'Datensätze',
  'export.no_columns': 'Wählen Sie mindestens eine Spalte für den Export.',
  'export.write_failed': 'Die Exportdatei konnte nicht geschrieben werden.',
};

const fr: Catalog = {
  'export.too_large':
    'Le fichier XLSX dépasserait 4 Go. Exportez en CSV ou choisissez moins de colonnes.',
  'export.too_many_rows':
    'Cette vue compte {rows} lignes ; une feuille XLSX en contient au plus {max}. Exportez en CSV ou affinez le filtre.',
  'export.col.id': 'ID',
  'export.col.created_at': 'Créé le',
  'export.col.updated_at': 'Modifié le',
  'export.col.created_by': 'Créé par',
  'export.col.updated_by': 'Modifié par',
  'export.sheet': 'Enregistrements',
  'export.no_columns': 'Choisissez au moins une colonne à exporter.',
  'export.write_failed': 'Le fichier d’export n’a pas pu être écrit.',
};

const pt: Catalog = {
  'export.too_large': 'O arquivo XLSX passaria de 4 GB. Exporte em CSV ou escolha menos colunas.',
  'export.too_many_rows':
    'Esta visão tem {rows} linhas; uma planilha XLSX comporta no máximo {max}. Exporte em CSV ou restrinja o filtro.',
  'export.col.id': 'ID',
  'export.col.created_at': 'Criado em',
  'export.col.updated_at': 'Alterado em',
  'export.col.created_by': 'Criado por',
  'export.col.updated_by': 'Alterado por',
  'export.sheet': 'Registros',
  'export.no_columns': 'Escolha pelo menos uma coluna para exportar.',
  'export.write_failed': 'Não foi possível gravar o arquivo de exportação.',
};

const ru: Catalog = {
  'export.too_large':
    'Файл XLSX превысил бы 4 ГБ. Экспортируйте в CSV или выберите меньше столбцов.',
  'export.too_many_rows':
    'В этом представлении {rows} строк; лист XLSX вмещает не более {max}. Экспортируйте в CSV или сузьте фильтр.',
  'export.col.id': 'ID',
  'export.col.created_at': 'Создано',
  'export.col.updated_at': 'Изменено',
  'export.col.created_by': 'Автор',
  'export.col.updated_by': 'Кем изменено',
  'export.sheet': 'Записи',
  'export.no_columns': 'Выберите хотя бы один столбец для экспорта.',
  'export.write_failed': 'Не удалось записать файл экспорта.',
};

export const exportsText = defineMessages({ en, de, fr, pt, ru });
