import { http, HttpResponse, type RequestHandler } from 'msw';
import { pricingData } from '../db/pricing';

export const pricingHandlers: RequestHandler[] = [
  http.get('/pricing/data', () => HttpResponse.json(pricingData)),
];
