import dayjs from 'dayjs';
import { TASK_ASSIGNEES, type Task, type TaskTag } from '@/features/demo/todo/api/types';

/**
 * The 18 seed tasks of the todo demo: 7 completed, 2 deleted, 6 important; tags medium 9, low 6,
 * team 3, high 3, update 2; every task has an assignee. Due dates are relative to today.
 */
type Seed = [
  title: string,
  dueInDays: number,
  assignee: number,
  tags: TaskTag[],
  flags: string,
  description: string,
];

const seed: Seed[] = [
  [
    'Review the Q3 budget variance report',
    -6,
    0,
    ['team', 'medium'],
    'CI',
    '<p>Compare actuals with the approved budget and <strong>flag deviations above 5 %</strong>.</p>',
  ],
  [
    'Prepare cost centre mapping for finance',
    3,
    1,
    ['low'],
    '',
    '<p>Map the new cost centres to the reporting hierarchy.</p>',
  ],
  [
    'Reconcile the ERP import batch',
    -4,
    2,
    ['medium', 'high'],
    'C',
    '<p>Totals of the import must match the ledger extract.</p>',
  ],
  [
    'Update currency rates for next month',
    1,
    3,
    ['update'],
    'I',
    '<p>Load the closing rates and re-run the conversion.</p>',
  ],
  [
    'Draft the headcount plan for sales',
    7,
    4,
    ['medium'],
    '',
    '<p>Include open positions and planned leavers.</p>',
  ],
  [
    'Check cube aggregation after the refresh',
    -2,
    5,
    ['low'],
    'C',
    '<p>Spot-check three regions against the source tables.</p>',
  ],
  [
    'Schedule a workshop with the controlling team',
    5,
    0,
    ['team'],
    'D',
    '<p>Agenda: planning calendar, responsibilities, templates.</p>',
  ],
  [
    "Archive last year's forecasts",
    12,
    1,
    ['low', 'medium'],
    '',
    '<p>Move the closed versions to the archive domain.</p>',
  ],
  [
    'Fix the mapping of account 4410',
    0,
    2,
    ['high'],
    'I',
    '<p>Account 4410 is booked to the wrong line in the P&amp;L report.</p>',
  ],
  [
    'Send the report pack to management',
    -1,
    3,
    ['medium'],
    'C',
    '<ul><li>P&amp;L</li><li>Balance sheet</li><li>Cash flow</li></ul>',
  ],
  [
    'Validate data source credentials',
    9,
    4,
    ['low'],
    '',
    '<p>Two connections expire at the end of the month.</p>',
  ],
  [
    'Write release notes for the planning app',
    -3,
    5,
    ['update', 'medium'],
    'CI',
    '<p>Summarise the new filters and the import changes.</p>',
  ],
  [
    'Clean up unused reference tables',
    14,
    0,
    ['low'],
    'D',
    '<p>Remove tables that no report uses any more.</p>',
  ],
  [
    'Collect capex requests from the plants',
    10,
    1,
    ['medium', 'team'],
    '',
    '<p>Deadline for the plants is the 15th.</p>',
  ],
  [
    'Approve travel budget adjustments',
    -5,
    2,
    ['medium'],
    'CI',
    '<p>Three requests are waiting for approval.</p>',
  ],
  [
    'Review user access rights',
    4,
    3,
    ['high'],
    '',
    '<p>Quarterly review of roles in the planning domains.</p>',
  ],
  [
    'Prepare the board presentation',
    6,
    4,
    ['medium'],
    'I',
    '<p>Use the consolidated figures and the latest forecast.</p>',
  ],
  [
    'Consolidate regional budgets',
    -7,
    5,
    ['low'],
    'C',
    '<p>All regions have submitted; run the consolidation.</p>',
  ],
];

function seedTasks(): Task[] {
  const today = dayjs().startOf('day');
  return seed.map(([title, dueInDays, assignee, tags, flags, description], i) => ({
    id: i + 1,
    title,
    dueDate: today.add(dueInDays, 'day').format('YYYY-MM-DD'),
    description,
    assignee: { ...TASK_ASSIGNEES[assignee]! },
    tags: [...tags],
    isCompleted: flags.includes('C'),
    isDeleted: flags.includes('D'),
    isImportant: flags.includes('I'),
  }));
}

export const todoDb = { tasks: seedTasks() };

/** Back to the seed tasks (tests). */
export function resetTodo(): void {
  todoDb.tasks = seedTasks();
}
