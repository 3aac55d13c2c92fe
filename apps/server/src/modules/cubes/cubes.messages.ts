import { defineMessages, type Texts } from '../../platform/messages.js';

const en = {
  'cube.not_found': 'This cube does not exist in this domain.',
  'cube.unknown_field': 'There is no field {field} in {object}.',
  'cube.unknown_dimension': 'The cube has no dimension {key}.',
  'cube.unknown_measure': 'The cube has no measure {key}.',
  'cube.key_twice': 'The key {key} is used twice.',
  'cube.dimension_type': 'A dimension cannot be made of a {type} field.',
  'cube.grain_not_date': 'Only date fields are grouped by year, quarter, month or day.',
  'cube.measure_field': '{fn} needs a field.',
  'cube.measure_type': '{fn} cannot be applied to a {type} field.',
  'cube.calc_order': 'A calculated measure can only use measures listed before it.',
  'cube.lock_dimension': 'A locked-member rule needs a reference dimension of the cube.',
  'cube.lock_field': '{field} is not a yes/no field of {object}.',
  'cube.axis_twice': '{key} is used twice in the layout.',
  'cube.too_many_cells':
    'The layout has more than {max} combinations of members; add parameters or use fewer dimensions.',
  'cube.sort_measure': 'Sorting by a measure needs one of the layout’s measures.',
  'cube.not_writable': '{measure} cannot be typed into: only sums of numeric fields can.',
  'cube.locked': '“{member}” ({dimension}) is locked; its cells cannot be changed.',
  'cube.value': 'Expected a number with at most {scale} decimal places.',
  'cube.value_range': 'The value is beyond what the field can store.',
  'cube.no_records':
    'No records lie under this cell, and the cube does not say which dimensions make a new record.',
  'cube.new_leaf': 'A new record needs a member of every key dimension ({dimensions}).',
  'cube.no_records_percent': 'No records lie under this cell; a percentage changes nothing.',
  'cube.member': '{member} is not a member of {dimension}.',
  'cube.nothing_to_undo': 'You have no write in this cube to undo.',
  'cube.undo_conflict':
    '{count} of the records were changed after your write; undoing it would overwrite those changes.',
  'cube.total': 'Total',
  'cube.empty_member': '(empty)',
  'cube.yes': 'Yes',
  'cube.no': 'No',
  'cube.spread_equal':
    'The records below were all empty or zero, so the value was spread equally among them.',
  'cube.rule': '{count} records would get a value that {field} does not allow: {reason}',
  'cube.new_required': 'A new record needs a value for {field}, which the cell does not give.',
  'cube.new_outside':
    'A record with these members would not fall under the cell: the cube’s parameters or the layout’s filter exclude it.',
};

