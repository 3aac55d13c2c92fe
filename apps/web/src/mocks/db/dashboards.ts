// Analytics and eCommerce dashboard data (DEMO.md §10–§11). Static: the dashboards only read it.

import type { AnalyticsData, EcommerceData } from '@/features/demo/dashboards/api/dashboards';
import { staticTransactions } from '@/features/demo/dashboards/components/static-data';

export type { AnalyticsData, EcommerceData };

export const analyticsData: AnalyticsData = {
  congratulations: { name: 'John', saleToday: '57.6' },
  subscribersGained: {
    series: [{ name: 'Subscribers', data: [28, 40, 36, 52, 38, 60, 55] }],
    analyticsData: { subscribers: 92600 },
  },
  ordersRecevied: {
    series: [{ name: 'Orders', data: [10, 15, 8, 15, 7, 12, 8] }],
    analyticsData: { orders: 38400 },
  },
  avgSessions: {
    sessions: 2700,
    lastDays: ['Last 28 Days', 'Last Month', 'Last Year'],
    growth: '+5.2%',
    goal: 100000,
    users: 100000,
    retention: 90,
    duration: 1,
    salesBar: { series: [{ name: 'Sessions', data: [75, 125, 225, 175, 125, 75, 25] }] },
    byPeriod: {
      'Last 28 Days': { sessions: 2700, growth: '+5.2%', data: [75, 125, 225, 175, 125, 75, 25] },
      'Last Month': { sessions: 3100, growth: '+3.8%', data: [95, 140, 180, 210, 160, 120, 60] },
      'Last Year': { sessions: 34800, growth: '-1.4%', data: [180, 160, 200, 150, 230, 190, 140] },
    },
  },
  supportTracker: {
    title: 'Support Tracker',
    lastDays: ['Last 28 Days', 'Last Month', 'Last Year'],
    totalTicket: 163,
    newTicket: 29,
    openTicket: 63,
    responseTime: 1,
    supportTrackerRadialBar: { series: [83] },
    byPeriod: {
      'Last 28 Days': {
        totalTicket: 163,
        newTicket: 29,
        openTicket: 63,
        responseTime: 1,
        completed: 83,
      },
      'Last Month': {
        totalTicket: 184,
        newTicket: 35,
        openTicket: 51,
        responseTime: 2,
        completed: 72,
      },
      'Last Year': {
        totalTicket: 2140,
        newTicket: 312,
        openTicket: 88,
        responseTime: 1,
        completed: 91,
      },
    },
  },
  timeline: {
    step1: {
      title: '12 Invoices have been paid',
      subtitle: 'Invoices have been paid to the company.',
      img: 'pdf',
      fileName: 'invoice.pdf',
      duration: '12 min ago',
    },
    step2: {
      title: 'Client Meeting',
      subtitle: 'Project meeting with John @10:15am',
      avatar: 'avatar-s-9',
      avatarName: 'John Doe (Client)',
      occupation: 'CEO of Infibeam',
      duration: '45 min ago',
    },
    step3: {
      title: 'Create a new project for client',
      subtitle: 'Add files to new design folder',
      duration: '2 day ago',
    },
    step4: {
      title: 'Create a new project for client',
      subtitle: 'Add files to new design folder',
      duration: '5 day ago',
    },
  },
  salesChart: {
    series: [
      { name: 'Sales', data: [90, 50, 86, 40, 100, 20] },
      { name: 'Visit', data: [70, 75, 70, 76, 20, 85] },
    ],
  },
  appDesign: {
    date: '03 Sep, 20',
    title: 'App design',
    subtitle:
      'You can Find Only Post and Quotes Related to IOS like ipad app design, iphone app design',
    teams: [
      { name: 'Figma', color: 'grape' },
      { name: 'Wireframe', color: 'blue' },
    ],
    members: [
      { img: 'avatar-s-9', color: 'indigo', name: 'Vinnie Mostowy' },
      { img: null, color: 'yellow', name: 'Paula Ingram' },
      { img: 'avatar-s-14', color: 'green', name: 'Elicia Rieske' },
      { img: 'avatar-s-7', color: 'red', name: 'Julee Rossignol' },
      { img: null, color: 'gray', name: 'Arnold Lima' },
    ],
    planing: [
      { title: 'Due Date', subtitle: '12 Apr, 21' },
      { title: 'Budget', subtitle: '$49251.91' },
      { title: 'Cost', subtitle: '$840.99' },
    ],
  },
};

