import { defineMessages, type Texts } from '../messages.js';

/** Texts of data sources as the kernel uses them: reasons a source failed, read-only mounts. */
const en = {
  'src.not_found': 'This data source does not exist.',
  'src.reason.host_not_found': 'The host name could not be found.',
  'src.reason.refused': 'The host refused the connection: no database listens on that port.',
  'src.reason.unreachable': 'The host cannot be reached from the server.',
  'src.reason.timeout': 'The source did not answer within {seconds} s.',
  'src.reason.auth_failed': 'The user name or the password was not accepted.',
  'src.reason.database_missing': 'The database does not exist on that server.',
  'src.reason.ssl_required':
    'The server requires an encrypted connection: choose the SSL mode "require".',
  'src.reason.ssl_unsupported':
    'The server does not offer SSL: choose the SSL mode "disable" or "prefer".',
  'src.reason.ssl_invalid': "The server's SSL certificate could not be verified.",
  'src.reason.blocked_host': 'This address is not allowed for data sources.',
  'src.reason.own_database': "A data source cannot point at the platform's own database.",
  'src.reason.file_missing': 'The database file is missing.',
  'src.reason.not_sqlite': 'The file is not a SQLite database.',
  'src.reason.statement_timeout':
    'The source did not finish the query within {seconds} s, so it was cancelled.',
  'src.reason.secret_unreadable':
    "The stored password cannot be opened with this server's secrets key; enter it again.",
  'src.reason.source_changed':
    "The source's table or columns have changed: check the mount under Mounts.",
  'src.reason.failed': 'The source answered with an error.',
  'src.live_elsewhere':
    '"{name}" is a live mount: its rows stay at the source. Switch it to synced to use it here.',
  'src.read_only': '"{name}" is mounted from outside and is read-only here.',
};

const de: Texts<typeof en> = {
  'src.not_found': 'Diese Datenquelle existiert nicht.',
  'src.reason.host_not_found': 'Der Hostname wurde nicht gefunden.',
  'src.reason.refused':
    'Der Host hat die Verbindung abgelehnt: An diesem Port lauscht keine Datenbank.',
  'src.reason.unreachable': 'Der Host ist vom Server aus nicht erreichbar.',
  'src.reason.timeout': 'Die Quelle hat nicht innerhalb von {seconds} s geantwortet.',
  'src.reason.auth_failed': 'Benutzername oder Passwort wurden nicht akzeptiert.',
  'src.reason.database_missing': 'Die Datenbank existiert auf diesem Server nicht.',
  'src.reason.ssl_required':
    'Der Server verlangt eine verschlüsselte Verbindung: Wählen Sie den SSL-Modus „require“.',
  'src.reason.ssl_unsupported':
    'Der Server bietet kein SSL an: Wählen Sie den SSL-Modus „disable“ oder „prefer“.',
  'src.reason.ssl_invalid': 'Das SSL-Zertifikat des Servers konnte nicht geprüft werden.',
  'src.reason.blocked_host': 'Diese Adresse ist für Datenquellen nicht erlaubt.',
  'src.reason.own_database':
    'Eine Datenquelle darf nicht auf die eigene Datenbank der Plattform zeigen.',
  'src.reason.file_missing': 'Die Datenbankdatei fehlt.',
  'src.reason.not_sqlite': 'Die Datei ist keine SQLite-Datenbank.',
  'src.reason.statement_timeout':
    'Die Quelle hat die Abfrage nicht innerhalb von {seconds} s beendet; sie wurde abgebrochen.',
  'src.reason.secret_unreadable':
    'Das gespeicherte Passwort lässt sich mit dem Schlüssel dieses Servers nicht öffnen; geben Sie es erneut ein.',
  'src.reason.source_changed':
    'Tabelle oder Spalten der Quelle haben sich geändert: Prüfen Sie die Einbindung unter Einbindungen.',
  'src.reason.failed': 'Die Quelle hat mit einem Fehler geantwortet.',
  'src.live_elsewhere':
    '„{name}“ ist live eingebunden: Die Zeilen bleiben in der Quelle. Stellen Sie auf synchronisiert um, um es hier zu verwenden.',
  'src.read_only': '„{name}“ ist von außen eingebunden und hier schreibgeschützt.',
};

