import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { demoApi } from '@/lib/demo-client';

export type FaqCategoryKey =
  'payment' | 'delivery' | 'cancellationReturn' | 'myOrders' | 'productServices';
export interface FaqCategory {
  icon: string;
  title: string;
  subtitle: string;
  qandA: { question: string; ans: string }[];
}
export type FaqData = Partial<Record<FaqCategoryKey, FaqCategory>>;

export async function fetchFaq(q: string): Promise<FaqData> {
  const res = await demoApi.get<FaqData>('/faq/data', { params: { q } });
  return res.data;
}

export const faqQuery = (q: string) =>
  queryOptions({
    queryKey: ['demo', 'faq', q],
    queryFn: () => fetchFaq(q),
    placeholderData: keepPreviousData,
  });

export const useFaq = (q: string) => useQuery(faqQuery(q));
