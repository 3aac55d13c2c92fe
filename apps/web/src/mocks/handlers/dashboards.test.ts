import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '../node';
import { strict } from '@/test/msw';

const url = (path: string) => new URL(path, location.origin).toString();
const get = async <T>(path: string) => {
  const res = await fetch(url(path));
  return { status: res.status, body: (await res.json()) as T };
};

beforeAll(() => server.listen(strict));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

interface Series {
  name: string;
  data: number[];
}

describe('GET /analytics/data', () => {
  it('returns the analytics figures of the dashboard', async () => {
    const { status, body } = await get<{
      congratulations: { name: string; saleToday: string };
      subscribersGained: { series: Series[]; analyticsData: { subscribers: number } };
      ordersRecevied: { series: Series[]; analyticsData: { orders: number } };
      avgSessions: { sessions: number; lastDays: string[]; growth: string; byPeriod: object };
      supportTracker: {
        totalTicket: number;
        newTicket: number;
        openTicket: number;
        responseTime: number;
        supportTrackerRadialBar: { series: number[] };
      };
      timeline: Record<string, { title: string }>;
      salesChart: { series: Series[] };
      appDesign: { teams: unknown[]; members: unknown[]; planing: unknown[] };
    }>('/analytics/data');
    expect(status).toBe(200);
    expect(body.congratulations).toEqual({ name: 'John', saleToday: '57.6' });
    expect(body.subscribersGained.analyticsData.subscribers).toBe(92600);
    expect(body.subscribersGained.series[0]!.data).toHaveLength(7);
    expect(body.ordersRecevied.analyticsData.orders).toBe(38400);
    expect(body.ordersRecevied.series[0]!.data).toHaveLength(7);
    expect(body.avgSessions).toMatchObject({ sessions: 2700, growth: '+5.2%' });
    expect(body.avgSessions.lastDays).toEqual(['Last 28 Days', 'Last Month', 'Last Year']);
    expect(Object.keys(body.avgSessions.byPeriod)).toEqual(body.avgSessions.lastDays);
    expect(body.supportTracker).toMatchObject({
      totalTicket: 163,
      newTicket: 29,
      openTicket: 63,
      responseTime: 1,
      supportTrackerRadialBar: { series: [83] },
    });
    expect(Object.keys(body.timeline)).toEqual(['step1', 'step2', 'step3', 'step4']);
    expect(body.salesChart.series.map((s) => s.name)).toEqual(['Sales', 'Visit']);
    expect(body.appDesign.planing).toHaveLength(3);
  });
});

describe('GET /ecommerce/data', () => {
  it('returns the eCommerce figures of the dashboard', async () => {
    const { status, body } = await get<{
      congratulations: { saleToday: string };
      statisticsItems: { title: string; subtitle: string }[];
      earningsChart: { series: number[] };
      revenue: {
        years: string[];
        price: string;
        budget: string;
        revenueReport: { series: Series[] };
        byYear: Record<string, { price: string }>;
      };
      companyTable: { loss: boolean }[];
      meetup: { avatars: unknown[] };
      goalOverview: { completed: string; inProgress: string; series: number[] };
      transactionData: { mode: string; payment: string; deduction: boolean }[];
    }>('/ecommerce/data');
    expect(status).toBe(200);
    expect(body.congratulations.saleToday).toBe('48900');
    expect(body.statisticsItems.map((s) => `${s.title} ${s.subtitle}`)).toEqual([
      '230k Sales',
      '8.549k Customers',
      '1.423k Products',
      '$9745 Revenue',
    ]);
    expect(body.earningsChart.series).toEqual([53, 16, 31]);
    expect(body.revenue).toMatchObject({
      years: ['2020', '2019', '2018'],
      price: '25,852',
      budget: '56,800',
    });
    expect(body.revenue.revenueReport.series.map((s) => [s.name, s.data.length])).toEqual([
      ['Earning', 9],
      ['Expense', 9],
    ]);
    expect(Object.keys(body.revenue.byYear).sort()).toEqual([...body.revenue.years].sort());
    expect(body.revenue.byYear['2020']!.price).toBe(body.revenue.price);
    expect(body.companyTable).toHaveLength(7);
    expect(body.meetup.avatars).toHaveLength(5);
    expect(body.goalOverview).toEqual({ completed: '786,617', inProgress: '13,561', series: [83] });
    expect(body.transactionData.map((t) => t.mode)).toEqual([
      'Wallet',
      'Bank Transfer',
      'Paypal',
      'Mastercard',
      'Transfer',
    ]);
    // Signed amounts agree with the deduction flag.
    for (const t of body.transactionData) expect(t.payment.startsWith('-')).toBe(t.deduction);
  });
});

