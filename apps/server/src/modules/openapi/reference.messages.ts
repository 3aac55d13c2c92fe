import { defineMessages, type Texts } from '../../platform/messages.js';

/** Texts of the API reference page (`GET /api/reference`): its title and its states. */
const en = {
  'reference.title': 'Fiscus API reference',
  'reference.loading': 'Loading the API reference…',
  'reference.failed_document':
    'The server did not send the API description. Check the connection and reload the page.',
  'reference.failed_viewer':
    'The reference viewer could not be loaded. Check the connection and reload the page.',
};
type Catalog = Texts<typeof en>;

const de: Catalog = {
  'reference.title': 'Fiscus-API-Referenz',
  'reference.loading': 'API-Referenz wird geladen…',
  'reference.failed_document':
    'Der Server hat die API-Beschreibung nicht gesendet. Prüfen Sie die Verbindung und laden Sie die Seite neu.',
  'reference.failed_viewer':
    'Die Referenzansicht konnte nicht geladen werden. Prüfen Sie die Verbindung und laden Sie die Seite neu.',
};

const fr: Catalog = {
  'reference.title': 'Référence de l’API Fiscus',
  'reference.loading': 'Chargement de la référence de l’API…',
  'reference.failed_document':
    'Le serveur n’a pas envoyé la description de l’API. Vérifiez la connexion et rechargez la page.',
  'reference.failed_viewer':
    'La visionneuse de la référence n’a pas pu être chargée. Vérifiez la connexion et rechargez la page.',
};

const pt: Catalog = {
  'reference.title': 'Referência da API do Fiscus',
  'reference.loading': 'A carregar a referência da API…',
  'reference.failed_document':
    'O servidor não enviou a descrição da API. Verifique a ligação e recarregue a página.',
  'reference.failed_viewer':
    'Não foi possível carregar o visualizador da referência. Verifique a ligação e recarregue a página.',
};

const ru: Catalog = {
  'reference.title': 'Справочник API Fiscus',
  'reference.loading': 'Загрузка справочника API…',
  'reference.failed_document':
    'Сервер не прислал описание API. Проверьте соединение и обновите страницу.',
  'reference.failed_viewer':
    'Не удалось загрузить просмотрщик справочника. Проверьте соединение и обновите страницу.',
};

export const referenceText = defineMessages({ en, de, fr, pt, ru });
