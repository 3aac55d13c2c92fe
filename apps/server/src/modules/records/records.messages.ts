import { AppError } from '../../lib/app-error.js';
import { addMessages, msg, type Lang } from '../../lib/messages.js';

/** Texts of the data platform (objects, fields, records, views, domains) in every language. */
const en = {
  'pf.not_found.object': 'This object does not exist.',
  'pf.not_found.field': 'This field does not exist.',
  'pf.not_found.record': 'This record does not exist.',
  'pf.not_found.view': 'This view does not exist.',
  'pf.not_found.domain': 'This domain does not exist.',
  'pf.not_found.member': 'This user is not a member of the domain.',
  'pf.unknown_op': 'Unknown operation "{op}".',
  'pf.unknown_field': 'Unknown field "{field}".',
  'pf.op_not_allowed': 'Operator "{op}" does not apply to a {type} field.',
  'pf.filter_too_deep': 'The filter is nested too deeply (at most {max} levels).',
  'pf.filter_too_large': 'The filter has too many conditions (at most {max}).',
  'pf.expected_number': 'Expected a number.',
  'pf.expected_integer': 'Expected a whole number.',
  'pf.expected_text': 'Expected text.',
  'pf.expected_boolean': 'Expected yes or no.',
  'pf.expected_date': 'Expected a date (YYYY-MM-DD).',
  'pf.expected_datetime': 'Expected a date and time.',
  'pf.expected_list': 'Expected a list of values.',
  'pf.expected_range': 'Expected two values: from and to.',
  'pf.expected_days': 'Expected a number of days between 1 and 3650.',
  'pf.expected_record_id': 'Expected a record number.',
  'pf.not_a_choice': '"{value}" is not one of the choices.',
  'pf.invalid_email': 'Invalid e-mail address.',
  'pf.invalid_url': 'Invalid web address (http or https).',
  'pf.invalid_phone': 'Invalid phone number.',
  'pf.pattern_mismatch': 'Does not match the required pattern.',
  'pf.min_date': 'Must be on or after {min}.',
  'pf.max_date': 'Must be on or before {max}.',
  'pf.unique': 'This value is already used by another record.',
  'pf.reference_missing': 'The referenced record does not exist.',
  'pf.code_taken': 'The code "{code}" is already used.',
  'pf.code_reserved': 'The code "{code}" is reserved.',
  'pf.type_change_lossy':
    'Field "{field}" cannot become {type}: {count} value(s) would be lost, for example {examples}.',
  'pf.unique_duplicates':
    'Field "{field}" holds the same value in several records ({example}); it cannot be made unique.',
  'pf.object_referenced':
    'Field "{field}" of object "{other}" refers to this object; change or remove that field first.',
  'pf.record_deleted': 'The record is deleted; restore it first.',
  'pf.invalid_pattern': 'Invalid regular expression.',
  'pf.reference_target': 'Choose the object this reference points to.',
  'pf.display_field': 'The display field must be a field of the target object.',
  'pf.display_field_own': 'The display field must be a field of this object.',
  'pf.shared_view_forbidden': 'Only administrators may share views or change shared views.',
  'pf.view_not_own': 'Only the owner may change this view.',
  'pf.last_owner': 'A domain needs at least one owner.',
  'pf.already_member': 'This user is already a member of the domain.',
  'pf.user_not_found': 'There is no user with this name or e-mail.',
  'pf.aggregate_not_allowed': 'Aggregate "{fn}" does not apply to a {type} field.',
  'pf.min_above_max': 'The minimum must not exceed the maximum.',
  'pf.too_many_indexes': 'This object has the maximum number of indexes.',
  'pf.not_a_member': 'You are not a member of this domain.',
  'pf.option_not_applicable': 'This option does not apply to {type} fields.',
  'pf.object_kind': 'Choose table or reference.',
};
type Keys = keyof typeof en;
type Catalog = Record<Keys, string>;

