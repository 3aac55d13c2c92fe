import { http, HttpResponse, type RequestHandler } from 'msw';
import { analyticsData, ecommerceData } from '../db/dashboards';

export const analyticsHandlers: RequestHandler[] = [
  http.get('/analytics/data', () => HttpResponse.json(analyticsData)),
  http.get('/ecommerce/data', () => HttpResponse.json(ecommerceData)),
];
