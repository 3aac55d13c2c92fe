import { defineMessages, type Texts } from './messages.js';

/** Texts of query lanes (platform/lanes.ts). */
const en = {
  'lane.busy': 'The server is busy with other queries. Try again in {seconds} seconds.',
  'lane.domain_busy':
    'Your domain already has {count} queries waiting. Try again in {seconds} seconds.',
  'lane.too_slow':
    'This query ran longer than {limit} seconds and was stopped. Narrow the filter, or try again in {seconds} seconds.',
  'lane.failed': 'The query could not be completed. Try again in {seconds} seconds.',
};

const de: Texts<typeof en> = {
  'lane.busy':
    'Der Server ist mit anderen Abfragen ausgelastet. Versuchen Sie es in {seconds} Sekunden erneut.',
  'lane.domain_busy':
    'In Ihrer Domäne warten bereits {count} Abfragen. Versuchen Sie es in {seconds} Sekunden erneut.',
  'lane.too_slow':
    'Diese Abfrage lief länger als {limit} Sekunden und wurde abgebrochen. Schränken Sie den Filter ein oder versuchen Sie es in {seconds} Sekunden erneut.',
  'lane.failed':
    'Die Abfrage konnte nicht abgeschlossen werden. Versuchen Sie es in {seconds} Sekunden erneut.',
};

const fr: Texts<typeof en> = {
  'lane.busy': "Le serveur est occupé par d'autres requêtes. Réessayez dans {seconds} secondes.",
  'lane.domain_busy':
    'Votre domaine a déjà {count} requêtes en attente. Réessayez dans {seconds} secondes.',
  'lane.too_slow':
    'Cette requête a duré plus de {limit} secondes et a été arrêtée. Affinez le filtre ou réessayez dans {seconds} secondes.',
  'lane.failed': "La requête n'a pas pu aboutir. Réessayez dans {seconds} secondes.",
};

const pt: Texts<typeof en> = {
  'lane.busy':
    'O servidor está ocupado com outras consultas. Tente novamente daqui a {seconds} segundos.',
  'lane.domain_busy':
    'O seu domínio já tem {count} consultas à espera. Tente novamente daqui a {seconds} segundos.',
  'lane.too_slow':
    'Esta consulta demorou mais de {limit} segundos e foi interrompida. Restrinja o filtro ou tente novamente daqui a {seconds} segundos.',
  'lane.failed':
    'Não foi possível concluir a consulta. Tente novamente daqui a {seconds} segundos.',
};

const ru: Texts<typeof en> = {
  'lane.busy': 'Сервер занят другими запросами. Повторите попытку через {seconds} с.',
  'lane.domain_busy':
    'В вашем домене уже ждут выполнения {count} запросов. Повторите попытку через {seconds} с.',
  'lane.too_slow':
    'Запрос выполнялся дольше {limit} с и был остановлен. Сузьте фильтр или повторите попытку через {seconds} с.',
  'lane.failed': 'Не удалось выполнить запрос. Повторите попытку через {seconds} с.',
};

export const lanesText = defineMessages({ en, de, fr, pt, ru });