const de: Catalog = {
  'pf.not_found.object': 'Dieses Objekt existiert nicht.',
  'pf.not_found.field': 'Dieses Feld existiert nicht.',
  'pf.not_found.record': 'Dieser Datensatz existiert nicht.',
  'pf.not_found.view': 'Diese Ansicht existiert nicht.',
  'pf.not_found.domain': 'Diese Domäne existiert nicht.',
  'pf.not_found.member': 'Dieser Benutzer ist kein Mitglied der Domäne.',
  'pf.unknown_op': 'Unbekannte Operation „{op}“.',
  'pf.unknown_field': 'Unbekanntes Feld „{field}“.',
  'pf.op_not_allowed': 'Der Operator „{op}“ ist für ein Feld vom Typ {type} nicht zulässig.',
  'pf.filter_too_deep': 'Der Filter ist zu tief verschachtelt (höchstens {max} Ebenen).',
  'pf.filter_too_large': 'Der Filter hat zu viele Bedingungen (höchstens {max}).',
  'pf.expected_number': 'Erwartet wird eine Zahl.',
  'pf.expected_integer': 'Erwartet wird eine ganze Zahl.',
  'pf.expected_text': 'Erwartet wird Text.',
  'pf.expected_boolean': 'Erwartet wird Ja oder Nein.',
  'pf.expected_date': 'Erwartet wird ein Datum (JJJJ-MM-TT).',
  'pf.expected_datetime': 'Erwartet werden Datum und Uhrzeit.',
  'pf.expected_list': 'Erwartet wird eine Liste von Werten.',
  'pf.expected_range': 'Erwartet werden zwei Werte: von und bis.',
  'pf.expected_days': 'Erwartet wird eine Anzahl Tage zwischen 1 und 3650.',
  'pf.expected_record_id': 'Erwartet wird eine Datensatznummer.',
  'pf.not_a_choice': '„{value}“ ist keine der Auswahlmöglichkeiten.',
  'pf.invalid_email': 'Ungültige E-Mail-Adresse.',
  'pf.invalid_url': 'Ungültige Webadresse (http oder https).',
  'pf.invalid_phone': 'Ungültige Telefonnummer.',
  'pf.pattern_mismatch': 'Entspricht nicht dem vorgegebenen Muster.',
  'pf.min_date': 'Muss am oder nach dem {min} liegen.',
  'pf.max_date': 'Muss am oder vor dem {max} liegen.',
  'pf.unique': 'Dieser Wert wird bereits von einem anderen Datensatz verwendet.',
  'pf.reference_missing': 'Der verknüpfte Datensatz existiert nicht.',
  'pf.code_taken': 'Der Code „{code}“ wird bereits verwendet.',
  'pf.code_reserved': 'Der Code „{code}“ ist reserviert.',
  'pf.type_change_lossy':
    'Feld „{field}“ kann nicht zu {type} werden: {count} Wert(e) gingen verloren, zum Beispiel {examples}.',
  'pf.unique_duplicates':
    'Feld „{field}“ enthält denselben Wert in mehreren Datensätzen ({example}); es kann nicht eindeutig werden.',
  'pf.object_referenced':
    'Feld „{field}“ des Objekts „{other}“ verweist auf dieses Objekt; ändern oder entfernen Sie zuerst dieses Feld.',
  'pf.record_deleted': 'Der Datensatz ist gelöscht; stellen Sie ihn zuerst wieder her.',
  'pf.invalid_pattern': 'Ungültiger regulärer Ausdruck.',
  'pf.reference_target': 'Wählen Sie das Objekt, auf das die Referenz zeigt.',
  'pf.display_field': 'Das Anzeigefeld muss ein Feld des Zielobjekts sein.',
  'pf.display_field_own': 'Das Anzeigefeld muss ein Feld dieses Objekts sein.',
  'pf.shared_view_forbidden':
    'Nur Administratoren dürfen Ansichten teilen oder geteilte Ansichten ändern.',
  'pf.view_not_own': 'Nur der Eigentümer darf diese Ansicht ändern.',
  'pf.last_owner': 'Eine Domäne braucht mindestens einen Eigentümer.',
  'pf.already_member': 'Dieser Benutzer ist bereits Mitglied der Domäne.',
  'pf.user_not_found': 'Es gibt keinen Benutzer mit diesem Namen oder dieser E-Mail.',
  'pf.aggregate_not_allowed':
    'Die Aggregation „{fn}“ ist für ein Feld vom Typ {type} nicht zulässig.',
  'pf.min_above_max': 'Das Minimum darf das Maximum nicht überschreiten.',
  'pf.too_many_indexes': 'Dieses Objekt hat bereits die höchste Anzahl an Indizes.',
  'pf.not_a_member': 'Sie sind kein Mitglied dieser Domäne.',
  'pf.option_not_applicable': 'Diese Option gilt nicht für Felder vom Typ {type}.',
  'pf.object_kind': 'Wählen Sie Tabelle oder Referenz.',
};
const fr: Catalog = {
  'pf.not_found.object': "Cet objet n'existe pas.",
  'pf.not_found.field': "Ce champ n'existe pas.",
  'pf.not_found.record': "Cet enregistrement n'existe pas.",
  'pf.not_found.view': "Cette vue n'existe pas.",
  'pf.not_found.domain': "Ce domaine n'existe pas.",
  'pf.not_found.member': "Cet utilisateur n'est pas membre du domaine.",
  'pf.unknown_op': 'Opération inconnue « {op} ».',
  'pf.unknown_field': 'Champ inconnu « {field} ».',
  'pf.op_not_allowed': "L'opérateur « {op} » ne s'applique pas à un champ de type {type}.",
  'pf.filter_too_deep': 'Le filtre est trop imbriqué (au plus {max} niveaux).',
  'pf.filter_too_large': 'Le filtre contient trop de conditions (au plus {max}).',
  'pf.expected_number': 'Un nombre est attendu.',
  'pf.expected_integer': 'Un nombre entier est attendu.',
  'pf.expected_text': 'Du texte est attendu.',
  'pf.expected_boolean': 'Oui ou non est attendu.',
  'pf.expected_date': 'Une date est attendue (AAAA-MM-JJ).',
  'pf.expected_datetime': 'Une date et une heure sont attendues.',
  'pf.expected_list': 'Une liste de valeurs est attendue.',
  'pf.expected_range': 'Deux valeurs sont attendues : de et à.',
  'pf.expected_days': 'Un nombre de jours entre 1 et 3650 est attendu.',
  'pf.expected_record_id': "Un numéro d'enregistrement est attendu.",
  'pf.not_a_choice': '« {value} » ne fait pas partie des choix.',
  'pf.invalid_email': 'Adresse e-mail invalide.',
  'pf.invalid_url': 'Adresse web invalide (http ou https).',
  'pf.invalid_phone': 'Numéro de téléphone invalide.',
  'pf.pattern_mismatch': 'Ne correspond pas au modèle requis.',
  'pf.min_date': 'Doit être le {min} ou après.',
  'pf.max_date': 'Doit être le {max} ou avant.',
  'pf.unique': 'Cette valeur est déjà utilisée par un autre enregistrement.',
  'pf.reference_missing': "L'enregistrement référencé n'existe pas.",
  'pf.code_taken': 'Le code « {code} » est déjà utilisé.',
  'pf.code_reserved': 'Le code « {code} » est réservé.',
  'pf.type_change_lossy':
    'Le champ « {field} » ne peut pas devenir {type} : {count} valeur(s) seraient perdues, par exemple {examples}.',
  'pf.unique_duplicates':
    'Le champ « {field} » contient la même valeur dans plusieurs enregistrements ({example}) ; il ne peut pas devenir unique.',
  'pf.object_referenced':
    "Le champ « {field} » de l'objet « {other} » fait référence à cet objet ; modifiez ou supprimez d'abord ce champ.",
  'pf.record_deleted': "L'enregistrement est supprimé ; restaurez-le d'abord.",
  'pf.invalid_pattern': 'Expression régulière invalide.',
  'pf.reference_target': "Choisissez l'objet vers lequel pointe la référence.",
  'pf.display_field': "Le champ d'affichage doit être un champ de l'objet cible.",
  'pf.display_field_own': "Le champ d'affichage doit être un champ de cet objet.",
  'pf.shared_view_forbidden':
    'Seuls les administrateurs peuvent partager des vues ou modifier des vues partagées.',
  'pf.view_not_own': 'Seul le propriétaire peut modifier cette vue.',
  'pf.last_owner': 'Un domaine doit avoir au moins un propriétaire.',
  'pf.already_member': 'Cet utilisateur est déjà membre du domaine.',
  'pf.user_not_found': 'Aucun utilisateur ne porte ce nom ou cet e-mail.',
  'pf.aggregate_not_allowed': "L'agrégat « {fn} » ne s'applique pas à un champ de type {type}.",
  'pf.min_above_max': 'Le minimum ne doit pas dépasser le maximum.',
  'pf.too_many_indexes': "Cet objet a atteint le nombre maximal d'index.",
  'pf.not_a_member': "Vous n'êtes pas membre de ce domaine.",
  'pf.option_not_applicable': "Cette option ne s'applique pas aux champs de type {type}.",
  'pf.object_kind': 'Choisissez table ou référence.',
};
const pt: Catalog = {
  'pf.not_found.object': 'Este objeto não existe.',
  'pf.not_found.field': 'Este campo não existe.',
  'pf.not_found.record': 'Este registo não existe.',
  'pf.not_found.view': 'Esta vista não existe.',
  'pf.not_found.domain': 'Este domínio não existe.',
  'pf.not_found.member': 'Este utilizador não é membro do domínio.',
  'pf.unknown_op': 'Operação desconhecida "{op}".',
  'pf.unknown_field': 'Campo desconhecido "{field}".',
  'pf.op_not_allowed': 'O operador "{op}" não se aplica a um campo do tipo {type}.',
  'pf.filter_too_deep': 'O filtro está demasiado aninhado (no máximo {max} níveis).',
  'pf.filter_too_large': 'O filtro tem demasiadas condições (no máximo {max}).',
  'pf.expected_number': 'Esperava-se um número.',
  'pf.expected_integer': 'Esperava-se um número inteiro.',
  'pf.expected_text': 'Esperava-se texto.',
  'pf.expected_boolean': 'Esperava-se sim ou não.',
  'pf.expected_date': 'Esperava-se uma data (AAAA-MM-DD).',
  'pf.expected_datetime': 'Esperava-se uma data e hora.',
  'pf.expected_list': 'Esperava-se uma lista de valores.',
  'pf.expected_range': 'Esperavam-se dois valores: de e até.',
  'pf.expected_days': 'Esperava-se um número de dias entre 1 e 3650.',
  'pf.expected_record_id': 'Esperava-se um número de registo.',
  'pf.not_a_choice': '"{value}" não é uma das opções.',
  'pf.invalid_email': 'Endereço de e-mail inválido.',
  'pf.invalid_url': 'Endereço web inválido (http ou https).',
  'pf.invalid_phone': 'Número de telefone inválido.',
  'pf.pattern_mismatch': 'Não corresponde ao padrão exigido.',
  'pf.min_date': 'Tem de ser em {min} ou depois.',
  'pf.max_date': 'Tem de ser em {max} ou antes.',
  'pf.unique': 'Este valor já é usado por outro registo.',
  'pf.reference_missing': 'O registo referenciado não existe.',
  'pf.code_taken': 'O código "{code}" já está a ser usado.',
  'pf.code_reserved': 'O código "{code}" é reservado.',
  'pf.type_change_lossy':
    'O campo "{field}" não pode passar a {type}: perder-se-iam {count} valor(es), por exemplo {examples}.',
  'pf.unique_duplicates':
    'O campo "{field}" tem o mesmo valor em vários registos ({example}); não pode tornar-se único.',
  'pf.object_referenced':
    'O campo "{field}" do objeto "{other}" refere-se a este objeto; altere ou remova primeiro esse campo.',
  'pf.record_deleted': 'O registo está eliminado; restaure-o primeiro.',
  'pf.invalid_pattern': 'Expressão regular inválida.',
  'pf.reference_target': 'Escolha o objeto para o qual a referência aponta.',
  'pf.display_field': 'O campo de apresentação tem de ser um campo do objeto de destino.',
  'pf.display_field_own': 'O campo de apresentação tem de ser um campo deste objeto.',
  'pf.shared_view_forbidden':
    'Só os administradores podem partilhar vistas ou alterar vistas partilhadas.',
  'pf.view_not_own': 'Só o proprietário pode alterar esta vista.',
  'pf.last_owner': 'Um domínio precisa de pelo menos um proprietário.',
  'pf.already_member': 'Este utilizador já é membro do domínio.',
  'pf.user_not_found': 'Não existe nenhum utilizador com este nome ou e-mail.',
  'pf.aggregate_not_allowed': 'A agregação "{fn}" não se aplica a um campo do tipo {type}.',
  'pf.min_above_max': 'O mínimo não pode exceder o máximo.',
  'pf.too_many_indexes': 'Este objeto já tem o número máximo de índices.',
  'pf.not_a_member': 'Não é membro deste domínio.',
  'pf.option_not_applicable': 'Esta opção não se aplica a campos do tipo {type}.',
  'pf.object_kind': 'Escolha tabela ou referência.',
};
const ru: Catalog = {
  'pf.not_found.object': 'Такого объекта нет.',
  'pf.not_found.field': 'Такого поля нет.',
  'pf.not_found.record': 'Такой записи нет.',
  'pf.not_found.view': 'Такого представления нет.',
  'pf.not_found.domain': 'Такого домена нет.',
  'pf.not_found.member': 'Этот пользователь не состоит в домене.',
  'pf.unknown_op': 'Неизвестная операция «{op}».',
  'pf.unknown_field': 'Неизвестное поле «{field}».',
  'pf.op_not_allowed': 'Оператор «{op}» неприменим к полю типа {type}.',
  'pf.filter_too_deep': 'Фильтр слишком глубоко вложен (не более {max} уровней).',
  'pf.filter_too_large': 'В фильтре слишком много условий (не более {max}).',
  'pf.expected_number': 'Ожидается число.',
  'pf.expected_integer': 'Ожидается целое число.',
  'pf.expected_text': 'Ожидается текст.',
  'pf.expected_boolean': 'Ожидается «да» или «нет».',
  'pf.expected_date': 'Ожидается дата (ГГГГ-ММ-ДД).',
  'pf.expected_datetime': 'Ожидаются дата и время.',
  'pf.expected_list': 'Ожидается список значений.',
  'pf.expected_range': 'Ожидаются два значения: от и до.',
  'pf.expected_days': 'Ожидается число дней от 1 до 3650.',
  'pf.expected_record_id': 'Ожидается номер записи.',
  'pf.not_a_choice': '«{value}» нет среди вариантов.',
  'pf.invalid_email': 'Неверный адрес электронной почты.',
  'pf.invalid_url': 'Неверный веб-адрес (http или https).',
  'pf.invalid_phone': 'Неверный номер телефона.',
  'pf.pattern_mismatch': 'Не соответствует заданному шаблону.',
  'pf.min_date': 'Не раньше {min}.',
  'pf.max_date': 'Не позже {max}.',
  'pf.unique': 'Это значение уже используется в другой записи.',
  'pf.reference_missing': 'Связанной записи не существует.',
  'pf.code_taken': 'Код «{code}» уже используется.',
  'pf.code_reserved': 'Код «{code}» зарезервирован.',
  'pf.type_change_lossy':
    'Поле «{field}» нельзя сделать типа {type}: будет потеряно значений — {count}, например {examples}.',
  'pf.unique_duplicates':
    'В поле «{field}» одно и то же значение встречается в нескольких записях ({example}); сделать его уникальным нельзя.',
  'pf.object_referenced':
    'Поле «{field}» объекта «{other}» ссылается на этот объект; сначала измените или удалите это поле.',
  'pf.record_deleted': 'Запись удалена; сначала восстановите её.',
  'pf.invalid_pattern': 'Неверное регулярное выражение.',
  'pf.reference_target': 'Выберите объект, на который указывает ссылка.',
  'pf.display_field': 'Отображаемое поле должно принадлежать целевому объекту.',
  'pf.display_field_own': 'Отображаемое поле должно принадлежать этому объекту.',
  'pf.shared_view_forbidden':
    'Только администраторы могут делиться представлениями и изменять общие представления.',
  'pf.view_not_own': 'Изменять это представление может только его владелец.',
  'pf.last_owner': 'У домена должен быть хотя бы один владелец.',
  'pf.already_member': 'Этот пользователь уже состоит в домене.',
  'pf.user_not_found': 'Пользователя с таким именем или адресом нет.',
  'pf.aggregate_not_allowed': 'Агрегат «{fn}» неприменим к полю типа {type}.',
  'pf.min_above_max': 'Минимум не может быть больше максимума.',
  'pf.too_many_indexes': 'У этого объекта уже максимальное число индексов.',
  'pf.not_a_member': 'Вы не состоите в этом домене.',
  'pf.option_not_applicable': 'Этот параметр неприменим к полям типа {type}.',
  'pf.object_kind': 'Выберите таблицу или справочник.',
};

addMessages({ en, de, fr, pt, ru });

export type PfKey = Keys;
export function t(
  lang: Lang,
  key: PfKey | string,
  params: Record<string, string | number> = {},
): string {
  return msg(lang, key, params);
}

export type NotFoundWhat = 'object' | 'field' | 'record' | 'view' | 'domain' | 'member';
export function notFoundIn(lang: Lang, what: NotFoundWhat): AppError {
  return new AppError('not_found', t(lang, `pf.not_found.${what}`));
}

/** A 400 with per-field messages. */
export function invalid(lang: Lang, fields: Record<string, string[]>): AppError {
  return new AppError('validation_failed', msg(lang, 'error.validation_failed'), fields);
}

/** Adds one message to a field-errors map. */
export function addError(fields: Record<string, string[]>, path: string, text: string): void {
  // Own property even for keys like "__proto__" that a client may send as a field name.
  if (!Object.hasOwn(fields, path)) {
    Object.defineProperty(fields, path, {
      value: [],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  fields[path]?.push(text);
}
