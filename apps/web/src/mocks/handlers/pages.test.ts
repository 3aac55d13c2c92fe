import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '../node';
import { strict } from '@/test/msw';

const url = (path: string) => new URL(path, location.origin).toString();

beforeAll(() => server.listen(strict));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('GET /faq/data', () => {
  it('returns all five categories with 28 questions for an empty query', async () => {
    const data = (await (await fetch(url('/faq/data'))).json()) as Record<
      string,
      { qandA: unknown[] }
    >;
    expect(Object.keys(data)).toEqual([
      'payment',
      'delivery',
      'cancellationReturn',
      'myOrders',
      'productServices',
    ]);
    expect(Object.values(data).map((c) => c.qandA.length)).toEqual([7, 5, 7, 5, 4]);
  });

  it('filters questions by case-insensitive substring and omits empty categories', async () => {
    const data = (await (await fetch(url('/faq/data?q=REFUND'))).json()) as Record<
      string,
      { qandA: { question: string }[] }
    >;
    expect(Object.keys(data)).toEqual(['cancellationReturn']);
    expect(
      data.cancellationReturn!.qandA.every((e) => e.question.toLowerCase().includes('refund')),
    ).toBe(true);
  });

  it('matches questions only, not answers', async () => {
    // "SEPA" appears only in an answer.
    const data = (await (await fetch(url('/faq/data?q=sepa'))).json()) as object;
    expect(Object.keys(data)).toHaveLength(0);
  });
});

describe('GET /pricing/data', () => {
  it('returns the seed figures: basic 0; standard 49 or 40 × 12 = 480; enterprise 99 or 80 × 12 = 960', async () => {
    const data = (await (await fetch(url('/pricing/data'))).json()) as Record<
      string,
      {
        monthlyPrice: number;
        yearlyPlan: { perMonth: number; totalAnual: number };
        popular: boolean;
      }
    >;
    expect(data.basicPlan).toMatchObject({
      monthlyPrice: 0,
      yearlyPlan: { perMonth: 0, totalAnual: 0 },
    });
    expect(data.standardPlan).toMatchObject({
      monthlyPrice: 49,
      yearlyPlan: { perMonth: 40, totalAnual: 480 },
      popular: true,
    });
    expect(data.enterprisePlan).toMatchObject({
      monthlyPrice: 99,
      yearlyPlan: { perMonth: 80, totalAnual: 960 },
    });
    expect(data.standardPlan!.yearlyPlan.perMonth * 12).toBe(
      data.standardPlan!.yearlyPlan.totalAnual,
    );
  });
});
