import { defineMessages, type Texts } from '../../platform/messages.js';

const en = {
  'ds.url_invalid': 'Enter a PostgreSQL address like postgres://user:password@host:5432/database.',
  'ds.file_not_sqlite': 'This file is not a SQLite database.',
  'ds.in_use': 'Mounted objects use this data source: {names}. Delete those mounts first.',
  'ds.kind_fixed': 'The kind of a data source cannot change.',
  'ds.file_not_table': 'This file is not a CSV or XLSX file.',
  'ds.file_empty': 'This file holds no rows.',
  'ds.url_invalid_mysql': 'Enter a MySQL address like mysql://user:password@host:3306/database.',
};
const de: Texts<typeof en> = {
  'ds.url_invalid':
    'Geben Sie eine PostgreSQL-Adresse wie postgres://benutzer:passwort@host:5432/datenbank ein.',
  'ds.file_not_sqlite': 'Diese Datei ist keine SQLite-Datenbank.',
  'ds.in_use':
    'Eingebundene Objekte verwenden diese Datenquelle: {names}. Löschen Sie zuerst diese Einbindungen.',
  'ds.kind_fixed': 'Die Art einer Datenquelle kann sich nicht ändern.',
  'ds.file_not_table': 'Diese Datei ist keine CSV- oder XLSX-Datei.',
  'ds.file_empty': 'Diese Datei enthält keine Zeilen.',
  'ds.url_invalid_mysql':
    'Geben Sie eine MySQL-Adresse wie mysql://benutzer:passwort@host:3306/datenbank ein.',
};
const fr: Texts<typeof en> = {
  'ds.url_invalid':
    'Saisissez une adresse PostgreSQL comme postgres://utilisateur:motdepasse@hote:5432/base.',
  'ds.file_not_sqlite': "Ce fichier n'est pas une base de données SQLite.",
  'ds.in_use':
    'Des objets montés utilisent cette source de données : {names}. Supprimez d’abord ces montages.',
  'ds.kind_fixed': "Le type d'une source de données ne peut pas changer.",
  'ds.file_not_table': "Ce fichier n'est ni un fichier CSV ni un fichier XLSX.",
  'ds.file_empty': 'Ce fichier ne contient aucune ligne.',
  'ds.url_invalid_mysql':
    'Saisissez une adresse MySQL comme mysql://utilisateur:motdepasse@hote:3306/base.',
};
const pt: Texts<typeof en> = {
  'ds.url_invalid':
    'Introduza um endereço PostgreSQL como postgres://utilizador:senha@host:5432/base.',
  'ds.file_not_sqlite': 'Este ficheiro não é uma base de dados SQLite.',
  'ds.in_use':
    'Objetos montados usam esta fonte de dados: {names}. Elimine primeiro essas montagens.',
  'ds.kind_fixed': 'O tipo de uma fonte de dados não pode mudar.',
  'ds.file_not_table': 'Este ficheiro não é um ficheiro CSV nem XLSX.',
  'ds.file_empty': 'Este ficheiro não tem linhas.',
  'ds.url_invalid_mysql':
    'Introduza um endereço MySQL como mysql://utilizador:senha@host:3306/base.',
};
const ru: Texts<typeof en> = {
  'ds.url_invalid': 'Введите адрес PostgreSQL вида postgres://пользователь:пароль@хост:5432/база.',
  'ds.file_not_sqlite': 'Этот файл не является базой данных SQLite.',
  'ds.in_use':
    'Этот источник используют подключённые объекты: {names}. Сначала удалите эти подключения.',
  'ds.kind_fixed': 'Тип источника данных изменить нельзя.',
  'ds.file_not_table': 'Этот файл не является файлом CSV или XLSX.',
  'ds.file_empty': 'В этом файле нет строк.',
  'ds.url_invalid_mysql': 'Введите адрес MySQL вида mysql://пользователь:пароль@хост:3306/база.',
};

export const datasourcesText = defineMessages({ en, de, fr, pt, ru });
