import { defineMessages } from '../../platform/messages.js';

/** Texts of sign-in, registration, password and two-step verification, in all five languages. */
export const authText = defineMessages({
  en: {
    'auth.no_domain': 'This account belongs to no domain. Please ask a domain owner to invite you.',
    'auth.unauthorized': 'Please sign in.',
    'auth.token_expired': 'Your session has expired. Please sign in again.',
    'auth.invalid_token': 'Your session is not valid. Please sign in again.',
    'auth.token_throttled': 'Too many requests with this API token. Try again in {seconds} s.',
    'auth.token_not_found': 'There is no such API token of yours.',
    'auth.token_invalid':
      'This API token is not valid: it is unknown, revoked, or its owner left the domain.',
    'auth.token_expired_api': 'This API token has expired.',
    'auth.token_objects_unknown': 'No object of this domain has the id {ids}.',
    'auth.token_not_here': 'An API token cannot do this: it is for signed-in users only.',
    'auth.invalid_credentials': 'The username, email or password is not correct.',
    'auth.throttled': 'Too many failed attempts. Please try again in {seconds} seconds.',
    'auth.username_required': 'Please enter your username.',
    'auth.username_rule':
      'A username has 3 to 32 characters: letters, digits, dots, dashes or underscores.',
    'auth.username_taken': 'This username is already in use.',
    'auth.email_required': 'Please enter your email.',
    'auth.email_invalid': 'Please enter a valid email address.',
    'auth.email_taken': 'This email is already in use.',
    'auth.password_required': 'Please enter a password.',
    'auth.password_too_short': 'The password must have at least {min} characters.',
    'auth.password_too_long': 'The password must have at most {max} characters.',
    'auth.password_needs_letter': 'The password must contain at least one letter.',
    'auth.password_needs_digit': 'The password must contain at least one digit.',
    'auth.password_wrong': 'The password is not correct.',
    'auth.old_password_wrong': 'The current password is not correct.',
    'auth.invalid_refresh_token': 'Your session has ended. Please sign in again.',
    'auth.invalid_reset_token':
      'This password reset link is invalid or has expired. Please request a new one.',
    'auth.invalid_challenge': 'The sign-in step has expired. Please sign in again.',
    'auth.invalid_second_factor': 'The code is not correct.',
    'auth.totp_already_enabled': 'Two-step verification is already on.',
    'auth.totp_not_set_up': 'Please start the two-step verification setup first.',
    'auth.totp_not_enabled': 'Two-step verification is not on.',
    'auth.domain_name': "{username}'s domain",
    'auth.mail.reset.subject': 'Reset your {app} password',
    'auth.mail.reset.text':
      'Hello {name},\n\nsomeone (hopefully you) asked to reset the password of your {app} account.\nOpen this link within {minutes} minutes to choose a new password:\n\n{link}\n\nIf you did not ask for this, ignore this mail: your password stays unchanged.\n',
    'auth.current_password_required': 'Please enter your current password.',
    'auth.code_needs_totp':
      'Two-step verification is off for this account: please confirm with your password.',
    'auth.challenge_spent': 'Too many wrong codes. Please sign in again.',
    'auth.links_unconfigured':
      "Mails with links cannot be sent: the server's public address (PUBLIC_URL) is not set. Please tell your administrator.",
    'auth.links_host_refused':
      'Links cannot be mailed for requests to {host}. Please open the console at its usual address.',
    'auth.email_changes_throttled':
      'Too many e-mail changes in a short time. Please try again in {minutes} minutes.',
    'auth.mail_failed': 'The confirmation mail could not be sent. Please try again later.',
    'auth.no_email_change': 'No change of your e-mail address is waiting for confirmation.',
    'auth.confirmation_invalid':
      'This confirmation link is not valid. A newer link may have replaced it, or the change was cancelled.',
    'auth.confirmation_used': 'This confirmation link has already been used.',
    'auth.confirmation_expired':
      'This confirmation link has expired. Please ask for a new one in your account settings.',
    'auth.confirmation_other_account':
      'This link belongs to another account. Sign out, then sign in with the account whose e-mail address you are changing.',
    'auth.email_taken_now':
      'This e-mail address has been taken by another account in the meantime.',
    'auth.mail.email_confirm.subject': 'Confirm your new {app} e-mail address',
    'auth.mail.email_confirm.text':
      'Hello {name},\n\nyou asked to make {email} the sign-in e-mail address of your {app} account {username}.\nOpen this link within {hours} hours to confirm it (you may be asked to sign in first):\n\n{link}\n\nUntil then your sign-in address stays {oldEmail}. If you did not ask for this, ignore this mail.\n',
    'auth.mail.email_change_notice.subject':
      'A new e-mail address was requested for your {app} account',
    'auth.mail.email_change_notice.text':
      'Hello {name},\n\nsomeone signed in to your {app} account {username} asked to change its sign-in e-mail address from {oldEmail} to {email}.\nThe change takes effect only once the link sent to {email} has been opened.\n\nIf this was not you, sign in and change your password now: that cancels the change and ends every other sign-in.\n',
    'auth.mail.email_changed.subject': 'The e-mail address of your {app} account was changed',
    'auth.mail.email_changed.text':
      'Hello {name},\n\nthe sign-in e-mail address of your {app} account {username} is now {email} (it was {oldEmail}).\n\nIf this was not you, sign in with your username and password, change your password and tell the owner of your domain.\n',
  },
  de: {
    'auth.no_domain':
      'Dieses Konto gehört zu keiner Domäne. Bitten Sie den Eigentümer einer Domäne um eine Einladung.',
    'auth.unauthorized': 'Bitte melden Sie sich an.',
    'auth.token_expired': 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    'auth.invalid_token': 'Ihre Sitzung ist ungültig. Bitte melden Sie sich erneut an.',
    'auth.token_throttled':
      'Zu viele Anfragen mit diesem API-Token. Versuchen Sie es in {seconds} s erneut.',
    'auth.token_not_found': 'Ein solches API-Token von Ihnen gibt es nicht.',
    'auth.token_invalid':
      'Dieses API-Token ist ungültig: unbekannt, widerrufen, oder sein Inhaber hat die Domäne verlassen.',
    'auth.token_expired_api': 'Dieses API-Token ist abgelaufen.',
    'auth.token_objects_unknown': 'Kein Objekt dieser Domäne hat die ID {ids}.',
    'auth.token_not_here':
      'Ein API-Token kann das nicht: Es ist nur angemeldeten Benutzern erlaubt.',
    'auth.invalid_credentials': 'Benutzername, E-Mail-Adresse oder Passwort ist nicht korrekt.',
    'auth.throttled':
      'Zu viele fehlgeschlagene Versuche. Bitte versuchen Sie es in {seconds} Sekunden erneut.',
    'auth.username_required': 'Bitte geben Sie Ihren Benutzernamen ein.',
    'auth.username_rule':
      'Ein Benutzername hat 3 bis 32 Zeichen: Buchstaben, Ziffern, Punkte, Bindestriche oder Unterstriche.',
    'auth.username_taken': 'Dieser Benutzername ist bereits vergeben.',
    'auth.email_required': 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
    'auth.email_invalid': 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    'auth.email_taken': 'Diese E-Mail-Adresse wird bereits verwendet.',
    'auth.password_required': 'Bitte geben Sie ein Passwort ein.',
    'auth.password_too_short': 'Das Passwort muss mindestens {min} Zeichen haben.',
    'auth.password_too_long': 'Das Passwort darf höchstens {max} Zeichen haben.',
    'auth.password_needs_letter': 'Das Passwort muss mindestens einen Buchstaben enthalten.',
    'auth.password_needs_digit': 'Das Passwort muss mindestens eine Ziffer enthalten.',
    'auth.password_wrong': 'Das Passwort ist nicht korrekt.',
    'auth.old_password_wrong': 'Das aktuelle Passwort ist nicht korrekt.',
    'auth.invalid_refresh_token': 'Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.',
    'auth.invalid_reset_token':
      'Dieser Link zum Zurücksetzen des Passworts ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
    'auth.invalid_challenge': 'Der Anmeldeschritt ist abgelaufen. Bitte melden Sie sich erneut an.',
    'auth.invalid_second_factor': 'Der Code ist nicht korrekt.',
    'auth.totp_already_enabled': 'Die Bestätigung in zwei Schritten ist bereits aktiv.',
    'auth.totp_not_set_up':
      'Bitte starten Sie zuerst die Einrichtung der Bestätigung in zwei Schritten.',
    'auth.totp_not_enabled': 'Die Bestätigung in zwei Schritten ist nicht aktiv.',
    'auth.domain_name': 'Domäne von {username}',
    'auth.mail.reset.subject': 'Ihr {app}-Passwort zurücksetzen',
    'auth.mail.reset.text':
      'Hallo {name},\n\njemand (hoffentlich Sie) möchte das Passwort Ihres {app}-Kontos zurücksetzen.\nÖffnen Sie diesen Link innerhalb von {minutes} Minuten, um ein neues Passwort zu wählen:\n\n{link}\n\nWenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.\n',
    'auth.current_password_required': 'Bitte geben Sie Ihr aktuelles Passwort ein.',
    'auth.code_needs_totp':
      'Die Bestätigung in zwei Schritten ist für dieses Konto nicht aktiv: Bitte bestätigen Sie mit Ihrem Passwort.',
    'auth.challenge_spent': 'Zu viele falsche Codes. Bitte melden Sie sich erneut an.',
    'auth.links_unconfigured':
      'E-Mails mit Links können nicht gesendet werden: Die öffentliche Adresse des Servers (PUBLIC_URL) ist nicht gesetzt. Bitte informieren Sie Ihre Administration.',
    'auth.links_host_refused':
      'Für Anfragen an {host} können keine Links verschickt werden. Bitte öffnen Sie die Konsole unter ihrer gewohnten Adresse.',
    'auth.email_changes_throttled':
      'Zu viele Änderungen der E-Mail-Adresse in kurzer Zeit. Bitte versuchen Sie es in {minutes} Minuten erneut.',
    'auth.mail_failed':
      'Die Bestätigungs-E-Mail konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.',
    'auth.no_email_change': 'Es wartet keine Änderung Ihrer E-Mail-Adresse auf Bestätigung.',
    'auth.confirmation_invalid':
      'Dieser Bestätigungslink ist ungültig. Vielleicht wurde er durch einen neueren ersetzt oder die Änderung wurde abgebrochen.',
    'auth.confirmation_used': 'Dieser Bestätigungslink wurde bereits verwendet.',
    'auth.confirmation_expired':
      'Dieser Bestätigungslink ist abgelaufen. Bitte fordern Sie in Ihren Kontoeinstellungen einen neuen an.',
    'auth.confirmation_other_account':
      'Dieser Link gehört zu einem anderen Konto. Melden Sie sich ab und mit dem Konto an, dessen E-Mail-Adresse Sie ändern.',
    'auth.email_taken_now':
      'Diese E-Mail-Adresse wird inzwischen von einem anderen Konto verwendet.',
    'auth.mail.email_confirm.subject': 'Bestätigen Sie Ihre neue {app}-E-Mail-Adresse',
    'auth.mail.email_confirm.text':
      'Hallo {name},\n\nSie möchten {email} zur Anmelde-E-Mail-Adresse Ihres {app}-Kontos {username} machen.\nÖffnen Sie diesen Link innerhalb von {hours} Stunden, um das zu bestätigen (eventuell müssen Sie sich zuerst anmelden):\n\n{link}\n\nBis dahin bleibt {oldEmail} Ihre Anmeldeadresse. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.\n',
    'auth.mail.email_change_notice.subject':
      'Für Ihr {app}-Konto wurde eine neue E-Mail-Adresse angefordert',
    'auth.mail.email_change_notice.text':
      'Hallo {name},\n\njemand, der in Ihrem {app}-Konto {username} angemeldet ist, möchte die Anmelde-E-Mail-Adresse von {oldEmail} zu {email} ändern.\nDie Änderung wird erst wirksam, wenn der an {email} gesendete Link geöffnet wurde.\n\nWenn Sie das nicht waren, melden Sie sich an und ändern Sie sofort Ihr Passwort: Das bricht die Änderung ab und beendet alle anderen Anmeldungen.\n',
    'auth.mail.email_changed.subject': 'Die E-Mail-Adresse Ihres {app}-Kontos wurde geändert',
    'auth.mail.email_changed.text':
      'Hallo {name},\n\ndie Anmelde-E-Mail-Adresse Ihres {app}-Kontos {username} ist jetzt {email} (bisher {oldEmail}).\n\nWenn Sie das nicht waren, melden Sie sich mit Benutzername und Passwort an, ändern Sie Ihr Passwort und informieren Sie den Eigentümer Ihrer Domäne.\n',
  },
  fr: {
    'auth.no_domain':
      "Ce compte n'appartient à aucun domaine. Demandez au propriétaire d'un domaine de vous inviter.",
    'auth.unauthorized': 'Veuillez vous connecter.',
    'auth.token_expired': 'Votre session a expiré. Veuillez vous reconnecter.',
    'auth.invalid_token': "Votre session n'est pas valide. Veuillez vous reconnecter.",
    'auth.token_throttled': 'Trop de requêtes avec ce jeton d’API. Réessayez dans {seconds} s.',
    'auth.token_not_found': 'Vous n’avez aucun jeton d’API de ce nom.',
    'auth.token_invalid':
      'Ce jeton d’API n’est pas valide : inconnu, révoqué, ou son titulaire a quitté le domaine.',
    'auth.token_expired_api': 'Ce jeton d’API a expiré.',
    'auth.token_objects_unknown': 'Aucun objet de ce domaine n’a l’identifiant {ids}.',
    'auth.token_not_here':
      'Un jeton d’API ne peut pas faire cela : c’est réservé aux utilisateurs connectés.',
    'auth.invalid_credentials': "Le nom d'utilisateur, l'e-mail ou le mot de passe est incorrect.",
    'auth.throttled': 'Trop de tentatives échouées. Veuillez réessayer dans {seconds} secondes.',
    'auth.username_required': "Veuillez saisir votre nom d'utilisateur.",
    'auth.username_rule':
      "Un nom d'utilisateur compte de 3 à 32 caractères : lettres, chiffres, points, tirets ou traits de soulignement.",
    'auth.username_taken': "Ce nom d'utilisateur est déjà utilisé.",
    'auth.email_required': 'Veuillez saisir votre adresse e-mail.',
    'auth.email_invalid': 'Veuillez saisir une adresse e-mail valide.',
    'auth.email_taken': 'Cette adresse e-mail est déjà utilisée.',
    'auth.password_required': 'Veuillez saisir un mot de passe.',
    'auth.password_too_short': 'Le mot de passe doit comporter au moins {min} caractères.',
    'auth.password_too_long': 'Le mot de passe doit comporter au plus {max} caractères.',
    'auth.password_needs_letter': 'Le mot de passe doit contenir au moins une lettre.',
    'auth.password_needs_digit': 'Le mot de passe doit contenir au moins un chiffre.',
    'auth.password_wrong': "Le mot de passe n'est pas correct.",
    'auth.old_password_wrong': "Le mot de passe actuel n'est pas correct.",
    'auth.invalid_refresh_token': 'Votre session est terminée. Veuillez vous reconnecter.',
    'auth.invalid_reset_token':
      "Ce lien de réinitialisation n'est pas valide ou a expiré. Veuillez en demander un nouveau.",
    'auth.invalid_challenge': "L'étape de connexion a expiré. Veuillez vous reconnecter.",
    'auth.invalid_second_factor': "Le code n'est pas correct.",
    'auth.totp_already_enabled': 'La validation en deux étapes est déjà activée.',
    'auth.totp_not_set_up':
      "Veuillez d'abord commencer la configuration de la validation en deux étapes.",
    'auth.totp_not_enabled': "La validation en deux étapes n'est pas activée.",
    'auth.domain_name': 'Domaine de {username}',
    'auth.mail.reset.subject': 'Réinitialisez votre mot de passe {app}',
    'auth.mail.reset.text':
      "Bonjour {name},\n\nquelqu'un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte {app}.\nOuvrez ce lien dans les {minutes} minutes pour choisir un nouveau mot de passe :\n\n{link}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.\n",
    'auth.current_password_required': 'Veuillez saisir votre mot de passe actuel.',
    'auth.code_needs_totp':
      "La validation en deux étapes n'est pas activée pour ce compte : veuillez confirmer avec votre mot de passe.",
    'auth.challenge_spent': 'Trop de codes erronés. Veuillez vous reconnecter.',
    'auth.links_unconfigured':
      "Impossible d'envoyer des e-mails contenant des liens : l'adresse publique du serveur (PUBLIC_URL) n'est pas définie. Veuillez prévenir votre administrateur.",
    'auth.links_host_refused':
      'Aucun lien ne peut être envoyé pour des requêtes adressées à {host}. Veuillez ouvrir la console à son adresse habituelle.',
    'auth.email_changes_throttled':
      "Trop de changements d'adresse e-mail en peu de temps. Veuillez réessayer dans {minutes} minutes.",
    'auth.mail_failed':
      "L'e-mail de confirmation n'a pas pu être envoyé. Veuillez réessayer plus tard.",
    'auth.no_email_change': "Aucun changement d'adresse e-mail n'attend de confirmation.",
    'auth.confirmation_invalid':
      "Ce lien de confirmation n'est pas valide. Un lien plus récent l'a peut-être remplacé, ou le changement a été annulé.",
    'auth.confirmation_used': 'Ce lien de confirmation a déjà été utilisé.',
    'auth.confirmation_expired':
      'Ce lien de confirmation a expiré. Veuillez en demander un nouveau dans les paramètres de votre compte.',
    'auth.confirmation_other_account':
      "Ce lien appartient à un autre compte. Déconnectez-vous, puis connectez-vous avec le compte dont vous changez l'adresse e-mail.",
    'auth.email_taken_now': 'Cette adresse e-mail est désormais utilisée par un autre compte.',
    'auth.mail.email_confirm.subject': 'Confirmez votre nouvelle adresse e-mail {app}',
    'auth.mail.email_confirm.text':
      "Bonjour {name},\n\nvous avez demandé que {email} devienne l'adresse e-mail de connexion de votre compte {app} {username}.\nOuvrez ce lien dans les {hours} heures pour le confirmer (il vous sera peut-être demandé de vous connecter d'abord) :\n\n{link}\n\nD'ici là, votre adresse de connexion reste {oldEmail}. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.\n",
    'auth.mail.email_change_notice.subject':
      'Une nouvelle adresse e-mail a été demandée pour votre compte {app}',
    'auth.mail.email_change_notice.text':
      "Bonjour {name},\n\nune personne connectée à votre compte {app} {username} a demandé à changer son adresse e-mail de connexion de {oldEmail} en {email}.\nLe changement ne prend effet qu'une fois le lien envoyé à {email} ouvert.\n\nSi ce n'était pas vous, connectez-vous et changez votre mot de passe maintenant : cela annule le changement et met fin à toutes les autres connexions.\n",
    'auth.mail.email_changed.subject': "L'adresse e-mail de votre compte {app} a été changée",
    'auth.mail.email_changed.text':
      "Bonjour {name},\n\nl'adresse e-mail de connexion de votre compte {app} {username} est désormais {email} (auparavant {oldEmail}).\n\nSi ce n'était pas vous, connectez-vous avec votre nom d'utilisateur et votre mot de passe, changez votre mot de passe et prévenez le propriétaire de votre domaine.\n",
  },
  pt: {
    'auth.no_domain':
      'Esta conta não pertence a nenhum domínio. Peça ao proprietário de um domínio que o convide.',
    'auth.unauthorized': 'Por favor, inicie sessão.',
    'auth.token_expired': 'A sua sessão expirou. Inicie sessão novamente.',
    'auth.invalid_token': 'A sua sessão não é válida. Inicie sessão novamente.',
    'auth.token_throttled':
      'Demasiados pedidos com este token de API. Tente novamente dentro de {seconds} s.',
    'auth.token_not_found': 'Não tem nenhum token de API assim.',
    'auth.token_invalid':
      'Este token de API não é válido: desconhecido, revogado, ou o seu titular saiu do domínio.',
    'auth.token_expired_api': 'Este token de API expirou.',
    'auth.token_objects_unknown': 'Nenhum objeto deste domínio tem o id {ids}.',
    'auth.token_not_here':
      'Um token de API não pode fazer isto: é só para utilizadores com sessão iniciada.',
    'auth.invalid_credentials':
      'O nome de utilizador, o email ou a palavra-passe não estão corretos.',
    'auth.throttled':
      'Demasiadas tentativas falhadas. Tente novamente dentro de {seconds} segundos.',
    'auth.username_required': 'Introduza o seu nome de utilizador.',
    'auth.username_rule':
      'Um nome de utilizador tem de 3 a 32 caracteres: letras, dígitos, pontos, hífenes ou sublinhados.',
    'auth.username_taken': 'Este nome de utilizador já está a ser utilizado.',
    'auth.email_required': 'Introduza o seu email.',
    'auth.email_invalid': 'Introduza um endereço de email válido.',
    'auth.email_taken': 'Este email já está a ser utilizado.',
    'auth.password_required': 'Introduza uma palavra-passe.',
    'auth.password_too_short': 'A palavra-passe deve ter pelo menos {min} caracteres.',
    'auth.password_too_long': 'A palavra-passe deve ter no máximo {max} caracteres.',
    'auth.password_needs_letter': 'A palavra-passe deve conter pelo menos uma letra.',
    'auth.password_needs_digit': 'A palavra-passe deve conter pelo menos um dígito.',
    'auth.password_wrong': 'A palavra-passe não está correta.',
    'auth.old_password_wrong': 'A palavra-passe atual não está correta.',
    'auth.invalid_refresh_token': 'A sua sessão terminou. Inicie sessão novamente.',
    'auth.invalid_reset_token':
      'Esta ligação de redefinição de palavra-passe é inválida ou expirou. Peça uma nova.',
    'auth.invalid_challenge': 'O passo de início de sessão expirou. Inicie sessão novamente.',
    'auth.invalid_second_factor': 'O código não está correto.',
    'auth.totp_already_enabled': 'A verificação em dois passos já está ativa.',
    'auth.totp_not_set_up': 'Comece primeiro a configuração da verificação em dois passos.',
    'auth.totp_not_enabled': 'A verificação em dois passos não está ativa.',
    'auth.domain_name': 'Domínio de {username}',
    'auth.mail.reset.subject': 'Redefina a sua palavra-passe do {app}',
    'auth.mail.reset.text':
      'Olá {name},\n\nalguém (esperamos que tenha sido você) pediu para redefinir a palavra-passe da sua conta {app}.\nAbra esta ligação nos próximos {minutes} minutos para escolher uma nova palavra-passe:\n\n{link}\n\nSe não fez este pedido, ignore este email: a sua palavra-passe mantém-se.\n',
    'auth.current_password_required': 'Introduza a sua palavra-passe atual.',
    'auth.code_needs_totp':
      'A verificação em dois passos não está ativa nesta conta: confirme com a sua palavra-passe.',
    'auth.challenge_spent': 'Demasiados códigos errados. Inicie sessão novamente.',
    'auth.links_unconfigured':
      'Não é possível enviar emails com ligações: o endereço público do servidor (PUBLIC_URL) não está definido. Informe o seu administrador.',
    'auth.links_host_refused':
      'Não é possível enviar ligações para pedidos feitos a {host}. Abra a consola no endereço habitual.',
    'auth.email_changes_throttled':
      'Demasiadas alterações de email em pouco tempo. Tente novamente dentro de {minutes} minutos.',
    'auth.mail_failed':
      'Não foi possível enviar o email de confirmação. Tente novamente mais tarde.',
    'auth.no_email_change': 'Nenhuma alteração do seu email está à espera de confirmação.',
    'auth.confirmation_invalid':
      'Esta ligação de confirmação não é válida. Pode ter sido substituída por uma mais recente, ou a alteração foi cancelada.',
    'auth.confirmation_used': 'Esta ligação de confirmação já foi utilizada.',
    'auth.confirmation_expired':
      'Esta ligação de confirmação expirou. Peça uma nova nas definições da sua conta.',
    'auth.confirmation_other_account':
      'Esta ligação pertence a outra conta. Termine a sessão e inicie sessão com a conta cujo email está a alterar.',
    'auth.email_taken_now': 'Entretanto, este email passou a ser utilizado por outra conta.',
    'auth.mail.email_confirm.subject': 'Confirme o seu novo email do {app}',
    'auth.mail.email_confirm.text':
      'Olá {name},\n\npediu para que {email} passe a ser o email de início de sessão da sua conta {app} {username}.\nAbra esta ligação nas próximas {hours} horas para o confirmar (poderá ter de iniciar sessão primeiro):\n\n{link}\n\nAté lá, o seu email de início de sessão continua a ser {oldEmail}. Se não fez este pedido, ignore este email.\n',
    'auth.mail.email_change_notice.subject': 'Foi pedido um novo email para a sua conta {app}',
    'auth.mail.email_change_notice.text':
      'Olá {name},\n\nalguém com sessão iniciada na sua conta {app} {username} pediu para alterar o email de início de sessão de {oldEmail} para {email}.\nA alteração só tem efeito depois de aberta a ligação enviada para {email}.\n\nSe não foi você, inicie sessão e altere já a sua palavra-passe: isso cancela a alteração e termina todas as outras sessões.\n',
    'auth.mail.email_changed.subject': 'O email da sua conta {app} foi alterado',
    'auth.mail.email_changed.text':
      'Olá {name},\n\no email de início de sessão da sua conta {app} {username} é agora {email} (era {oldEmail}).\n\nSe não foi você, inicie sessão com o seu nome de utilizador e palavra-passe, altere a palavra-passe e informe o proprietário do seu domínio.\n',
  },
  ru: {
    'auth.no_domain':
      'Эта учётная запись не относится ни к одному домену. Попросите владельца домена пригласить вас.',
    'auth.unauthorized': 'Пожалуйста, войдите в систему.',
    'auth.token_expired': 'Срок действия сеанса истёк. Войдите снова.',
    'auth.invalid_token': 'Сеанс недействителен. Войдите снова.',
    'auth.token_throttled':
      'Слишком много запросов с этим API-токеном. Повторите через {seconds} с.',
    'auth.token_not_found': 'У вас нет такого API-токена.',
    'auth.token_invalid':
      'Этот API-токен недействителен: неизвестен, отозван, или его владелец покинул домен.',
    'auth.token_expired_api': 'Срок действия этого API-токена истёк.',
    'auth.token_objects_unknown': 'В этом домене нет объекта с идентификатором {ids}.',
    'auth.token_not_here':
      'API-токен не может этого сделать: это доступно только вошедшим пользователям.',
    'auth.invalid_credentials': 'Неверное имя пользователя, адрес электронной почты или пароль.',
    'auth.throttled': 'Слишком много неудачных попыток. Повторите через {seconds} с.',
    'auth.username_required': 'Введите имя пользователя.',
    'auth.username_rule':
      'Имя пользователя содержит от 3 до 32 символов: латинские буквы, цифры, точки, дефисы или подчёркивания.',
    'auth.username_taken': 'Это имя пользователя уже занято.',
    'auth.email_required': 'Введите адрес электронной почты.',
    'auth.email_invalid': 'Введите корректный адрес электронной почты.',
    'auth.email_taken': 'Этот адрес электронной почты уже используется.',
    'auth.password_required': 'Введите пароль.',
    'auth.password_too_short': 'Пароль должен содержать не менее {min} символов.',
    'auth.password_too_long': 'Пароль должен содержать не более {max} символов.',
    'auth.password_needs_letter': 'Пароль должен содержать хотя бы одну букву.',
    'auth.password_needs_digit': 'Пароль должен содержать хотя бы одну цифру.',
    'auth.password_wrong': 'Неверный пароль.',
    'auth.old_password_wrong': 'Текущий пароль указан неверно.',
    'auth.invalid_refresh_token': 'Сеанс завершён. Войдите снова.',
    'auth.invalid_reset_token':
      'Ссылка для сброса пароля недействительна или устарела. Запросите новую.',
    'auth.invalid_challenge': 'Время на этап входа истекло. Войдите снова.',
    'auth.invalid_second_factor': 'Неверный код.',
    'auth.totp_already_enabled': 'Двухэтапная проверка уже включена.',
    'auth.totp_not_set_up': 'Сначала начните настройку двухэтапной проверки.',
    'auth.totp_not_enabled': 'Двухэтапная проверка не включена.',
    'auth.domain_name': 'Домен {username}',
    'auth.mail.reset.subject': 'Сброс пароля {app}',
    'auth.mail.reset.text':
      'Здравствуйте, {name}!\n\nКто-то (надеемся, вы) запросил сброс пароля вашей учётной записи {app}.\nОткройте эту ссылку в течение {minutes} минут, чтобы задать новый пароль:\n\n{link}\n\nЕсли вы этого не запрашивали, просто проигнорируйте письмо: пароль останется прежним.\n',
    'auth.current_password_required': 'Введите текущий пароль.',
    'auth.code_needs_totp':
      'Двухэтапная проверка для этой учётной записи выключена: подтвердите действие паролем.',
    'auth.challenge_spent': 'Слишком много неверных кодов. Войдите снова.',
    'auth.links_unconfigured':
      'Письма со ссылками отправить нельзя: публичный адрес сервера (PUBLIC_URL) не задан. Сообщите администратору.',
    'auth.links_host_refused':
      'Для запросов к {host} ссылки по почте не отправляются. Откройте консоль по её обычному адресу.',
    'auth.email_changes_throttled':
      'Слишком много смен адреса электронной почты за короткое время. Повторите через {minutes} мин.',
    'auth.mail_failed': 'Не удалось отправить письмо с подтверждением. Повторите попытку позже.',
    'auth.no_email_change': 'Нет смены адреса электронной почты, ожидающей подтверждения.',
    'auth.confirmation_invalid':
      'Эта ссылка подтверждения недействительна. Возможно, её заменила более новая или смена была отменена.',
    'auth.confirmation_used': 'Эта ссылка подтверждения уже использована.',
    'auth.confirmation_expired':
      'Срок действия ссылки подтверждения истёк. Запросите новую в настройках учётной записи.',
    'auth.confirmation_other_account':
      'Эта ссылка относится к другой учётной записи. Выйдите и войдите в ту учётную запись, адрес которой вы меняете.',
    'auth.email_taken_now':
      'Этот адрес электронной почты тем временем занят другой учётной записью.',
    'auth.mail.email_confirm.subject': 'Подтвердите новый адрес электронной почты в {app}',
    'auth.mail.email_confirm.text':
      'Здравствуйте, {name}!\n\nВы попросили сделать {email} адресом для входа в учётную запись {app} {username}.\nОткройте эту ссылку в течение {hours} ч, чтобы подтвердить его (возможно, сначала потребуется войти):\n\n{link}\n\nДо этого адресом для входа остаётся {oldEmail}. Если вы этого не запрашивали, просто проигнорируйте письмо.\n',
    'auth.mail.email_change_notice.subject':
      'Для вашей учётной записи {app} запрошен новый адрес электронной почты',
    'auth.mail.email_change_notice.text':
      'Здравствуйте, {name}!\n\nКто-то, вошедший в вашу учётную запись {app} {username}, попросил сменить адрес для входа с {oldEmail} на {email}.\nСмена вступит в силу только после того, как будет открыта ссылка, отправленная на {email}.\n\nЕсли это были не вы, войдите и сразу смените пароль: это отменит смену адреса и завершит все остальные сеансы.\n',
    'auth.mail.email_changed.subject': 'Адрес электронной почты учётной записи {app} изменён',
    'auth.mail.email_changed.text':
      'Здравствуйте, {name}!\n\nАдрес для входа в учётную запись {app} {username} теперь {email} (был {oldEmail}).\n\nЕсли это были не вы, войдите по имени пользователя и паролю, смените пароль и сообщите владельцу вашего домена.\n',
  },
});
