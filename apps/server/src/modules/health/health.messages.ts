import { defineMessages } from '../../platform/messages.js';

/** Why a server is not ready for traffic (`GET /api/ready`). */
export const healthText = defineMessages({
  en: {
    'ready.closing': 'This server is shutting down; use another one.',
    'ready.database': 'The database does not answer.',
    'ready.migrations': '{n} database migrations of this version are not applied.',
  },
  de: {
    'ready.closing': 'Dieser Server wird heruntergefahren; verwenden Sie einen anderen.',
    'ready.database': 'Die Datenbank antwortet nicht.',
    'ready.migrations': '{n} Datenbankmigrationen dieser Version sind nicht angewendet.',
  },
  fr: {
    'ready.closing': "Ce serveur s'arrête ; utilisez-en un autre.",
    'ready.database': 'La base de données ne répond pas.',
    'ready.migrations':
      '{n} migrations de base de données de cette version ne sont pas appliquées.',
  },
  pt: {
    'ready.closing': 'Este servidor está a encerrar; use outro.',
    'ready.database': 'A base de dados não responde.',
    'ready.migrations': '{n} migrações da base de dados desta versão não estão aplicadas.',
  },
  ru: {
    'ready.closing': 'Этот сервер завершает работу; используйте другой.',
    'ready.database': 'База данных не отвечает.',
    'ready.migrations': 'Не применено миграций базы данных этой версии: {n}.',
  },
});
