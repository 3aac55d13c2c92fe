import { defineMessages, type Texts } from '../../platform/messages.js';

const en = {
  'ds.url_invalid': 'Enter a PostgreSQL address like postgres://user:password@host:5432/database.',
  'ds.file_not_sqlite': 'This file is not a SQLite database.',
  'ds.in_use': 'Mounted objects use this data source: {names}. Delete those mounts first.',
  'ds.kind_fixed': 'The kind of a data source cannot change.',
};
const de: Texts<typeof en> = {
  'ds.url_invalid':
    'Geben Sie eine PostgreSQL-Adresse wie postgres://benutzer:passwort@host:5432/datenbank ein.',
  'ds.file_not_sqlite': 'Diese Datei ist keine SQLite-Datenbank.',
  'ds.in_use':
    'Eingebundene Objekte verwenden diese Datenquelle: {names}. Löschen Sie zuerst diese Einbindungen.',
  'ds.kind_fixed': 'Die Art einer Datenquelle kann sich nicht ändern.',
};
const fr: Texts<typeof en> = {
  'ds.url_invalid':
    'Saisissez une adresse PostgreSQL comme postgres://utilisateur:motdepasse@hote:5432/base.',
  'ds.file_not_sqlite': "Ce fichier n'est pas une base de données SQLite.",
  'ds.in_use':
    'Des objets montés utilisent cette source de données : {names}. Supprimez d’abord ces montages.',
  'ds.kind_fixed': "Le type d'une source de données ne peut pas changer.",
};
const pt: Texts<typeof en> = {
  'ds.url_invalid':
    'Introduza um endereço PostgreSQL como postgres://utilizador:senha@host:5432/base.',
  'ds.file_not_sqlite': 'Este ficheiro não é uma base de dados SQLite.',
  'ds.in_use':
    'Objetos montados usam esta fonte de dados: {names}. Elimine primeiro essas montagens.',
  'ds.kind_fixed': 'O tipo de uma fonte de dados não pode mudar.',
};
const ru: Texts<typeof en> = {
  'ds.url_invalid': 'Введите адрес PostgreSQL вида postgres://пользователь:пароль@хост:5432/база.',
  'ds.file_not_sqlite': 'Этот файл не является базой данных SQLite.',
  'ds.in_use':
    'Этот источник используют подключённые объекты: {names}. Сначала удалите эти подключения.',
  'ds.kind_fixed': 'Тип источника данных изменить нельзя.',
};

export const dst = defineMessages({ en, de, fr, pt, ru });