describe('GET /card/card-statistics/:name', () => {
  it('serves the seven statistic cards with a series each', async () => {
    const names = [
      'subscribers',
      'revenue',
      'sales',
      'orders',
      'site-traffic',
      'active-users',
      'newsletter',
    ];
    for (const name of names) {
      const { status, body } = await get<{ series: Series[] }>(`/card/card-statistics/${name}`);
      expect(status, name).toBe(200);
      expect(body.series[0]!.data.length, name).toBeGreaterThan(0);
    }
  });

  it('carries the seed figures', async () => {
    const figure = async (name: string) =>
      (await get<{ analyticsData: Record<string, unknown> }>(`/card/card-statistics/${name}`)).body
        .analyticsData;
    expect(await figure('subscribers')).toEqual({ subscribers: 92600 });
    expect(await figure('revenue')).toEqual({ revenue: 97500 });
    expect(await figure('sales')).toEqual({ sales: '36%' });
    expect(await figure('orders')).toEqual({ orders: 97500 });
  });

  it('answers 404 for an unknown card', async () => {
    expect((await fetch(url('/card/card-statistics/unknown'))).status).toBe(404);
    expect((await fetch(url('/card/card-statistics/constructor'))).status).toBe(404);
  });
});

describe('GET /card/card-analytics/:name', () => {
  it('serves the eight analytic cards with their figures', async () => {
    const card = async <T>(name: string) => {
      const res = await get<T>(`/card/card-analytics/${name}`);
      expect(res.status, name).toBe(200);
      return res.body;
    };
    expect(await card('support-tracker')).toMatchObject({
      totalTicket: 163,
      newTicket: 29,
      openTicket: 63,
      responseTime: 1,
    });
    expect(await card('avg-sessions')).toMatchObject({ sessions: 2700, growth: '+5.2%' });
    expect(await card('revenue-report')).toMatchObject({
      years: ['2020', '2019', '2018'],
      price: '25,852',
      budget: '56,800',
    });
    expect(await card('goal-overview')).toMatchObject({
      completed: '786,617',
      inProgress: '13,561',
    });
    expect(await card('revenue')).toMatchObject({ thisMonth: '86,589', lastMonth: '73,683' });
    expect(await card('product-orders')).toMatchObject({
      chartInfo: { finished: 23043, pending: 14658, rejected: 4758 },
    });
    const devices = await card<{
      chartInfo: { name: string; usage: number; upDown: number }[];
    }>('sessions-device');
    expect(devices.chartInfo.map((d) => [d.name, d.usage])).toEqual([
      ['Desktop', 58.6],
      ['Mobile', 34.9],
      ['Tablet', 6.5],
    ]);
    expect(devices.chartInfo.map((d) => Math.sign(d.upDown))).toEqual([1, 1, -1]);
    const customers = await card<{ listData: { text: string; result: number }[] }>('customers');
    expect(customers.listData.map((d) => [d.text, d.result])).toEqual([
      ['New', 890],
      ['Returning', 258],
      ['Referrals', 149],
    ]);
  });

  it('answers 404 for an unknown card', async () => {
    expect((await fetch(url('/card/card-analytics/earnings'))).status).toBe(404);
  });
});
