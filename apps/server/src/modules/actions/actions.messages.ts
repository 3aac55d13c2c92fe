import { defineMessages, type Texts } from '../../platform/messages.js';

const en = {
  'action.not_found': 'This action does not exist in this domain.',
  'action.not_allowed': 'This button is not available to your role.',
  'action.param_unknown': 'The procedure has no parameter @{name}.',
  'action.param_not_record': '@{name} must be a parameter taking a record of {object}.',
  'action.record_on_card':
    'The record is passed on a record card only: place the action on the card alone.',
  'action.ask_preset': '@{name} is both preset and asked for.',
  'action.missing_param': '@{name} is required: preset it, ask for it, or pass the card’s record.',
  'action.record_required': 'This action runs on a record: press it on a record card.',
  'action.not_asked': 'This action does not ask for @{name}.',
};

const de: Texts<typeof en> = {
  'action.not_found': 'Diese Aktion gibt es in dieser Domäne nicht.',
  'action.not_allowed': 'Diese Schaltfläche steht Ihrer Rolle nicht zur Verfügung.',
  'action.param_unknown': 'Die Prozedur hat keinen Parameter @{name}.',
  'action.param_not_record':
    '@{name} muss ein Parameter sein, der einen Datensatz von {object} nimmt.',
  'action.record_on_card':
    'Der Datensatz wird nur auf einer Datensatzkarte übergeben: Platzieren Sie die Aktion nur auf der Karte.',
  'action.ask_preset': '@{name} ist zugleich vorbelegt und abgefragt.',
  'action.missing_param':
    '@{name} ist erforderlich: belegen Sie ihn vor, fragen Sie ihn ab oder übergeben Sie den Datensatz der Karte.',
  'action.record_required':
    'Diese Aktion läuft auf einem Datensatz: Drücken Sie sie auf einer Datensatzkarte.',
  'action.not_asked': 'Diese Aktion fragt @{name} nicht ab.',
};

const fr: Texts<typeof en> = {
  'action.not_found': "Cette action n'existe pas dans ce domaine.",
  'action.not_allowed': "Ce bouton n'est pas disponible pour votre rôle.",
  'action.param_unknown': "La procédure n'a pas de paramètre @{name}.",
  'action.param_not_record':
    '@{name} doit être un paramètre recevant un enregistrement de {object}.',
  'action.record_on_card':
    "L'enregistrement n'est transmis que sur une fiche : placez l'action sur la fiche seule.",
  'action.ask_preset': '@{name} est à la fois prédéfini et demandé.',
  'action.missing_param':
    "@{name} est obligatoire : prédéfinissez-le, demandez-le ou transmettez l'enregistrement de la fiche.",
  'action.record_required':
    "Cette action s'exécute sur un enregistrement : utilisez-la depuis une fiche.",
  'action.not_asked': 'Cette action ne demande pas @{name}.',
};

const pt: Texts<typeof en> = {
  'action.not_found': 'Esta ação não existe neste domínio.',
  'action.not_allowed': 'Este botão não está disponível para a sua função.',
  'action.param_unknown': 'O procedimento não tem o parâmetro @{name}.',
  'action.param_not_record': '@{name} tem de ser um parâmetro que recebe um registo de {object}.',
  'action.record_on_card':
    'O registo só é passado numa ficha de registo: coloque a ação apenas na ficha.',
  'action.ask_preset': '@{name} está ao mesmo tempo predefinido e pedido.',
  'action.missing_param': '@{name} é obrigatório: predefina-o, peça-o ou passe o registo da ficha.',
  'action.record_required': 'Esta ação corre sobre um registo: use-a numa ficha de registo.',
  'action.not_asked': 'Esta ação não pede @{name}.',
};

const ru: Texts<typeof en> = {
  'action.not_found': 'Такого действия в этом домене нет.',
  'action.not_allowed': 'Эта кнопка недоступна для вашей роли.',
  'action.param_unknown': 'У процедуры нет параметра @{name}.',
  'action.param_not_record': '@{name} должен быть параметром, принимающим запись из {object}.',
  'action.record_on_card':
    'Запись передаётся только в карточке записи: разместите действие только в карточке.',
  'action.ask_preset': '@{name} одновременно задан заранее и запрашивается.',
  'action.missing_param':
    '@{name} обязателен: задайте его заранее, запросите его или передайте запись карточки.',
  'action.record_required': 'Это действие выполняется над записью: нажмите его в карточке записи.',
  'action.not_asked': 'Это действие не запрашивает @{name}.',
};

export const actionsText = defineMessages({ en, de, fr, pt, ru });
