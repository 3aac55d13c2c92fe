import { http, HttpResponse, type RequestHandler } from 'msw';
import { searchFaq } from '../db/faq';

export const faqHandlers: RequestHandler[] = [
  http.get('/faq/data', ({ request }) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    return HttpResponse.json(searchFaq(q));
  }),
];
