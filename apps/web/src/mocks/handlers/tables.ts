import { http, HttpResponse, type RequestHandler } from 'msw';
import { advancedRows, basicRows, rowGroups, ssrRows } from '../db/tables';

export const tableHandlers: RequestHandler[] = [
  http.get('/good-table/basic', () => HttpResponse.json(basicRows)),
  http.get('/good-table/row-group', () => HttpResponse.json(rowGroups)),
  http.get('/good-table/advanced-search', () => HttpResponse.json(advancedRows)),
  http.get('/good-table/table_ssr', () => HttpResponse.json(ssrRows)),
];
