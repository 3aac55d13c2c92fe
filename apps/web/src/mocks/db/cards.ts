// Statistic and analytic card data (DEMO.md §20). Static: the card pages only read it.

export interface CardSeries {
  name: string;
  data: number[];
}

export interface StatisticCard {
  series: CardSeries[];
  analyticsData?: Record<string, number | string>;
}

export const cardStatistics: Record<string, StatisticCard> = {
  subscribers: {
    series: [{ name: 'Subscribers', data: [28, 40, 36, 52, 38, 60, 55] }],
    analyticsData: { subscribers: 92600 },
  },
  revenue: {
    series: [{ name: 'Revenue', data: [350, 275, 400, 300, 350, 300, 450] }],
    analyticsData: { revenue: 97500 },
  },
  sales: {
    series: [{ name: 'Sales', data: [10, 15, 7, 12, 3, 16] }],
    analyticsData: { sales: '36%' },
  },
  orders: {
    series: [{ name: 'Orders', data: [10, 15, 8, 15, 7, 12, 8] }],
    analyticsData: { orders: 97500 },
  },
  'site-traffic': {
    series: [{ name: 'Traffic Rate', data: [150, 200, 125, 225, 200, 250] }],
  },
  'active-users': {
    series: [{ name: 'Active Users', data: [750, 1000, 900, 1250, 1000, 1200, 1100] }],
  },
  newsletter: {
    series: [{ name: 'Newsletter', data: [365, 390, 365, 400, 375, 400] }],
  },
};

export const cardAnalytics: Record<string, unknown> = {
  'support-tracker': {
    title: 'Support Tracker',
    lastDays: ['Last 28 Days', 'Last Month', 'Last Year'],
    totalTicket: 163,
    newTicket: 29,
    openTicket: 63,
    responseTime: 1,
    supportTrackerRadialBar: { series: [83] },
  },
  'avg-sessions': {
    sessions: 2700,
    lastDays: ['Last 28 Days', 'Last Month', 'Last Year'],
    growth: '+5.2%',
    goal: 100000,
    users: 100000,
    retention: 90,
    duration: 1,
    salesBar: { series: [{ name: 'Sessions', data: [75, 125, 225, 175, 125, 75, 25] }] },
  },
  'revenue-report': {
    years: ['2020', '2019', '2018'],
    price: '25,852',
    budget: '56,800',
    revenueReport: {
      series: [
        { name: 'Earning', data: [95, 177, 284, 256, 105, 63, 168, 218, 72] },
        { name: 'Expense', data: [-145, -80, -60, -180, -100, -60, -85, -75, -100] },
      ],
    },
    budgetChart: {
      series: [
        { data: [61, 48, 69, 52, 60, 40, 79, 60, 59, 43, 62] },
        { data: [20, 10, 30, 15, 23, 0, 25, 15, 20, 5, 27] },
      ],
    },
  },
  'goal-overview': { completed: '786,617', inProgress: '13,561', series: [83] },
  revenue: {
    thisMonth: '86,589',
    lastMonth: '73,683',
    series: [
      { name: 'This Month', data: [45000, 47000, 44800, 47500, 45500, 48000, 46500, 48600] },
      { name: 'Last Month', data: [46000, 48000, 45500, 46600, 44500, 46500, 45000, 47000] },
    ],
  },
  'product-orders': {
    chartInfo: { finished: 23043, pending: 14658, rejected: 4758 },
    series: [70, 52, 26],
  },
  'sessions-device': {
    chartInfo: [
      { icon: 'desktop', name: 'Desktop', iconColor: 'brand', usage: 58.6, upDown: 2 },
      { icon: 'mobile', name: 'Mobile', iconColor: 'yellow', usage: 34.9, upDown: 8 },
      { icon: 'tablet', name: 'Tablet', iconColor: 'red', usage: 6.5, upDown: -5 },
    ],
    series: [58.6, 34.9, 6.5],
  },
  customers: {
    listData: [
      { icon: 'circle', iconColor: 'brand', text: 'New', result: 890 },
      { icon: 'circle', iconColor: 'yellow', text: 'Returning', result: 258 },
      { icon: 'circle', iconColor: 'red', text: 'Referrals', result: 149 },
    ],
    series: [690, 258, 149],
  },
};
