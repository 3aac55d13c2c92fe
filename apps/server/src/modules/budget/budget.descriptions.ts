import type { DescriptionTranslations } from '@fiscus/contracts';

/**
 * The Demo budget's descriptions (objects, procedures, cubes, reports) and its buttons' questions
 * in de, fr, pt, ru beside the English text, which is the default and the key (the order of
 * `NAMES` in budget.definitions.ts). A text the seed writes without a row here stays English.
 */
const DESCRIPTIONS = {
  // ---- objects ---------------------------------------------------------------------------------
  'Versions of the plan: actuals, budgets and forecasts by year. A locked scenario cannot be changed or typed into.':
    [
      'Fassungen des Plans: Ist-Werte, Budgets und Prognosen je Jahr. Ein gesperrtes Szenario lässt sich weder ändern noch überschreiben.',
      'Versions du plan : réel, budgets et prévisions par année. Un scénario verrouillé ne peut être ni modifié ni saisi.',
      'Versões do plano: real, orçamentos e previsões por ano. Um cenário bloqueado não pode ser alterado nem receber valores.',
      'Версии плана: факт, бюджеты и прогнозы по годам. Заблокированный сценарий нельзя изменить, и в него нельзя вводить значения.',
    ],
  'The months of the plan. A closed month cannot be typed into.': [
    'Die Monate des Plans. In einen abgeschlossenen Monat kann nichts mehr eingegeben werden.',
    'Les mois du plan. Un mois clôturé n’accepte plus de saisie.',
    'Os meses do plano. Num mês fechado já não se podem introduzir valores.',
    'Месяцы плана. В закрытый месяц нельзя вводить значения.',
  ],
  'Who spends and earns: departments and teams.': [
    'Wer ausgibt und einnimmt: Abteilungen und Teams.',
    'Qui dépense et qui encaisse : services et équipes.',
    'Quem gasta e quem fatura: departamentos e equipas.',
    'Кто тратит и зарабатывает: отделы и команды.',
  ],
  'The chart of budget articles, grouped.': [
    'Der Plan der Budgetpositionen, nach Gruppen geordnet.',
    'Le plan des postes budgétaires, par groupe.',
    'O plano de rubricas orçamentais, agrupadas.',
    'Справочник статей бюджета по группам.',
  ],
  'The company’s vehicles.': [
    'Die Fahrzeuge des Unternehmens.',
    'Les véhicules de l’entreprise.',
    'Os veículos da empresa.',
    'Автомобили компании.',
  ],
  'Kinds of insurance and the article each books to.': [
    'Versicherungsarten und die Budgetposition, auf die jede gebucht wird.',
    'Les types d’assurance et le poste sur lequel chacun est imputé.',
    'Os tipos de seguro e a rubrica em que cada um é lançado.',
    'Виды страхования и статья, на которую относится каждый из них.',
  ],
  'Taxes the company pays, their usual rate and article.': [
    'Die Steuern, die das Unternehmen zahlt, mit üblichem Satz und Budgetposition.',
    'Les impôts que paie l’entreprise, leur taux habituel et leur poste.',
    'Os impostos que a empresa paga, a sua taxa habitual e a rubrica.',
    'Налоги, которые платит компания, их обычная ставка и статья.',
  ],
  'Kinds of investment, their useful life and depreciation article.': [
    'Investitionsarten mit Nutzungsdauer und Budgetposition der Abschreibung.',
    'Les types d’investissement, leur durée d’utilité et leur poste d’amortissement.',
    'Os tipos de investimento, a sua vida útil e a rubrica de depreciação.',
    'Виды капвложений, их срок полезного использования и статья амортизации.',
  ],
  'Revenue, personnel and other operating costs by cost centre and month.': [
    'Umsatz, Personal- und sonstige Betriebskosten je Kostenstelle und Monat.',
    'Chiffre d’affaires, frais de personnel et autres charges d’exploitation par centre de coûts et par mois.',
    'Receitas, custos com pessoal e outros custos operacionais por centro de custo e mês.',
    'Выручка, расходы на персонал и прочие операционные расходы по центрам затрат и месяцам.',
  ],
  'Fuel, leasing, maintenance and other costs of each vehicle by month.': [
    'Kraftstoff, Leasing, Wartung und weitere Kosten jedes Fahrzeugs je Monat.',
    'Carburant, leasing, entretien et autres frais de chaque véhicule par mois.',
    'Combustível, leasing, manutenção e outros custos de cada veículo por mês.',
    'Топливо, лизинг, обслуживание и прочие расходы по каждому автомобилю помесячно.',
  ],
  'Campaigns by channel, article, cost centre and month.': [
    'Kampagnen nach Kanal, Budgetposition, Kostenstelle und Monat.',
    'Campagnes par canal, poste, centre de coûts et mois.',
    'Campanhas por canal, rubrica, centro de custo e mês.',
    'Кампании по каналам, статьям, центрам затрат и месяцам.',
  ],
  'Taxes by type: the base, the rate and the amount (base × rate).': [
    'Steuern nach Art: Bemessungsgrundlage, Satz und Betrag (Grundlage × Satz).',
    'Impôts par type : l’assiette, le taux et le montant (assiette × taux).',
    'Impostos por tipo: a base, a taxa e o montante (base × taxa).',
    'Налоги по видам: база, ставка и сумма (база × ставка).',
  ],
  'Insured assets, their annual premium and its monthly share.': [
    'Versicherte Güter, ihre Jahresprämie und deren Monatsanteil.',
    'Les biens assurés, leur prime annuelle et sa part mensuelle.',
    'Os bens seguros, o prémio anual e a sua parcela mensal.',
    'Застрахованное имущество, годовая премия и её месячная доля.',
  ],
  'Investment projects: category, cost and start month. CAPEX depreciation turns them into monthly depreciation.':
    [
      'Investitionsprojekte: Kategorie, Kosten und Startmonat. Die Abschreibung der Investitionen macht daraus monatliche Abschreibungen.',
      'Projets d’investissement : catégorie, coût et mois de début. L’amortissement des investissements en tire les amortissements mensuels.',
      'Projetos de investimento: categoria, custo e mês de início. A depreciação do CAPEX converte-os em depreciação mensal.',
      'Инвестиционные проекты: категория, стоимость и месяц начала. Амортизация капвложений превращает их в ежемесячную амортизацию.',
    ],
  'Monthly straight-line depreciation of the CAPEX projects (made by CAPEX depreciation).': [
    'Monatliche lineare Abschreibung der Investitionsprojekte (erstellt von „Abschreibung der Investitionen“).',
    'Amortissement linéaire mensuel des projets d’investissement (calculé par « Amortissement des investissements »).',
    'Depreciação mensal por quotas constantes dos projetos de CAPEX (calculada pela «Depreciação do CAPEX»).',
    'Ежемесячная линейная амортизация инвестиционных проектов (её рассчитывает процедура «Амортизация капвложений»).',
  ],
  'The master budget: the functional budgets and depreciation assembled per scenario, the booked actuals, and the actuals beside each plan.':
    [
      'Das Gesamtbudget: die je Szenario zusammengeführten Fachbudgets und Abschreibungen, die gebuchten Ist-Werte und die Ist-Werte neben jedem Plan.',
      'Le budget général : les budgets fonctionnels et les amortissements consolidés par scénario, le réel comptabilisé et le réel en regard de chaque plan.',
      'O orçamento geral: os orçamentos funcionais e a depreciação consolidados por cenário, os valores reais lançados e o real ao lado de cada plano.',
      'Сводный бюджет: функциональные бюджеты и амортизация, собранные по сценариям, учтённый факт и факт рядом с каждым планом.',
    ],

  // ---- procedures ------------------------------------------------------------------------------
  'Straight-line depreciation of the scenario’s CAPEX projects: one line per month of the category’s useful life, from the month after the start; the lines of a project add up to its cost to the cent. Replaces the scenario’s previous depreciation.':
    [
      'Lineare Abschreibung der Investitionsprojekte des Szenarios: eine Zeile je Monat der Nutzungsdauer der Kategorie, ab dem Monat nach dem Start; die Zeilen eines Projekts ergeben centgenau seine Kosten. Ersetzt die bisherige Abschreibung des Szenarios.',
      'Amortissement linéaire des projets d’investissement du scénario : une ligne par mois de la durée d’utilité de la catégorie, à partir du mois qui suit le début ; les lignes d’un projet totalisent son coût au centime près. Remplace l’amortissement précédent du scénario.',
      'Depreciação por quotas constantes dos projetos de CAPEX do cenário: uma linha por mês da vida útil da categoria, a partir do mês seguinte ao início; as linhas de um projeto somam o seu custo ao cêntimo. Substitui a depreciação anterior do cenário.',
      'Линейная амортизация инвестиционных проектов сценария: по строке на каждый месяц срока полезного использования категории, начиная с месяца после старта; строки проекта в сумме дают его стоимость с точностью до копейки. Заменяет прежнюю амортизацию сценария.',
    ],
  'Puts what is typed into the budget report into the functional budgets at once: it runs on every change of a budget line’s amount, and the lines behind the changed budget line are scaled to its typed amount, to the cent. The Budget assembly runs it first too.':
    [
      'Übernimmt Eingaben im Budgetbericht sofort in die Fachbudgets: Sie läuft bei jeder Änderung des Betrags einer Budgetzeile, und die Zeilen hinter der geänderten Budgetzeile werden centgenau auf den eingegebenen Betrag skaliert. Auch die Budgetkonsolidierung führt sie als Erstes aus.',
      'Reporte aussitôt dans les budgets fonctionnels ce qui est saisi dans le rapport budgétaire : elle s’exécute à chaque modification du montant d’une ligne budgétaire, et les lignes qui la composent sont ajustées au montant saisi, au centime près. La consolidation du budget l’exécute aussi en premier.',
      'Leva de imediato aos orçamentos funcionais o que é introduzido no relatório orçamental: corre a cada alteração do montante de uma linha orçamental, e as linhas que a compõem são ajustadas ao montante introduzido, ao cêntimo. A consolidação do orçamento também a executa primeiro.',
      'Сразу переносит введённое в бюджетном отчёте в функциональные бюджеты: запускается при каждом изменении суммы строки бюджета, и строки, из которых она сложилась, пересчитываются под введённую сумму с точностью до копейки. Сборка бюджета тоже сначала запускает её.',
    ],
  'Puts what was typed into the budget report into the functional budgets, then consolidates the functional budgets (operating, vehicles, marketing, taxes, insurance) and the CAPEX depreciation of a scenario into the budget lines, by article, cost centre and month, replacing the scenario’s previous assembly; lines typed in without a source stay. Adds the booked actuals of the same year beside the plan.':
    [
      'Übernimmt Eingaben im Budgetbericht in die Fachbudgets und führt dann die Fachbudgets (Betrieb, Fahrzeuge, Marketing, Steuern, Versicherungen) und die Abschreibung der Investitionen eines Szenarios nach Budgetposition, Kostenstelle und Monat in den Budgetzeilen zusammen; die bisherige Konsolidierung des Szenarios wird ersetzt, ohne Quelle eingegebene Zeilen bleiben. Stellt die gebuchten Ist-Werte desselben Jahres neben den Plan.',
      'Reporte dans les budgets fonctionnels ce qui a été saisi dans le rapport budgétaire, puis consolide les budgets fonctionnels (exploitation, véhicules, marketing, impôts, assurances) et l’amortissement des investissements d’un scénario dans les lignes budgétaires, par poste, centre de coûts et mois, en remplaçant la consolidation précédente du scénario ; les lignes saisies sans source restent. Ajoute le réel comptabilisé de la même année en regard du plan.',
      'Leva aos orçamentos funcionais o que foi introduzido no relatório orçamental e depois consolida os orçamentos funcionais (operacional, veículos, marketing, impostos, seguros) e a depreciação do CAPEX de um cenário nas linhas orçamentais, por rubrica, centro de custo e mês, substituindo a consolidação anterior do cenário; as linhas introduzidas sem origem mantêm-se. Acrescenta os valores reais lançados do mesmo ano ao lado do plano.',
      'Переносит введённое в бюджетном отчёте в функциональные бюджеты, затем сводит функциональные бюджеты (операционный, транспорт, маркетинг, налоги, страхование) и амортизацию капвложений сценария в строки бюджета по статьям, центрам затрат и месяцам, заменяя прежнюю сборку сценария; строки, введённые без источника, остаются. Добавляет учтённый факт того же года рядом с планом.',
    ],
  'Copies every line of a scenario — functional budgets, CAPEX, depreciation and budget lines — into a new or empty scenario, optionally shifted by months and changed by a percentage. A locked target is refused.':
    [
      'Kopiert jede Zeile eines Szenarios – Fachbudgets, Investitionen, Abschreibungen und Budgetzeilen – in ein neues oder leeres Szenario, auf Wunsch um Monate verschoben und um einen Prozentsatz verändert. Ein gesperrtes Zielszenario wird abgelehnt.',
      'Copie chaque ligne d’un scénario — budgets fonctionnels, investissements, amortissements et lignes budgétaires — dans un scénario nouveau ou vide, au besoin décalée de quelques mois et modifiée d’un pourcentage. Un scénario cible verrouillé est refusé.',
      'Copia todas as linhas de um cenário — orçamentos funcionais, CAPEX, depreciação e linhas orçamentais — para um cenário novo ou vazio, opcionalmente deslocadas alguns meses e alteradas numa percentagem. Um cenário de destino bloqueado é recusado.',
      'Копирует все строки сценария — функциональные бюджеты, капвложения, амортизацию и строки бюджета — в новый или пустой сценарий, при необходимости со сдвигом на несколько месяцев и изменением на заданный процент. В заблокированный сценарий копировать нельзя.',
    ],
  'Recomputes every tax line of a scenario as its tax base × rate.': [
    'Berechnet jede Steuerzeile eines Szenarios neu als Bemessungsgrundlage × Satz.',
    'Recalcule chaque ligne d’impôt d’un scénario : assiette × taux.',
    'Recalcula cada linha de imposto de um cenário como base tributável × taxa.',
    'Пересчитывает каждую налоговую строку сценария как налоговую базу × ставку.',
  ],

  // ---- cubes and reports -----------------------------------------------------------------------
  'Budget articles by group and month, scenarios side by side; plan against actual with the variance. Type into an open scenario’s month to change its lines; locked scenarios and closed months refuse.':
    [
      'Budgetpositionen nach Gruppe und Monat, Szenarien nebeneinander; Plan gegen Ist mit der Abweichung. Eine Eingabe im Monat eines offenen Szenarios ändert dessen Zeilen; gesperrte Szenarien und abgeschlossene Monate nehmen keine Eingaben an.',
      'Postes budgétaires par groupe et par mois, scénarios côte à côte ; le plan face au réel, avec l’écart. Saisissez dans le mois d’un scénario ouvert pour en modifier les lignes ; les scénarios verrouillés et les mois clôturés refusent la saisie.',
      'Rubricas orçamentais por grupo e mês, cenários lado a lado; plano face ao real, com o desvio. Introduza um valor no mês de um cenário aberto para alterar as suas linhas; cenários bloqueados e meses fechados não aceitam valores.',
      'Статьи бюджета по группам и месяцам, сценарии рядом; план против факта с отклонением. Введите значение в месяц открытого сценария, чтобы изменить его строки; заблокированные сценарии и закрытые месяцы ввод не принимают.',
    ],
  'This year’s budget against the booked actuals: plan, actual, variance and variance % by article and month.':
    [
      'Das Budget dieses Jahres gegen die gebuchten Ist-Werte: Plan, Ist, Abweichung und Abweichung in % nach Budgetposition und Monat.',
      'Le budget de cette année face au réel comptabilisé : plan, réel, écart et écart en % par poste et par mois.',
      'O orçamento deste ano face aos valores reais lançados: plano, real, desvio e desvio % por rubrica e mês.',
      'Бюджет этого года против учтённого факта: план, факт, отклонение и отклонение в % по статьям и месяцам.',
    ],
  'The budget report as a workbook: the pivot’s layout, subtotals and formats.': [
    'Der Budgetbericht als Arbeitsmappe: Aufbau, Zwischensummen und Formate der Pivot-Tabelle.',
    'Le rapport budgétaire en classeur : la disposition, les sous-totaux et les formats du tableau croisé.',
    'O relatório orçamental como livro de Excel: a disposição, os subtotais e os formatos da tabela dinâmica.',
    'Бюджетный отчёт книгой Excel: раскладка сводной таблицы, промежуточные итоги и форматы.',
  ],
  'The budget report to print or send.': [
    'Der Budgetbericht zum Drucken oder Versenden.',
    'Le rapport budgétaire à imprimer ou à envoyer.',
    'O relatório orçamental para imprimir ou enviar.',
    'Бюджетный отчёт для печати или отправки.',
  ],
  'This year’s budget against the actuals, with the variance.': [
    'Das Budget dieses Jahres gegen die Ist-Werte, mit der Abweichung.',
    'Le budget de cette année face au réel, avec l’écart.',
    'O orçamento deste ano face aos valores reais, com o desvio.',
    'Бюджет этого года против факта, с отклонением.',
  ],

  // ---- the buttons' questions ------------------------------------------------------------------
  'Copy every line of this scenario into the target?': [
    'Alle Zeilen dieses Szenarios in das Zielszenario kopieren?',
    'Copier toutes les lignes de ce scénario dans le scénario cible ?',
    'Copiar todas as linhas deste cenário para o cenário de destino?',
    'Скопировать все строки этого сценария в целевой сценарий?',
  ],
  'Copy every line of the source scenario into the target?': [
    'Alle Zeilen des Quellszenarios in das Zielszenario kopieren?',
    'Copier toutes les lignes du scénario source dans le scénario cible ?',
    'Copiar todas as linhas do cenário de origem para o cenário de destino?',
    'Скопировать все строки исходного сценария в целевой сценарий?',
  ],
  'Assemble the budget of this scenario again?': [
    'Das Budget dieses Szenarios erneut konsolidieren?',
    'Consolider à nouveau le budget de ce scénario ?',
    'Consolidar novamente o orçamento deste cenário?',
    'Собрать бюджет этого сценария заново?',
  ],
} satisfies Record<string, [string, string, string, string]>;

type DescribedText = keyof typeof DESCRIPTIONS;

/** The translations of a seeded text (`{}` for a text without a row). */
export function translationsOf(text: string): DescriptionTranslations {
  const row = (DESCRIPTIONS as Record<string, [string, string, string, string] | undefined>)[text];
  if (!row) return {};
  const [de, fr, pt, ru] = row;
  return { de, fr, pt, ru };
}

/** A seeded description with its translations (`{ description, descriptions }`). */
export function described(description: DescribedText) {
  return { description, descriptions: translationsOf(description) };
}

/** A button's seeded question with its translations (`{ confirm, confirms }`). */
export function asked(confirm: DescribedText) {
  return { confirm, confirms: translationsOf(confirm) };
}
