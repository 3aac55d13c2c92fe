import { http, HttpResponse, type RequestHandler } from 'msw';
import { autosuggestData } from '../db/autosuggest';

export const autosuggestHandlers: RequestHandler[] = [
  http.get('/autosuggest/data', () => HttpResponse.json(autosuggestData)),
];
