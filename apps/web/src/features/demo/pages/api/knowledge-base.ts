import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoApi } from '@/lib/demo-client';

export interface KbCard {
  id: number;
  category: string;
  img: string;
  title: string;
  desc: string;
}
export interface KbQuestionRef {
  id: number;
  question: string;
  slug: string;
}
export interface KbCategory {
  id: number;
  title: string;
  icon: string;
  iconColor: string;
  questions: KbQuestionRef[];
}
export interface KbArticle {
  title: string;
  lastUpdated: string;
  relatedQuestions: KbQuestionRef[];
  content: string;
}

const get = async <T>(url: string) => (await demoApi.get<T>(url)).data;

export const kbCardsQuery = () =>
  queryOptions({
    queryKey: ['demo', 'kb', 'cards'],
    queryFn: () => get<KbCard[]>('/kb/data/knowledge_base'),
  });
export const kbCategoriesQuery = () =>
  queryOptions({
    queryKey: ['demo', 'kb', 'categories'],
    queryFn: () => get<KbCategory[]>('/kb/data/category'),
  });
export const kbArticleQuery = () =>
  queryOptions({
    queryKey: ['demo', 'kb', 'article'],
    queryFn: () => get<KbArticle>('/kb/data/question'),
  });

export const useKbCards = () => useQuery(kbCardsQuery());
export const useKbCategories = () => useQuery(kbCategoriesQuery());
export const useKbArticle = () => useQuery(kbArticleQuery());
