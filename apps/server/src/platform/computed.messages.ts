import { defineMessages, type Lang, type Texts } from './messages.js';
import { issueMessage, issueText } from './expr/texts.js';
import type { ExprIssue } from './expr/issues.js';

/** Why a computed field's definition does not resolve (a message key and its values). */
export interface ComputedProblem {
  code: string;
  params: Record<string, string | number>;
  /** Where in a formula (an issue of the expression language), characters from 0. */
  start?: number;
  end?: number;
}

/** Texts of computed fields (formula, lookup, rollup) in every language. */
const en = {
  'computed.kind.formula': 'formula',
  'computed.kind.lookup': 'lookup',
  'computed.kind.rollup': 'rollup',
  'computed.unreadable': 'The definition of this field cannot be read; define it again.',
  'computed.unknown_field': '{object} has no field {field}.',
  'computed.unknown_object': 'The object of this rollup does not exist.',
  'computed.not_reference':
    '{field} is not a reference field; a lookup follows reference fields from record to record.',
  'computed.live_mount':
    '{object} is read live from its data source; computed fields cannot reach into it.',
  'computed.rollup_via':
    '{field} of {object} does not point to {target}; a rollup takes the records whose reference field points to this record.',
  'computed.rollup_field':
    '{fn} needs the field whose values it takes (only count works without one).',
  'computed.rollup_fn_type': '{fn} does not apply to {field} ({type}).',
  'computed.rollup_filter': 'The filter of this rollup is not valid: {reason}',
  'computed.formula_result':
    'A formula gives a number, text, date, date and time, true/false or a record; this one gives {type}.',
  'computed.formula_empty': 'This formula always gives an empty value.',
  'computed.formula_invalid': 'The formula is not valid: {reason}',
  'computed.type_fixed':
    'A lookup or rollup takes the type of the values it reads ({type}); leave the type out.',
  'computed.no_switch':
    'A stored field cannot become computed, nor a computed field stored; add a new field instead.',
  'computed.kind_change': 'A {from} cannot become a {to}; add a new field instead.',
  'computed.option': 'Computed fields have no rule "{option}": their values are not typed in.',
  'computed.read_only': '{field} is a computed field ({kind}); its value cannot be written.',
  'computed.used_by': '{field} is used by the computed field {users}; change or delete that first.',
  'computed.used_by_many':
    '{field} is used by the computed fields {users}; change or delete them first.',
  'computed.object_used_by':
    'The computed field {users} uses this object; change or delete it first.',
  'computed.cycle':
    '{field} would use itself ({chain}); computed fields cannot go round in a circle.',
  'computed.broken': 'This field cannot be computed: {reason}',
  'computed.formula_type':
    'A formula gives text, a whole number, a decimal, money, a percentage, a date, a date and time or true/false; leave the type out to take the formula’s own.',
};