export const ecommerceData: EcommerceData = {
  congratulations: { name: 'John', saleToday: '48900' },
  statisticsItems: [
    {
      icon: 'TrendingUpIcon',
      color: 'brand',
      title: '230k',
      subtitle: 'Sales',
      customClass: 'mb-2 mb-xl-0',
    },
    {
      icon: 'UserIcon',
      color: 'cyan',
      title: '8.549k',
      subtitle: 'Customers',
      customClass: 'mb-2 mb-xl-0',
    },
    {
      icon: 'BoxIcon',
      color: 'red',
      title: '1.423k',
      subtitle: 'Products',
      customClass: 'mb-2 mb-sm-0',
    },
    { icon: 'DollarSignIcon', color: 'teal', title: '$9745', subtitle: 'Revenue', customClass: '' },
  ],
  statisticsOrder: { series: [{ name: '2020', data: [45, 85, 65, 45, 65] }] },
  statisticsProfit: { series: [{ data: [0, 20, 5, 30, 15, 45] }] },
  earningsChart: { series: [53, 16, 31] },
  revenue: {
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
    byYear: {
      '2020': {
        price: '25,852',
        budget: '56,800',
        revenueReport: {
          series: [
            { name: 'Earning', data: [95, 177, 284, 256, 105, 63, 168, 218, 72] },
            { name: 'Expense', data: [-145, -80, -60, -180, -100, -60, -85, -75, -100] },
          ],
        },
      },
      '2019': {
        price: '21,436',
        budget: '48,200',
        revenueReport: {
          series: [
            { name: 'Earning', data: [120, 140, 210, 190, 160, 95, 130, 175, 110] },
            { name: 'Expense', data: [-90, -110, -70, -150, -85, -95, -60, -120, -80] },
          ],
        },
      },
      '2018': {
        price: '18,204',
        budget: '42,500',
        revenueReport: {
          series: [
            { name: 'Earning', data: [80, 110, 150, 170, 140, 120, 90, 160, 130] },
            { name: 'Expense', data: [-70, -95, -85, -110, -60, -75, -90, -65, -100] },
          ],
        },
      },
    },
  },
  companyTable: [
    {
      avatarImg: 'toolbox',
      title: 'Dixons',
      subtitle: 'meguc@ruj.io',
      avatarIcon: 'MonitorIcon',
      avatarColor: 'indigo',
      avatarTitle: 'Technology',
      viewTitle: '23.4k',
      viewsub: 'in 24 hours',
      revenue: '891.2',
      sales: '68',
      loss: true,
    },
    {
      avatarImg: 'parachute',
      title: 'Motels',
      subtitle: 'vecav@hodzi.co.uk',
      avatarIcon: 'CoffeeIcon',
      avatarColor: 'teal',
      avatarTitle: 'Grocery',
      viewTitle: '78k',
      viewsub: 'in 2 days',
      revenue: '668.51',
      sales: '97',
      loss: false,
    },
    {
      avatarImg: 'brush',
      title: 'Zipcar',
      subtitle: 'davcilse@is.gov',
      avatarIcon: 'WatchIcon',
      avatarColor: 'orange',
      avatarTitle: 'Fashion',
      viewTitle: '162',
      viewsub: 'in 5 days',
      revenue: '522.29',
      sales: '62',
      loss: false,
    },
    {
      avatarImg: 'star',
      title: 'Owning',
      subtitle: 'us@cuhil.gov',
      avatarIcon: 'MonitorIcon',
      avatarColor: 'indigo',
      avatarTitle: 'Technology',
      viewTitle: '214',
      viewsub: 'in 24 hours',
      revenue: '291.01',
      sales: '88',
      loss: false,
    },
    {
      avatarImg: 'book',
      title: 'Cafés',
      subtitle: 'pudais@jife.com',
      avatarIcon: 'CoffeeIcon',
      avatarColor: 'teal',
      avatarTitle: 'Grocery',
      viewTitle: '208',
      viewsub: 'in 1 week',
      revenue: '783.93',
      sales: '16',
      loss: true,
    },
    {
      avatarImg: 'rocket',
      title: 'Kmart',
      subtitle: 'bipri@cawiw.com',
      avatarIcon: 'WatchIcon',
      avatarColor: 'orange',
      avatarTitle: 'Fashion',
      viewTitle: '990',
      viewsub: 'in 1 month',
      revenue: '780.05',
      sales: '78',
      loss: false,
    },
    {
      avatarImg: 'speaker',
      title: 'Payers',
      subtitle: 'luk@izug.io',
      avatarIcon: 'WatchIcon',
      avatarColor: 'orange',
      avatarTitle: 'Fashion',
      viewTitle: '12.9k',
      viewsub: 'in 12 hours',
      revenue: '531.49',
      sales: '42',
      loss: false,
    },
  ],
  meetup: {
    mediaData: [
      { avatar: 'calendar', title: 'Sat, May 25, 2020', subtitle: '10:AM to 6:PM' },
      { avatar: 'map-pin', title: 'Central Park', subtitle: 'Manhattan, New York City' },
    ],
    avatars: [
      { avatar: 'avatar-s-9', fullName: 'Billy Hopkins' },
      { avatar: 'avatar-s-6', fullName: 'Amy Carson' },
      { avatar: 'avatar-s-8', fullName: 'Brandon Miles' },
      { avatar: 'avatar-s-7', fullName: 'Daisy Weber' },
      { avatar: 'avatar-s-20', fullName: 'Jenny Looper' },
    ],
  },
  goalOverview: { completed: '786,617', inProgress: '13,561', series: [83] },
  transactionData: staticTransactions,
};
