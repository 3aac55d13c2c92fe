import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoApi } from '@/lib/demo-client';

export interface Series {
  name: string;
  data: number[];
}

export interface PeriodFigures {
  sessions: number;
  growth: string;
  data: number[];
}

export interface AvgSessionsData {
  sessions: number;
  lastDays: string[];
  growth: string;
  goal: number;
  users: number;
  retention: number;
  duration: number;
  salesBar: { series: Series[] };
  byPeriod?: Record<string, PeriodFigures>;
}

export interface SupportTrackerFigures {
  totalTicket: number;
  newTicket: number;
  openTicket: number;
  responseTime: number;
  completed: number;
}

export interface SupportTrackerData {
  title: string;
  lastDays: string[];
  totalTicket: number;
  newTicket: number;
  openTicket: number;
  responseTime: number;
  supportTrackerRadialBar: { series: number[] };
  byPeriod?: Record<string, SupportTrackerFigures>;
}

export interface TimelineStep {
  title: string;
  subtitle: string;
  img?: string;
  fileName?: string;
  duration: string;
  avatar?: string;
  avatarName?: string;
  occupation?: string;
}

export interface AppDesignData {
  date: string;
  title: string;
  subtitle: string;
  teams: { name: string; color: string }[];
  members: { img: string | null; color: string; name: string }[];
  planing: { title: string; subtitle: string }[];
}

export interface AnalyticsData {
  congratulations: { name: string; saleToday: string };
  subscribersGained: { series: Series[]; analyticsData: { subscribers: number } };
  ordersRecevied: { series: Series[]; analyticsData: { orders: number } };
  avgSessions: AvgSessionsData;
  supportTracker: SupportTrackerData;
  timeline: Record<'step1' | 'step2' | 'step3' | 'step4', TimelineStep>;
  salesChart: { series: Series[] };
  appDesign: AppDesignData;
}

export interface RevenueReportData {
  years: string[];
  price: string;
  budget: string;
  revenueReport: { series: Series[] };
  budgetChart: { series: { data: number[] }[] };
  byYear?: Record<string, { price: string; budget: string; revenueReport: { series: Series[] } }>;
}

export interface CompanyRow {
  avatarImg: string;
  title: string;
  subtitle: string;
  avatarIcon: string;
  avatarColor: string;
  avatarTitle: string;
  viewTitle: string;
  viewsub: string;
  revenue: string;
  sales: string;
  loss: boolean;
}

export interface MeetupData {
  mediaData: { avatar: string; title: string; subtitle: string }[];
  avatars: { avatar: string; fullName: string }[];
}

export interface GoalOverviewData {
  completed: string;
  inProgress: string;
  series: number[];
}

export interface Transaction {
  mode: string;
  types: string;
  avatar: string;
  avatarVariant: string;
  payment: string;
  deduction: boolean;
}

export interface StatisticsItem {
  icon: string;
  color: string;
  title: string;
  subtitle: string;
  /** Layout hint carried over from the template data (not used by the screen). */
  customClass?: string;
}

export interface EcommerceData {
  congratulations: { name: string; saleToday: string };
  statisticsItems: StatisticsItem[];
  statisticsOrder: { series: Series[] };
  statisticsProfit: { series: { data: number[] }[] };
  earningsChart: { series: number[] };
  revenue: RevenueReportData;
  companyTable: CompanyRow[];
  meetup: MeetupData;
  goalOverview: GoalOverviewData;
  transactionData: Transaction[];
}

export interface StatisticCardData {
  series: Series[];
  analyticsData?: Record<string, number | string>;
}

export interface RevenueCardData {
  thisMonth: string;
  lastMonth: string;
  series: Series[];
}

export interface ProductOrdersData {
  chartInfo: { finished: number; pending: number; rejected: number };
  series: number[];
}

export interface SessionsDeviceData {
  chartInfo: { icon: string; name: string; iconColor: string; usage: number; upDown: number }[];
  series: number[];
}

export interface CustomersData {
  listData: { icon: string; iconColor: string; text: string; result: number }[];
  series: number[];
}

export interface CardAnalytics {
  'support-tracker': SupportTrackerData;
  'avg-sessions': AvgSessionsData;
  'revenue-report': RevenueReportData;
  'goal-overview': GoalOverviewData;
  revenue: RevenueCardData;
  'product-orders': ProductOrdersData;
  'sessions-device': SessionsDeviceData;
  customers: CustomersData;
}

export type StatisticCardName =
  'subscribers' | 'revenue' | 'sales' | 'orders' | 'site-traffic' | 'active-users' | 'newsletter';

export const analyticsQuery = () =>
  queryOptions({
    queryKey: ['demo', 'analytics'],
    queryFn: async () => (await demoApi.get<AnalyticsData>('/analytics/data')).data,
  });
export const useAnalytics = () => useQuery(analyticsQuery());

export const ecommerceDashboardQuery = () =>
  queryOptions({
    queryKey: ['demo', 'ecommerce-dashboard'],
    queryFn: async () => (await demoApi.get<EcommerceData>('/ecommerce/data')).data,
  });
export const useEcommerceDashboard = () => useQuery(ecommerceDashboardQuery());

export const statisticCardQuery = (name: StatisticCardName) =>
  queryOptions({
    queryKey: ['demo', 'card-statistics', name],
    queryFn: async () =>
      (await demoApi.get<StatisticCardData>(`/card/card-statistics/${name}`)).data,
  });
export const useStatisticCard = (name: StatisticCardName) => useQuery(statisticCardQuery(name));

export const analyticCardQuery = <K extends keyof CardAnalytics>(name: K) =>
  queryOptions({
    queryKey: ['demo', 'card-analytics', name],
    queryFn: async () => (await demoApi.get<CardAnalytics[K]>(`/card/card-analytics/${name}`)).data,
  });
export const useAnalyticCard = <K extends keyof CardAnalytics>(name: K) =>
  useQuery(analyticCardQuery(name));
