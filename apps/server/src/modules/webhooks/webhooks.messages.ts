import { defineMessages, type Texts } from '../../platform/messages.js';

/** Texts of webhooks: refusals, why an attempt failed, why a webhook was disabled. */
const en = {
  'webhook.not_found': 'There is no such webhook in this domain.',
  'webhook.url_invalid':
    'Enter a full http:// or https:// address without a user name or password.',
  'webhook.url_blocked':
    'Webhooks may not be sent to {address}: it is a loopback, private, link-local or this server’s own address. An admin may allow private addresses for this webhook.',
  'webhook.url_link_local':
    'Webhooks are never sent to {address}: link-local, multicast and reserved addresses are refused.',
  'webhook.objects_unknown': 'No object of this domain has the id {ids}.',
  'webhook.err_blocked':
    '{address} is in a range webhooks may not reach (loopback, private, link-local or this server’s own).',
  'webhook.err_host': 'The host name {host} could not be resolved.',
  'webhook.err_timeout': 'No answer within {seconds} s.',
  'webhook.err_connect': 'Could not connect: {detail}',
  'webhook.err_status': 'The receiver answered {status}.',
  'webhook.err_redirect':
    'The receiver answered with a redirect ({status}); redirects are not followed.',
  'webhook.err_gone': 'Not sent: the webhook was deleted or disabled.',
  'webhook.err_secret':
    'The signing secret could not be opened (the server’s secrets key changed). Make a new secret.',
  'webhook.disabled_failures': 'Disabled after {count} failed attempts in a row.',
};
type Catalog = Texts<typeof en>;

const de: Catalog = {
  'webhook.not_found': 'In dieser Domäne gibt es keinen solchen Webhook.',
  'webhook.url_invalid':
    'Geben Sie eine vollständige http://- oder https://-Adresse ohne Benutzernamen oder Passwort ein.',
  'webhook.url_blocked':
    'Webhooks dürfen nicht an {address} gesendet werden: Es ist eine Loopback-, private, Link-Local- oder eigene Adresse dieses Servers. Ein Admin kann private Adressen für diesen Webhook erlauben.',
  'webhook.url_link_local':
    'Webhooks werden nie an {address} gesendet: Link-Local-, Multicast- und reservierte Adressen sind gesperrt.',
  'webhook.objects_unknown': 'Kein Objekt dieser Domäne hat die ID {ids}.',
  'webhook.err_blocked':
    '{address} liegt in einem Bereich, den Webhooks nicht erreichen dürfen (Loopback, privat, Link-Local oder dieser Server).',
  'webhook.err_host': 'Der Hostname {host} konnte nicht aufgelöst werden.',
  'webhook.err_timeout': 'Keine Antwort innerhalb von {seconds} s.',
  'webhook.err_connect': 'Verbindung fehlgeschlagen: {detail}',
  'webhook.err_status': 'Der Empfänger antwortete mit {status}.',
  'webhook.err_redirect':
    'Der Empfänger antwortete mit einer Weiterleitung ({status}); Weiterleitungen werden nicht verfolgt.',
  'webhook.err_gone': 'Nicht gesendet: Der Webhook wurde gelöscht oder deaktiviert.',
  'webhook.err_secret':
    'Das Signaturgeheimnis ließ sich nicht öffnen (der Geheimschlüssel des Servers hat sich geändert). Erzeugen Sie ein neues Geheimnis.',
  'webhook.disabled_failures': 'Deaktiviert nach {count} fehlgeschlagenen Versuchen in Folge.',
};

