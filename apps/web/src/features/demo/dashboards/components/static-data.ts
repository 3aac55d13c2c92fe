import type {
  AppDesignData,
  MeetupData,
  Transaction,
  StatisticsItem,
  TimelineStep,
} from '../api/dashboards';

// Content of the static cards (the advance cards and the statistic group have no endpoint).

export const staticStatistics: StatisticsItem[] = [
  { icon: 'TrendingUpIcon', color: 'brand', title: '230k', subtitle: 'Sales' },
  { icon: 'UserIcon', color: 'cyan', title: '8.549k', subtitle: 'Customers' },
  { icon: 'BoxIcon', color: 'red', title: '1.423k', subtitle: 'Products' },
  { icon: 'DollarSignIcon', color: 'teal', title: '$9745', subtitle: 'Revenue' },
];

export const staticTimeline: Record<'step1' | 'step2' | 'step3' | 'step4', TimelineStep> = {
  step1: {
    title: '12 Invoices have been paid',
    subtitle: 'Invoices have been paid to the company.',
    fileName: 'invoice.pdf',
    duration: '12 min ago',
  },
  step2: {
    title: 'Client Meeting',
    subtitle: 'Project meeting with John @10:15am',
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
};

export const staticMeetup: MeetupData = {
  mediaData: [
    { avatar: 'calendar', title: 'Sat, May 25, 2020', subtitle: '10:AM to 6:PM' },
    { avatar: 'map-pin', title: 'Central Park', subtitle: 'Manhattan, New York City' },
  ],
  avatars: [
    { avatar: '', fullName: 'Billy Hopkins' },
    { avatar: '', fullName: 'Amy Carson' },
    { avatar: '', fullName: 'Brandon Miles' },
    { avatar: '', fullName: 'Daisy Weber' },
    { avatar: '', fullName: 'Jenny Looper' },
  ],
};

export const staticTransactions: Transaction[] = [
  {
    mode: 'Wallet',
    types: 'Starbucks',
    avatar: 'wallet',
    avatarVariant: 'brand',
    payment: '-$74',
    deduction: true,
  },
  {
    mode: 'Bank Transfer',
    types: 'Add Money',
    avatar: 'check',
    avatarVariant: 'teal',
    payment: '+$480',
    deduction: false,
  },
  {
    mode: 'Paypal',
    types: 'Add Money',
    avatar: 'dollar',
    avatarVariant: 'red',
    payment: '+$480',
    deduction: false,
  },
  {
    mode: 'Mastercard',
    types: 'Ordered Food',
    avatar: 'card',
    avatarVariant: 'orange',
    payment: '-$23',
    deduction: true,
  },
  {
    mode: 'Transfer',
    types: 'Refund',
    avatar: 'trend',
    avatarVariant: 'cyan',
    payment: '+$98',
    deduction: false,
  },
];

export const staticAppDesign: AppDesignData = {
  date: '03 Sep, 20',
  title: 'App design',
  subtitle:
    'You can Find Only Post and Quotes Related to IOS like ipad app design, iphone app design',
  teams: [
    { name: 'Figma', color: 'grape' },
    { name: 'Wireframe', color: 'blue' },
  ],
  members: [
    { img: null, color: 'indigo', name: 'Vinnie Mostowy' },
    { img: null, color: 'yellow', name: 'Paula Ingram' },
    { img: null, color: 'green', name: 'Elicia Rieske' },
    { img: null, color: 'red', name: 'Julee Rossignol' },
    { img: null, color: 'gray', name: 'Arnold Lima' },
  ],
  planing: [
    { title: 'Due Date', subtitle: '12 Apr, 21' },
    { title: 'Budget', subtitle: '$49251.91' },
    { title: 'Cost', subtitle: '$840.99' },
  ],
};

export const staticSalesRadar = [
  { name: 'Sales', data: [90, 50, 86, 40, 100, 20] },
  { name: 'Visit', data: [70, 75, 70, 76, 20, 85] },
];
