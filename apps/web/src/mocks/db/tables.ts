import type { AdvancedRow, BasicRow, RowGroup } from '@/features/demo/pages/api/tables';

/** Good-table demo data (DEMO.md §18): Professional 5, Applied 2, Resigned 1, Current 1, Rejected 1. */
export const basicRows: BasicRow[] = [
  {
    id: 1,
    avatar: '',
    fullName: "Korrie O'Crevy",
    email: 'kocrevy0@thetimes.co.uk',
    startDate: '09/23/2016',
    salary: '$23896.35',
    status: 'Professional',
  },
  {
    id: 2,
    avatar: '',
    fullName: 'Bailie Coulman',
    email: 'bcoulman1@yolasite.com',
    startDate: '05/20/2018',
    salary: '$13633.69',
    status: 'Resigned',
  },
  {
    id: 3,
    avatar: '',
    fullName: 'Stella Ganderton',
    email: 'sganderton2@tuttocitta.it',
    startDate: '03/24/2018',
    salary: '$13076.28',
    status: 'Professional',
  },
  {
    id: 4,
    avatar: '',
    fullName: 'Dorolice Crossman',
    email: 'dcrossman3@google.co.jp',
    startDate: '12/03/2017',
    salary: '$12336.17',
    status: 'Applied',
  },
  {
    id: 5,
    avatar: '',
    fullName: 'Harmonia Nisius',
    email: 'hnisius4@gnu.org',
    startDate: '08/25/2017',
    salary: '$10909.52',
    status: 'Professional',
  },
  {
    id: 6,
    avatar: '',
    fullName: 'Genevra Honeywood',
    email: 'ghoneywood5@narod.ru',
    startDate: '06/01/2017',
    salary: '$17803.80',
    status: 'Current',
  },
  {
    id: 7,
    avatar: '',
    fullName: 'Eileen Diehn',
    email: 'ediehn6@163.com',
    startDate: '10/15/2017',
    salary: '$18991.67',
    status: 'Professional',
  },
  {
    id: 8,
    avatar: '',
    fullName: 'Richardo Aldren',
    email: 'raldren7@mtv.com',
    startDate: '11/05/2016',
    salary: '$19230.13',
    status: 'Rejected',
  },
  {
    id: 9,
    avatar: '',
    fullName: 'Allyson Moakler',
    email: 'amoakler8@shareasale.com',
    startDate: '12/29/2018',
    salary: '$11677.32',
    status: 'Applied',
  },
  {
    id: 10,
    avatar: '',
    fullName: 'Merline Penhalewick',
    email: 'mpenhalewick9@php.net',
    startDate: '04/19/2019',
    salary: '$15939.52',
    status: 'Professional',
  },
];

const groupOf = (label: string, ids: number[], exp: string[]): RowGroup => ({
  mode: 'span',
  label,
  html: false,
  children: ids.map((id, i) => ({ ...basicRows[id - 1]!, experience: exp[i] ?? '1 Year' })),
});

export const rowGroups: RowGroup[] = [
  groupOf('Group: Professional', [1, 3], ['1 Year', '3 Years']),
  groupOf('Group: Applied', [4, 9], ['2 Years', '1 Year']),
  groupOf('Group: Current and Resigned', [6, 2], ['5 Years', '4 Years']),
  groupOf('Group: Rejected', [8, 5], ['7 Years', '2 Years']),
  groupOf('Group: Veterans', [7, 10], ['6 Years', '8 Years']),
];

const posts = [
  'Nuclear Power Engineer',
  'Environmental Specialist',
  'Sales Representative',
  'Operator',
  'Senior Cost Accountant',
  'Geologist I',
  'Budget Analyst',
  'Controller',
  'Financial Advisor',
  'Tax Accountant',
];
const cities = [
  'Krasnosilka',
  'Hinigaran',
  'Golcowa',
  'Paris 19',
  'Suxi',
  'Kaeng Khlo',
  'Berlin',
  'Porto',
  'Kazan',
  'Lyon',
];

export const advancedRows: AdvancedRow[] = basicRows.map((r, i) => ({
  id: r.id,
  avatar: r.avatar,
  fullName: r.fullName,
  post: posts[i]!,
  email: r.email,
  city: cities[i]!,
  startDate: r.startDate,
  salary: r.salary,
}));

export const ssrRows: BasicRow[] = basicRows.slice(0, 5);
