import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoApi } from '@/lib/demo-client';

export interface PricingPlan {
  title: string;
  img: string;
  subtitle: string;
  monthlyPrice: number;
  yearlyPlan: { perMonth: number; totalAnual: number };
  planBenefits: string[];
  popular: boolean;
}
export interface PricingData {
  basicPlan: PricingPlan;
  standardPlan: PricingPlan;
  enterprisePlan: PricingPlan;
  qandA: { question: string; ans: string }[];
}

export async function fetchPricing(): Promise<PricingData> {
  const res = await demoApi.get<PricingData>('/pricing/data');
  return res.data;
}

export const pricingQuery = () =>
  queryOptions({ queryKey: ['demo', 'pricing'], queryFn: fetchPricing });
export const usePricing = () => useQuery(pricingQuery());
