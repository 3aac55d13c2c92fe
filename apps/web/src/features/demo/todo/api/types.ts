/** Task of the demo todo app (seed §3, DEMO.md §3). */
export const TASK_TAGS = ['team', 'low', 'medium', 'high', 'update'] as const;
export type TaskTag = (typeof TASK_TAGS)[number];

export const TASK_FILTERS = ['important', 'completed', 'deleted'] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];

export const TASK_SORTS = ['latest', 'title-asc', 'title-desc', 'assignee', 'due-date'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

export interface TaskAssignee {
  fullName: string;
  avatar: string;
}

export interface Task {
  id: number;
  title: string;
  /** YYYY-MM-DD */
  dueDate: string;
  /** HTML */
  description: string;
  assignee: TaskAssignee | null;
  tags: TaskTag[];
  isCompleted: boolean;
  isDeleted: boolean;
  isImportant: boolean;
}

/** Body of create/update: the task without its id. */
export type TaskInput = Omit<Task, 'id'>;

export interface TaskQuery {
  q?: string;
  filter?: TaskFilter;
  tag?: TaskTag;
  sortBy?: TaskSort;
}

export const isTaskFilter = (v: unknown): v is TaskFilter =>
  typeof v === 'string' && (TASK_FILTERS as readonly string[]).includes(v);
export const isTaskTag = (v: unknown): v is TaskTag =>
  typeof v === 'string' && (TASK_TAGS as readonly string[]).includes(v);
export const isTaskSort = (v: unknown): v is TaskSort =>
  typeof v === 'string' && (TASK_SORTS as readonly string[]).includes(v);

/** The six people a task can be assigned to. */
export const TASK_ASSIGNEES: TaskAssignee[] = [
  { fullName: 'Jane Foster', avatar: '' },
  { fullName: 'Donna Frank', avatar: '' },
  { fullName: 'Gabrielle Robertson', avatar: '' },
  { fullName: 'Lori Spears', avatar: '' },
  { fullName: 'Sandy Vega', avatar: '' },
  { fullName: 'Cheryl May', avatar: '' },
];