const de: Texts<typeof en> = {
  'computed.kind.formula': 'Formel',
  'computed.kind.lookup': 'Nachschlagefeld',
  'computed.kind.rollup': 'Rollup',
  'computed.unreadable':
    'Die Definition dieses Feldes kann nicht gelesen werden; definieren Sie es neu.',
  'computed.unknown_field': '{object} hat kein Feld {field}.',
  'computed.unknown_object': 'Das Objekt dieses Rollups existiert nicht.',
  'computed.not_reference':
    '{field} ist kein Verweisfeld; ein Nachschlagefeld folgt Verweisfeldern von Datensatz zu Datensatz.',
  'computed.live_mount':
    '{object} wird live aus seiner Datenquelle gelesen; berechnete Felder können nicht hineinreichen.',
  'computed.rollup_via':
    '{field} von {object} verweist nicht auf {target}; ein Rollup nimmt die Datensätze, deren Verweisfeld auf diesen Datensatz zeigt.',
  'computed.rollup_field': '{fn} braucht das Feld, dessen Werte es nimmt (nur Anzahl geht ohne).',
  'computed.rollup_fn_type': '{fn} ist auf {field} ({type}) nicht anwendbar.',
  'computed.rollup_filter': 'Der Filter dieses Rollups ist ungültig: {reason}',
  'computed.formula_result':
    'Eine Formel ergibt eine Zahl, einen Text, ein Datum, Datum und Uhrzeit, wahr/falsch oder einen Datensatz; diese ergibt {type}.',
  'computed.formula_empty': 'Diese Formel ergibt immer einen leeren Wert.',
  'computed.formula_invalid': 'Die Formel ist ungültig: {reason}',
  'computed.type_fixed':
    'Ein Nachschlagefeld oder Rollup hat den Typ der Werte, die es liest ({type}); lassen Sie den Typ weg.',
  'computed.no_switch':
    'Ein gespeichertes Feld kann nicht berechnet werden und ein berechnetes nicht gespeichert; legen Sie stattdessen ein neues Feld an.',
  'computed.kind_change':
    'Aus einem Feld vom Typ {from} kann kein {to} werden; legen Sie stattdessen ein neues Feld an.',
  'computed.option':
    'Berechnete Felder haben keine Regel „{option}“: ihre Werte werden nicht eingegeben.',
  'computed.read_only':
    '{field} ist ein berechnetes Feld ({kind}); sein Wert kann nicht geschrieben werden.',
  'computed.used_by':
    '{field} wird vom berechneten Feld {users} verwendet; ändern oder löschen Sie dieses zuerst.',
  'computed.used_by_many':
    '{field} wird von den berechneten Feldern {users} verwendet; ändern oder löschen Sie diese zuerst.',
  'computed.object_used_by':
    'Das berechnete Feld {users} verwendet dieses Objekt; ändern oder löschen Sie es zuerst.',
  'computed.cycle':
    '{field} würde sich selbst verwenden ({chain}); berechnete Felder dürfen keinen Kreis bilden.',
  'computed.broken': 'Dieses Feld kann nicht berechnet werden: {reason}',
  'computed.formula_type':
    'Eine Formel ergibt Text, eine ganze Zahl, eine Dezimalzahl, einen Geldbetrag, einen Prozentsatz, ein Datum, Datum und Uhrzeit oder wahr/falsch; lassen Sie den Typ weg, um den der Formel zu nehmen.',
};

const fr: Texts<typeof en> = {
  'computed.kind.formula': 'formule',
  'computed.kind.lookup': 'recherche',
  'computed.kind.rollup': 'agrégat',
  'computed.unreadable': 'La définition de ce champ est illisible ; définissez-le à nouveau.',
  'computed.unknown_field': '{object} n’a pas de champ {field}.',
  'computed.unknown_object': 'L’objet de cet agrégat n’existe pas.',
  'computed.not_reference':
    '{field} n’est pas un champ de référence ; une recherche suit les champs de référence d’un enregistrement à l’autre.',
  'computed.live_mount':
    '{object} est lu en direct dans sa source de données ; les champs calculés ne peuvent pas y accéder.',
  'computed.rollup_via':
    '{field} de {object} ne pointe pas vers {target} ; un agrégat prend les enregistrements dont le champ de référence pointe vers cet enregistrement.',
  'computed.rollup_field':
    '{fn} a besoin du champ dont il prend les valeurs (seul le comptage s’en passe).',
  'computed.rollup_fn_type': '{fn} ne s’applique pas à {field} ({type}).',
  'computed.rollup_filter': 'Le filtre de cet agrégat n’est pas valide : {reason}',
  'computed.formula_result':
    'Une formule donne un nombre, un texte, une date, une date et heure, vrai/faux ou un enregistrement ; celle-ci donne {type}.',
  'computed.formula_empty': 'Cette formule donne toujours une valeur vide.',
  'computed.formula_invalid': 'La formule n’est pas valide : {reason}',
  'computed.type_fixed':
    'Une recherche ou un agrégat prend le type des valeurs qu’il lit ({type}) ; n’indiquez pas de type.',
  'computed.no_switch':
    'Un champ stocké ne peut pas devenir calculé, ni un champ calculé stocké ; ajoutez plutôt un nouveau champ.',
  'computed.kind_change':
    'Un champ de type {from} ne peut pas devenir {to} ; ajoutez plutôt un nouveau champ.',
  'computed.option':
    'Les champs calculés n’ont pas de règle « {option} » : leurs valeurs ne sont pas saisies.',
  'computed.read_only':
    '{field} est un champ calculé ({kind}) ; sa valeur ne peut pas être écrite.',
  'computed.used_by':
    '{field} est utilisé par le champ calculé {users} ; modifiez-le ou supprimez-le d’abord.',
  'computed.used_by_many':
    '{field} est utilisé par les champs calculés {users} ; modifiez-les ou supprimez-les d’abord.',
  'computed.object_used_by':
    'Le champ calculé {users} utilise cet objet ; modifiez-le ou supprimez-le d’abord.',
  'computed.cycle':
    '{field} s’utiliserait lui-même ({chain}) ; les champs calculés ne peuvent pas former de cercle.',
  'computed.broken': 'Ce champ ne peut pas être calculé : {reason}',
  'computed.formula_type':
    'Une formule donne un texte, un nombre entier, un décimal, un montant, un pourcentage, une date, une date et heure ou vrai/faux ; n’indiquez pas de type pour prendre celui de la formule.',
};