const de: Texts<typeof en> = {
  'cube.not_found': 'Diesen Cube gibt es in dieser Domäne nicht.',
  'cube.unknown_field': 'Das Feld {field} gibt es in {object} nicht.',
  'cube.unknown_dimension': 'Der Cube hat keine Dimension {key}.',
  'cube.unknown_measure': 'Der Cube hat keine Kennzahl {key}.',
  'cube.key_twice': 'Der Schlüssel {key} wird zweimal verwendet.',
  'cube.dimension_type': 'Ein Feld vom Typ {type} kann keine Dimension sein.',
  'cube.grain_not_date': 'Nur Datumsfelder werden nach Jahr, Quartal, Monat oder Tag gruppiert.',
  'cube.measure_field': '{fn} braucht ein Feld.',
  'cube.measure_type': '{fn} ist auf ein Feld vom Typ {type} nicht anwendbar.',
  'cube.calc_order': 'Eine berechnete Kennzahl kann nur Kennzahlen verwenden, die vor ihr stehen.',
  'cube.lock_dimension': 'Eine Sperrregel braucht eine Verweis-Dimension des Cubes.',
  'cube.lock_field': '{field} ist kein Ja/Nein-Feld von {object}.',
  'cube.axis_twice': '{key} kommt im Layout zweimal vor.',
  'cube.too_many_cells':
    'Das Layout hat mehr als {max} Kombinationen von Elementen; fügen Sie Parameter hinzu oder verwenden Sie weniger Dimensionen.',
  'cube.sort_measure': 'Das Sortieren nach einer Kennzahl braucht eine Kennzahl des Layouts.',
  'cube.not_writable':
    'In {measure} kann nicht geschrieben werden: nur Summen numerischer Felder sind beschreibbar.',
  'cube.locked':
    '„{member}“ ({dimension}) ist gesperrt; seine Zellen können nicht geändert werden.',
  'cube.value': 'Erwartet: eine Zahl mit höchstens {scale} Nachkommastellen.',
  'cube.value_range': 'Der Wert übersteigt, was das Feld speichern kann.',
  'cube.no_records':
    'Unter dieser Zelle liegen keine Datensätze, und der Cube legt nicht fest, welche Dimensionen einen neuen Datensatz bilden.',
  'cube.new_leaf':
    'Ein neuer Datensatz braucht ein Element jeder Schlüsseldimension ({dimensions}).',
  'cube.no_records_percent':
    'Unter dieser Zelle liegen keine Datensätze; ein Prozentsatz ändert nichts.',
  'cube.member': '{member} ist kein Element von {dimension}.',
  'cube.nothing_to_undo':
    'Sie haben in diesem Cube nichts geschrieben, das rückgängig zu machen wäre.',
  'cube.undo_conflict':
    '{count} der Datensätze wurden nach Ihrer Eingabe geändert; das Rückgängigmachen würde diese Änderungen überschreiben.',
  'cube.total': 'Gesamt',
  'cube.empty_member': '(leer)',
  'cube.yes': 'Ja',
  'cube.no': 'Nein',
  'cube.spread_equal':
    'Die Datensätze darunter waren alle leer oder null; der Wert wurde daher gleichmäßig auf sie verteilt.',
  'cube.rule': '{count} Datensätze bekämen einen Wert, den {field} nicht zulässt: {reason}',
  'cube.new_required':
    'Ein neuer Datensatz braucht einen Wert für {field}, den die Zelle nicht vorgibt.',
  'cube.new_outside':
    'Ein Datensatz mit diesen Elementen läge nicht unter der Zelle: die Parameter des Cubes oder der Filter des Layouts schließen ihn aus.',
};