const fr: Catalog = {
  'webhook.not_found': 'Ce webhook n’existe pas dans ce domaine.',
  'webhook.url_invalid':
    'Saisissez une adresse http:// ou https:// complète, sans nom d’utilisateur ni mot de passe.',
  'webhook.url_blocked':
    'Les webhooks ne peuvent pas être envoyés à {address} : c’est une adresse de bouclage, privée, lien-local ou de ce serveur. Un administrateur peut autoriser les adresses privées pour ce webhook.',
  'webhook.url_link_local':
    'Les webhooks ne sont jamais envoyés à {address} : les adresses lien-local, multicast et réservées sont refusées.',
  'webhook.objects_unknown': 'Aucun objet de ce domaine n’a l’identifiant {ids}.',
  'webhook.err_blocked':
    '{address} est dans une plage que les webhooks ne peuvent pas atteindre (bouclage, privée, lien-local ou ce serveur).',
  'webhook.err_host': 'Le nom d’hôte {host} n’a pas pu être résolu.',
  'webhook.err_timeout': 'Aucune réponse en {seconds} s.',
  'webhook.err_connect': 'Connexion impossible : {detail}',
  'webhook.err_status': 'Le destinataire a répondu {status}.',
  'webhook.err_redirect':
    'Le destinataire a répondu par une redirection ({status}) ; les redirections ne sont pas suivies.',
  'webhook.err_gone': 'Non envoyé : le webhook a été supprimé ou désactivé.',
  'webhook.err_secret':
    'Le secret de signature n’a pas pu être ouvert (la clé des secrets du serveur a changé). Générez un nouveau secret.',
  'webhook.disabled_failures': 'Désactivé après {count} tentatives échouées d’affilée.',
};

const pt: Catalog = {
  'webhook.not_found': 'Não existe esse webhook neste domínio.',
  'webhook.url_invalid':
    'Introduza um endereço http:// ou https:// completo, sem nome de utilizador nem palavra-passe.',
  'webhook.url_blocked':
    'Os webhooks não podem ser enviados para {address}: é um endereço de loopback, privado, link-local ou deste servidor. Um administrador pode permitir endereços privados para este webhook.',
  'webhook.url_link_local':
    'Os webhooks nunca são enviados para {address}: endereços link-local, multicast e reservados são recusados.',
  'webhook.objects_unknown': 'Nenhum objeto deste domínio tem o id {ids}.',
  'webhook.err_blocked':
    '{address} está numa gama que os webhooks não podem alcançar (loopback, privada, link-local ou este servidor).',
  'webhook.err_host': 'Não foi possível resolver o nome de anfitrião {host}.',
  'webhook.err_timeout': 'Sem resposta em {seconds} s.',
  'webhook.err_connect': 'Não foi possível ligar: {detail}',
  'webhook.err_status': 'O destinatário respondeu {status}.',
  'webhook.err_redirect':
    'O destinatário respondeu com um redirecionamento ({status}); os redirecionamentos não são seguidos.',
  'webhook.err_gone': 'Não enviado: o webhook foi eliminado ou desativado.',
  'webhook.err_secret':
    'Não foi possível abrir o segredo de assinatura (a chave de segredos do servidor mudou). Gere um novo segredo.',
  'webhook.disabled_failures': 'Desativado após {count} tentativas falhadas seguidas.',
};

const ru: Catalog = {
  'webhook.not_found': 'В этом домене нет такого вебхука.',
  'webhook.url_invalid':
    'Введите полный адрес http:// или https:// без имени пользователя и пароля.',
  'webhook.url_blocked':
    'Вебхуки нельзя отправлять на {address}: это адрес loopback, частной сети, link-local или самого сервера. Администратор может разрешить частные адреса для этого вебхука.',
  'webhook.url_link_local':
    'Вебхуки никогда не отправляются на {address}: адреса link-local, multicast и зарезервированные запрещены.',
  'webhook.objects_unknown': 'В этом домене нет объекта с идентификатором {ids}.',
  'webhook.err_blocked':
    '{address} — в диапазоне, недоступном для вебхуков (loopback, частная сеть, link-local или этот сервер).',
  'webhook.err_host': 'Не удалось разрешить имя хоста {host}.',
  'webhook.err_timeout': 'Нет ответа за {seconds} с.',
  'webhook.err_connect': 'Не удалось подключиться: {detail}',
  'webhook.err_status': 'Получатель ответил {status}.',
  'webhook.err_redirect':
    'Получатель ответил перенаправлением ({status}); перенаправления не выполняются.',
  'webhook.err_gone': 'Не отправлено: вебхук удалён или отключён.',
  'webhook.err_secret':
    'Не удалось открыть секрет подписи (ключ секретов сервера изменился). Создайте новый секрет.',
  'webhook.disabled_failures': 'Отключён после {count} неудачных попыток подряд.',
};

export const webhooksText = defineMessages({ en, de, fr, pt, ru });