const pt: Texts<typeof en> = {
  'computed.kind.formula': 'fórmula',
  'computed.kind.lookup': 'pesquisa',
  'computed.kind.rollup': 'agregação',
  'computed.unreadable': 'A definição deste campo não pode ser lida; defina-o novamente.',
  'computed.unknown_field': '{object} não tem o campo {field}.',
  'computed.unknown_object': 'O objeto desta agregação não existe.',
  'computed.not_reference':
    '{field} não é um campo de referência; uma pesquisa segue campos de referência de registo em registo.',
  'computed.live_mount':
    '{object} é lido em direto da sua fonte de dados; campos calculados não podem chegar a ele.',
  'computed.rollup_via':
    '{field} de {object} não aponta para {target}; uma agregação considera os registos cujo campo de referência aponta para este registo.',
  'computed.rollup_field':
    '{fn} precisa do campo cujos valores considera (só a contagem funciona sem ele).',
  'computed.rollup_fn_type': '{fn} não se aplica a {field} ({type}).',
  'computed.rollup_filter': 'O filtro desta agregação não é válido: {reason}',
  'computed.formula_result':
    'Uma fórmula dá um número, um texto, uma data, data e hora, verdadeiro/falso ou um registo; esta dá {type}.',
  'computed.formula_empty': 'Esta fórmula dá sempre um valor vazio.',
  'computed.formula_invalid': 'A fórmula não é válida: {reason}',
  'computed.type_fixed':
    'Uma pesquisa ou agregação tem o tipo dos valores que lê ({type}); não indique o tipo.',
  'computed.no_switch':
    'Um campo guardado não pode tornar-se calculado, nem um calculado guardado; acrescente antes um campo novo.',
  'computed.kind_change':
    'Um campo do tipo {from} não pode tornar-se {to}; acrescente antes um campo novo.',
  'computed.option':
    'Campos calculados não têm a regra “{option}”: os seus valores não são introduzidos.',
  'computed.read_only': '{field} é um campo calculado ({kind}); o seu valor não pode ser escrito.',
  'computed.used_by':
    '{field} é usado pelo campo calculado {users}; altere-o ou elimine-o primeiro.',
  'computed.used_by_many':
    '{field} é usado pelos campos calculados {users}; altere-os ou elimine-os primeiro.',
  'computed.object_used_by':
    'O campo calculado {users} usa este objeto; altere-o ou elimine-o primeiro.',
  'computed.cycle':
    '{field} usaria a si mesmo ({chain}); campos calculados não podem formar um círculo.',
  'computed.broken': 'Este campo não pode ser calculado: {reason}',
  'computed.formula_type':
    'Uma fórmula dá texto, um número inteiro, um decimal, um valor monetário, uma percentagem, uma data, data e hora ou verdadeiro/falso; não indique o tipo para usar o da própria fórmula.',
};