const fr: Texts<typeof en> = {
  'src.not_found': "Cette source de données n'existe pas.",
  'src.reason.host_not_found': "Le nom d'hôte est introuvable.",
  'src.reason.refused':
    "L'hôte a refusé la connexion : aucune base de données n'écoute sur ce port.",
  'src.reason.unreachable': "L'hôte n'est pas joignable depuis le serveur.",
  'src.reason.timeout': "La source n'a pas répondu en {seconds} s.",
  'src.reason.auth_failed': "Le nom d'utilisateur ou le mot de passe a été refusé.",
  'src.reason.database_missing': "La base de données n'existe pas sur ce serveur.",
  'src.reason.ssl_required':
    'Le serveur exige une connexion chiffrée : choisissez le mode SSL « require ».',
  'src.reason.ssl_unsupported':
    'Le serveur ne propose pas SSL : choisissez le mode SSL « disable » ou « prefer ».',
  'src.reason.ssl_invalid': "Le certificat SSL du serveur n'a pas pu être vérifié.",
  'src.reason.blocked_host': "Cette adresse n'est pas autorisée pour les sources de données.",
  'src.reason.own_database':
    'Une source de données ne peut pas pointer vers la base de données de la plateforme.',
  'src.reason.file_missing': 'Le fichier de base de données est introuvable.',
  'src.reason.not_sqlite': "Le fichier n'est pas une base de données SQLite.",
  'src.reason.statement_timeout':
    "La source n'a pas terminé la requête en {seconds} s ; elle a été annulée.",
  'src.reason.secret_unreadable':
    'Le mot de passe enregistré ne peut pas être ouvert avec la clé de ce serveur ; saisissez-le à nouveau.',
  'src.reason.source_changed':
    'La table ou les colonnes de la source ont changé : vérifiez le montage sous Montages.',
  'src.reason.failed': 'La source a répondu par une erreur.',
  'src.live_elsewhere':
    '« {name} » est un montage en direct : ses lignes restent dans la source. Passez-le en synchronisé pour l’utiliser ici.',
  'src.read_only': '« {name} » est monté depuis l’extérieur et reste ici en lecture seule.',
};

const pt: Texts<typeof en> = {
  'src.not_found': 'Esta fonte de dados não existe.',
  'src.reason.host_not_found': 'O nome do host não foi encontrado.',
  'src.reason.refused': 'O host recusou a ligação: nenhuma base de dados escuta nessa porta.',
  'src.reason.unreachable': 'O host não é alcançável a partir do servidor.',
  'src.reason.timeout': 'A fonte não respondeu em {seconds} s.',
  'src.reason.auth_failed': 'O nome de utilizador ou a palavra-passe não foram aceites.',
  'src.reason.database_missing': 'A base de dados não existe nesse servidor.',
  'src.reason.ssl_required': 'O servidor exige uma ligação cifrada: escolha o modo SSL "require".',
  'src.reason.ssl_unsupported':
    'O servidor não oferece SSL: escolha o modo SSL "disable" ou "prefer".',
  'src.reason.ssl_invalid': 'Não foi possível verificar o certificado SSL do servidor.',
  'src.reason.blocked_host': 'Este endereço não é permitido para fontes de dados.',
  'src.reason.own_database':
    'Uma fonte de dados não pode apontar para a própria base de dados da plataforma.',
  'src.reason.file_missing': 'O ficheiro da base de dados não existe.',
  'src.reason.not_sqlite': 'O ficheiro não é uma base de dados SQLite.',
  'src.reason.statement_timeout': 'A fonte não terminou a consulta em {seconds} s; foi cancelada.',
  'src.reason.secret_unreadable':
    'A palavra-passe guardada não abre com a chave deste servidor; introduza-a de novo.',
  'src.reason.source_changed':
    'A tabela ou as colunas da fonte mudaram: verifique a montagem em Montagens.',
  'src.reason.failed': 'A fonte respondeu com um erro.',
  'src.live_elsewhere':
    '"{name}" é uma montagem em direto: as linhas ficam na fonte. Mude para sincronizado para o usar aqui.',
  'src.read_only': '"{name}" está montado de fora e aqui é só de leitura.',
};

const ru: Texts<typeof en> = {
  'src.not_found': 'Такого источника данных нет.',
  'src.reason.host_not_found': 'Имя хоста не найдено.',
  'src.reason.refused': 'Хост отклонил соединение: на этом порту нет базы данных.',
  'src.reason.unreachable': 'Хост недоступен с сервера.',
  'src.reason.timeout': 'Источник не ответил за {seconds} с.',
  'src.reason.auth_failed': 'Имя пользователя или пароль не приняты.',
  'src.reason.database_missing': 'На этом сервере нет такой базы данных.',
  'src.reason.ssl_required': 'Сервер требует шифрованное соединение: выберите режим SSL «require».',
  'src.reason.ssl_unsupported':
    'Сервер не поддерживает SSL: выберите режим SSL «disable» или «prefer».',
  'src.reason.ssl_invalid': 'Не удалось проверить SSL-сертификат сервера.',
  'src.reason.blocked_host': 'Этот адрес запрещён для источников данных.',
  'src.reason.own_database':
    'Источник данных не может указывать на собственную базу данных платформы.',
  'src.reason.file_missing': 'Файл базы данных отсутствует.',
  'src.reason.not_sqlite': 'Файл не является базой данных SQLite.',
  'src.reason.statement_timeout': 'Источник не выполнил запрос за {seconds} с, запрос отменён.',
  'src.reason.secret_unreadable':
    'Сохранённый пароль не открывается ключом этого сервера; введите его заново.',
  'src.reason.source_changed':
    'Таблица или столбцы источника изменились: проверьте подключение в разделе «Подключения».',
  'src.reason.failed': 'Источник ответил ошибкой.',
  'src.live_elsewhere':
    '«{name}» подключён напрямую: строки остаются в источнике. Переключите на синхронизацию, чтобы использовать его здесь.',
  'src.read_only': '«{name}» подключён извне и здесь доступен только для чтения.',
};

export const sourcesText = defineMessages({ en, de, fr, pt, ru });
