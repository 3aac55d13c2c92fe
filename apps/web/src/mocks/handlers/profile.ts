import { http, HttpResponse, type RequestHandler } from 'msw';
import { profile } from '../db/profile';

export const profileHandlers: RequestHandler[] = [
  http.get('/profile/data', () => HttpResponse.json(profile)),
];
