import { defineMessages, type Texts } from '../../platform/messages.js';

const en = {
  'ribbon.ticket_invalid': 'This stream ticket is not valid or has been used; ask for a new one.',
  'ribbon.bad_period': 'Expected a date (YYYY-MM-DD) or a date and time (ISO 8601).',
  'ribbon.bad_last_event': 'Last-Event-ID must be the id of an event.',
  'ribbon.too_many_streams': 'Too many open event streams; close some tabs and try again.',
};
const de: Texts<typeof en> = {
  'ribbon.ticket_invalid':
    'Dieses Ticket für den Ereignisstrom ist ungültig oder schon benutzt; fordern Sie ein neues an.',
  'ribbon.bad_period': 'Erwartet: ein Datum (JJJJ-MM-TT) oder Datum mit Uhrzeit (ISO 8601).',
  'ribbon.bad_last_event': 'Last-Event-ID muss die Nummer eines Ereignisses sein.',
  'ribbon.too_many_streams':
    'Zu viele offene Ereignisströme; schließen Sie einige Tabs und versuchen Sie es erneut.',
};
const fr: Texts<typeof en> = {
  'ribbon.ticket_invalid':
    "Ce ticket de flux d'événements n'est pas valide ou a déjà servi ; demandez-en un nouveau.",
  'ribbon.bad_period': 'Attendu : une date (AAAA-MM-JJ) ou une date et heure (ISO 8601).',
  'ribbon.bad_last_event': "Last-Event-ID doit être le numéro d'un événement.",
  'ribbon.too_many_streams':
    "Trop de flux d'événements ouverts ; fermez quelques onglets et réessayez.",
};
const pt: Texts<typeof en> = {
  'ribbon.ticket_invalid':
    'Este bilhete do fluxo de eventos não é válido ou já foi usado; peça um novo.',
  'ribbon.bad_period': 'Esperado: uma data (AAAA-MM-DD) ou data e hora (ISO 8601).',
  'ribbon.bad_last_event': 'Last-Event-ID tem de ser o número de um evento.',
  'ribbon.too_many_streams':
    'Demasiados fluxos de eventos abertos; feche alguns separadores e tente novamente.',
};
const ru: Texts<typeof en> = {
  'ribbon.ticket_invalid':
    'Этот билет потока событий недействителен или уже использован; запросите новый.',
  'ribbon.bad_period': 'Ожидается дата (ГГГГ-ММ-ДД) или дата и время (ISO 8601).',
  'ribbon.bad_last_event': 'Last-Event-ID должен быть номером события.',
  'ribbon.too_many_streams':
    'Открыто слишком много потоков событий; закройте несколько вкладок и попробуйте снова.',
};

export const ribbonText = defineMessages({ en, de, fr, pt, ru });