const fr: Texts<typeof en> = {
  'cube.not_found': 'Ce cube n’existe pas dans ce domaine.',
  'cube.unknown_field': 'Il n’y a pas de champ {field} dans {object}.',
  'cube.unknown_dimension': 'Le cube n’a pas de dimension {key}.',
  'cube.unknown_measure': 'Le cube n’a pas de mesure {key}.',
  'cube.key_twice': 'La clé {key} est utilisée deux fois.',
  'cube.dimension_type': 'Un champ de type {type} ne peut pas être une dimension.',
  'cube.grain_not_date':
    'Seuls les champs de date se regroupent par année, trimestre, mois ou jour.',
  'cube.measure_field': '{fn} nécessite un champ.',
  'cube.measure_type': '{fn} ne s’applique pas à un champ de type {type}.',
  'cube.calc_order': 'Une mesure calculée ne peut utiliser que des mesures placées avant elle.',
  'cube.lock_dimension': 'Une règle de verrouillage nécessite une dimension de référence du cube.',
  'cube.lock_field': '{field} n’est pas un champ oui/non de {object}.',
  'cube.axis_twice': '{key} figure deux fois dans la disposition.',
  'cube.too_many_cells':
    'La disposition a plus de {max} combinaisons de membres ; ajoutez des paramètres ou utilisez moins de dimensions.',
  'cube.sort_measure': 'Le tri par mesure nécessite une des mesures de la disposition.',
  'cube.not_writable':
    'On ne peut pas saisir dans {measure} : seules les sommes de champs numériques sont saisissables.',
  'cube.locked':
    '« {member} » ({dimension}) est verrouillé ; ses cellules ne peuvent pas être modifiées.',
  'cube.value': 'Nombre attendu, avec au plus {scale} décimales.',
  'cube.value_range': 'La valeur dépasse ce que le champ peut stocker.',
  'cube.no_records':
    'Aucun enregistrement sous cette cellule, et le cube n’indique pas quelles dimensions forment un nouvel enregistrement.',
  'cube.new_leaf':
    'Un nouvel enregistrement nécessite un membre de chaque dimension clé ({dimensions}).',
  'cube.no_records_percent':
    'Aucun enregistrement sous cette cellule ; un pourcentage ne change rien.',
  'cube.member': '{member} n’est pas un membre de {dimension}.',
  'cube.nothing_to_undo': 'Vous n’avez rien saisi dans ce cube qui puisse être annulé.',
  'cube.undo_conflict':
    '{count} des enregistrements ont changé après votre saisie ; l’annuler écraserait ces changements.',
  'cube.total': 'Total',
  'cube.empty_member': '(vide)',
  'cube.yes': 'Oui',
  'cube.no': 'Non',
  'cube.spread_equal':
    'Les enregistrements en dessous étaient tous vides ou à zéro ; la valeur a donc été répartie à parts égales.',
  'cube.rule':
    '{count} enregistrements recevraient une valeur que {field} n’accepte pas : {reason}',
  'cube.new_required':
    'Un nouvel enregistrement a besoin d’une valeur pour {field}, que la cellule ne donne pas.',
  'cube.new_outside':
    'Un enregistrement avec ces membres ne tomberait pas sous la cellule : les paramètres du cube ou le filtre de la disposition l’excluent.',
};

const pt: Texts<typeof en> = {
  'cube.not_found': 'Este cubo não existe neste domínio.',
  'cube.unknown_field': 'Não existe o campo {field} em {object}.',
  'cube.unknown_dimension': 'O cubo não tem a dimensão {key}.',
  'cube.unknown_measure': 'O cubo não tem a medida {key}.',
  'cube.key_twice': 'A chave {key} é usada duas vezes.',
  'cube.dimension_type': 'Um campo do tipo {type} não pode ser uma dimensão.',
  'cube.grain_not_date': 'Só campos de data se agrupam por ano, trimestre, mês ou dia.',
  'cube.measure_field': '{fn} precisa de um campo.',
  'cube.measure_type': '{fn} não se aplica a um campo do tipo {type}.',
  'cube.calc_order': 'Uma medida calculada só pode usar medidas listadas antes dela.',
  'cube.lock_dimension': 'Uma regra de bloqueio precisa de uma dimensão de referência do cubo.',
  'cube.lock_field': '{field} não é um campo sim/não de {object}.',
  'cube.axis_twice': '{key} aparece duas vezes no layout.',
  'cube.too_many_cells':
    'O layout tem mais de {max} combinações de membros; adicione parâmetros ou use menos dimensões.',
  'cube.sort_measure': 'Ordenar por uma medida exige uma das medidas do layout.',
  'cube.not_writable':
    'Não é possível digitar em {measure}: só somas de campos numéricos aceitam valores.',
  'cube.locked':
    '“{member}” ({dimension}) está bloqueado; as suas células não podem ser alteradas.',
  'cube.value': 'Esperado um número com no máximo {scale} casas decimais.',
  'cube.value_range': 'O valor excede o que o campo pode guardar.',
  'cube.no_records':
    'Não há registros sob esta célula, e o cubo não diz que dimensões formam um novo registro.',
  'cube.new_leaf': 'Um novo registro precisa de um membro de cada dimensão chave ({dimensions}).',
  'cube.no_records_percent': 'Não há registros sob esta célula; uma percentagem não muda nada.',
  'cube.member': '{member} não é um membro de {dimension}.',
  'cube.nothing_to_undo': 'Não tem nenhuma escrita neste cubo para desfazer.',
  'cube.undo_conflict':
    '{count} dos registros mudaram depois da sua escrita; desfazê-la sobrescreveria essas mudanças.',
  'cube.total': 'Total',
  'cube.empty_member': '(vazio)',
  'cube.yes': 'Sim',
  'cube.no': 'Não',
  'cube.spread_equal':
    'Os registros abaixo estavam todos vazios ou a zero; por isso o valor foi repartido em partes iguais.',
  'cube.rule': '{count} registros receberiam um valor que {field} não permite: {reason}',
  'cube.new_required':
    'Um novo registro precisa de um valor para {field}, que a célula não fornece.',
  'cube.new_outside':
    'Um registro com estes membros não ficaria sob a célula: os parâmetros do cubo ou o filtro do layout o excluem.',
};

