import type { AutosuggestData, Person } from '@/features/demo/forms/api/autosuggest';

const person = (name: string, time: string): Person => ({
  img: '',
  name,
  email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
  time,
});

/** Data of the autosuggest demo (DEMO.md §19, §24). */
export const autosuggestData: AutosuggestData[] = [
  {
    developers: [
      person('Rena Brant', '21/05/2019'),
      person('Mariano Packard', '14/01/2018'),
      person('Risa Montufar', '10/08/2019'),
      person('Maragaret Cimo', '01/12/2019'),
      person('Jona Prattis', '21/05/2019'),
      person('Edmond Chicon', '15/11/2019'),
      person('Abbey Darden', '07/05/2019'),
    ],
    designers: [
      person('Seema Moallankamp', '13/08/2018'),
      person('Dan Rudis', '04/05/2019'),
      person('Vivian Kremer', '01/06/2019'),
      person('Rene Cope', '22/06/2019'),
      person('Lashonda Wehner', '10/10/2019'),
      person('Mauricio Rovelo', '01/01/2019'),
      person('Keeley Sapien', '05/09/2019'),
    ],
    pages: [
      { icon: 'home', name: 'Dashboard' },
      { icon: 'cube', name: 'Objects' },
      { icon: 'file-import', name: 'Imports' },
      { icon: 'chart-pie', name: 'Cubes' },
      { icon: 'report-money', name: 'Reports' },
      { icon: 'mail', name: 'Email' },
      { icon: 'messages', name: 'Chat' },
      { icon: 'calendar', name: 'Calendar' },
    ],
    files: [
      { file_name: 'Budget 2027 draft.xlsx', from: 'Kitty Allanson', icon: 'xlsx', size: '1.2 mb' },
      { file_name: 'Cost centres.csv', from: 'Rena Brant', icon: 'csv', size: '48 kb' },
      { file_name: 'CAPEX projects.xlsx', from: 'Dan Rudis', icon: 'xlsx', size: '320 kb' },
      { file_name: 'Board presentation.pdf', from: 'Vivian Kremer', icon: 'pdf', size: '3.4 mb' },
      { file_name: 'Vehicle fleet.csv', from: 'Jona Prattis', icon: 'csv', size: '92 kb' },
      { file_name: 'Insurance contracts.zip', from: 'Edmond Chicon', icon: 'zip', size: '12 mb' },
      { file_name: 'Marketing plan.doc', from: 'Abbey Darden', icon: 'doc', size: '640 kb' },
      { file_name: 'Tax calendar.pdf', from: 'Rene Cope', icon: 'pdf', size: '210 kb' },
      {
        file_name: 'Scenario comparison.xlsx',
        from: 'Risa Montufar',
        icon: 'xlsx',
        size: '780 kb',
      },
      { file_name: 'Logo.png', from: 'Keeley Sapien', icon: 'img', size: '52 kb' },
      { file_name: 'Actuals October.csv', from: 'Mariano Packard', icon: 'csv', size: '2.1 mb' },
      { file_name: 'Depreciation rules.pdf', from: 'Lashonda Wehner', icon: 'pdf', size: '180 kb' },
      { file_name: 'Forecast Q1.xlsx', from: 'Mauricio Rovelo', icon: 'xlsx', size: '940 kb' },
    ],
  },
];
