import { http, HttpResponse, type RequestHandler } from 'msw';
import { cardAnalytics, cardStatistics } from '../db/cards';

const notFound = () => HttpResponse.json({ message: 'Card not found' }, { status: 404 });

// Own-property lookups only, so that names such as "constructor" are unknown cards too.
const pick = <T>(table: Record<string, T>, name: unknown): T | undefined =>
  typeof name === 'string' && Object.hasOwn(table, name) ? table[name] : undefined;

export const cardHandlers: RequestHandler[] = [
  http.get('/card/card-statistics/:name', ({ params }) => {
    const card = pick(cardStatistics, params.name);
    return card ? HttpResponse.json(card) : notFound();
  }),
  http.get('/card/card-analytics/:name', ({ params }) => {
    const card = pick(cardAnalytics, params.name);
    return card ? HttpResponse.json(card) : notFound();
  }),
];