const ru: Texts<typeof en> = {
  'computed.kind.formula': 'формула',
  'computed.kind.lookup': 'подстановка',
  'computed.kind.rollup': 'свёртка',
  'computed.unreadable': 'Определение этого поля не читается; задайте его заново.',
  'computed.unknown_field': 'В объекте {object} нет поля {field}.',
  'computed.unknown_object': 'Объекта этой свёртки не существует.',
  'computed.not_reference':
    'Поле {field} не является ссылкой; подстановка переходит по ссылочным полям от записи к записи.',
  'computed.live_mount':
    'Объект {object} читается напрямую из источника данных; вычисляемые поля не могут обращаться к нему.',
  'computed.rollup_via':
    'Поле {field} объекта {object} не ссылается на {target}; свёртка берёт записи, чьё ссылочное поле указывает на эту запись.',
  'computed.rollup_field':
    'Для «{fn}» нужно поле, значения которого берутся (без поля работает только количество).',
  'computed.rollup_fn_type': '«{fn}» не применимо к полю {field} ({type}).',
  'computed.rollup_filter': 'Фильтр этой свёртки неверен: {reason}',
  'computed.formula_result':
    'Формула даёт число, текст, дату, дату и время, да/нет или запись; эта даёт {type}.',
  'computed.formula_empty': 'Эта формула всегда даёт пустое значение.',
  'computed.formula_invalid': 'Формула неверна: {reason}',
  'computed.type_fixed':
    'Подстановка или свёртка имеет тип читаемых значений ({type}); не указывайте тип.',
  'computed.no_switch':
    'Хранимое поле не может стать вычисляемым, а вычисляемое — хранимым; добавьте новое поле.',
  'computed.kind_change': 'Поле типа «{from}» не может стать «{to}»; добавьте новое поле.',
  'computed.option': 'У вычисляемых полей нет правила «{option}»: их значения не вводятся вручную.',
  'computed.read_only': 'Поле {field} вычисляемое ({kind}); его значение нельзя записать.',
  'computed.used_by':
    'Поле {field} используется вычисляемым полем {users}; сначала измените или удалите его.',
  'computed.used_by_many':
    'Поле {field} используется вычисляемыми полями {users}; сначала измените или удалите их.',
  'computed.object_used_by':
    'Вычисляемое поле {users} использует этот объект; сначала измените или удалите его.',
  'computed.cycle':
    'Поле {field} ссылалось бы само на себя ({chain}); вычисляемые поля не могут образовывать круг.',
  'computed.broken': 'Это поле не вычисляется: {reason}',
  'computed.formula_type':
    'Формула даёт текст, целое число, десятичное число, деньги, процент, дату, дату и время или да/нет; не указывайте тип, чтобы взять тип самой формулы.',
};

export const computedText = defineMessages({ en, de, fr, pt, ru });

/**
 * A computed field's problem in a language: a text of this catalogue, or the expression
 * language's issue its formula has (`expr.*`).
 */
export function computedProblemText(lang: Lang, p: ComputedProblem): string {
  return computedText(lang, 'computed.broken', { reason: problemReason(lang, p) });
}

/** The reason alone (a change refused while it is made); a formula's issue with its place. */
export function problemReason(lang: Lang, p: ComputedProblem): string {
  if (!p.code.startsWith('expr.'))
    return computedText(lang, p.code as 'computed.unreadable', p.params);
  const issue = { code: p.code as ExprIssue['code'], params: p.params };
  return p.start === undefined
    ? issueText(lang, issue)
    : issueMessage(lang, { ...issue, start: p.start, end: p.end ?? p.start });
}

/** The refusal of a value for a computed field (records, imports, procedures, write-back). */
export function readOnlyText(
  lang: Lang,
  f: { name: string; computed?: { def: { kind: 'formula' | 'lookup' | 'rollup' } } },
): string {
  const kind = computedText(lang, `computed.kind.${f.computed?.def.kind ?? 'formula'}`);
  return computedText(lang, 'computed.read_only', { field: f.name, kind });
}