const ru: Texts<typeof en> = {
  'cube.not_found': 'Такого куба в этом домене нет.',
  'cube.unknown_field': 'В {object} нет поля {field}.',
  'cube.unknown_dimension': 'В кубе нет измерения {key}.',
  'cube.unknown_measure': 'В кубе нет показателя {key}.',
  'cube.key_twice': 'Ключ {key} используется дважды.',
  'cube.dimension_type': 'Поле типа {type} не может быть измерением.',
  'cube.grain_not_date': 'По году, кварталу, месяцу или дню группируются только поля дат.',
  'cube.measure_field': 'Для {fn} нужно поле.',
  'cube.measure_type': '{fn} нельзя применить к полю типа {type}.',
  'cube.calc_order':
    'Вычисляемый показатель может использовать только показатели, стоящие перед ним.',
  'cube.lock_dimension': 'Правилу блокировки нужно ссылочное измерение куба.',
  'cube.lock_field': '{field} — не поле «да/нет» объекта {object}.',
  'cube.axis_twice': '{key} встречается в раскладке дважды.',
  'cube.too_many_cells':
    'В раскладке больше {max} сочетаний элементов; добавьте параметры или уберите измерения.',
  'cube.sort_measure': 'Для сортировки по показателю нужен один из показателей раскладки.',
  'cube.not_writable':
    'В {measure} нельзя вводить значения: вводить можно только в суммы числовых полей.',
  'cube.locked': '«{member}» ({dimension}) заблокирован; его ячейки изменить нельзя.',
  'cube.value': 'Ожидается число, не более {scale} знаков после запятой.',
  'cube.value_range': 'Значение превышает то, что может хранить поле.',
  'cube.no_records':
    'Под этой ячейкой нет записей, а в кубе не указано, какие измерения образуют новую запись.',
  'cube.new_leaf': 'Для новой записи нужен элемент каждого ключевого измерения ({dimensions}).',
  'cube.no_records_percent': 'Под этой ячейкой нет записей; процент ничего не изменит.',
  'cube.member': '{member} — не элемент измерения {dimension}.',
  'cube.nothing_to_undo': 'В этом кубе нет вашего ввода, который можно отменить.',
  'cube.undo_conflict':
    '{count} записей изменились после вашего ввода; отмена перезаписала бы эти изменения.',
  'cube.total': 'Итого',
  'cube.empty_member': '(пусто)',
  'cube.yes': 'Да',
  'cube.no': 'Нет',
  'cube.spread_equal':
    'Все записи ниже были пустыми или нулевыми, поэтому значение распределено между ними поровну.',
  'cube.rule': '{count} записей получили бы значение, недопустимое для поля {field}: {reason}',
  'cube.new_required': 'Новой записи нужно значение поля {field}, которого ячейка не задаёт.',
  'cube.new_outside':
    'Запись с этими элементами не попала бы в ячейку: её исключают параметры куба или фильтр раскладки.',
};

export const cubesText = defineMessages({ en, de, fr, pt, ru });
