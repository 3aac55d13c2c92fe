import { http, HttpResponse, type RequestHandler } from 'msw';
import { kbArticle, kbCards, kbCategories } from '../db/knowledge-base';

export const kbHandlers: RequestHandler[] = [
  http.get('/kb/data/knowledge_base', () => HttpResponse.json(kbCards)),
  http.get('/kb/data/category', () => HttpResponse.json(kbCategories)),
  http.get('/kb/data/question', () => HttpResponse.json(kbArticle)),
];
