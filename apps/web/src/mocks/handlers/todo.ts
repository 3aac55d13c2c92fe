import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  isTaskTag,
  type Task,
  type TaskAssignee,
  type TaskTag,
} from '@/features/demo/todo/api/types';
import { todoDb } from '../db/todo';
import { nextId, parseId, readJson } from '../util';

// Todo demo endpoints (seed §7, DEMO.md §3).

const byTitle = (a: Task, b: Task) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' });

function sortTasks(tasks: Task[], sortBy: string): Task[] {
  const list = [...tasks];
  switch (sortBy) {
    case 'title-asc':
      return list.sort(byTitle);
    case 'title-desc':
      return list.sort((a, b) => byTitle(b, a));
    case 'assignee':
      return list.sort((a, b) => {
        if (!a.assignee) return b.assignee ? 1 : 0;
        if (!b.assignee) return -1;
        return a.assignee.fullName.localeCompare(b.assignee.fullName, 'en');
      });
    case 'due-date':
      return list.sort((a, b) => a.dueDate.localeCompare(b.dueDate));
    default:
      return list.sort((a, b) => b.id - a.id);
  }
}

const asBool = (v: unknown): boolean | undefined =>
  typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : undefined;

function asAssignee(v: unknown): TaskAssignee | null | undefined {
  if (v === null) return null;
  if (!v || typeof v !== 'object') return undefined;
  const { fullName, avatar } = v as Record<string, unknown>;
  if (typeof fullName !== 'string' || !fullName.trim()) return undefined;
  return { fullName: fullName.trim(), avatar: typeof avatar === 'string' ? avatar : '' };
}

/** The known task fields present in a request body, with their types checked. */
function taskFields(body: Record<string, unknown>): Partial<Omit<Task, 'id'>> {
  const raw =
    body.task && typeof body.task === 'object' ? (body.task as Record<string, unknown>) : {};
  const out: Partial<Omit<Task, 'id'>> = {};
  if (typeof raw.title === 'string') out.title = raw.title.trim();
  if (typeof raw.dueDate === 'string') out.dueDate = raw.dueDate;
  if (typeof raw.description === 'string') out.description = raw.description;
  const assignee = asAssignee(raw.assignee);
  if (assignee !== undefined) out.assignee = assignee;
  if (Array.isArray(raw.tags)) out.tags = [...new Set(raw.tags.filter(isTaskTag))] as TaskTag[];
  for (const key of ['isCompleted', 'isDeleted', 'isImportant'] as const) {
    const value = asBool(raw[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function invalid(
  fields: Partial<Omit<Task, 'id'>>,
  creating: boolean,
): Record<string, string> | null {
  const errors: Record<string, string> = {};
  if ((creating || 'title' in fields) && !fields.title) errors.title = 'Title is required';
  if ((creating || 'dueDate' in fields) && !(fields.dueDate && DATE.test(fields.dueDate))) {
    errors.dueDate = 'Due date is required (YYYY-MM-DD)';
  }
  return Object.keys(errors).length ? errors : null;
}

export const todoHandlers: RequestHandler[] = [
  http.get('/apps/todo/tasks', ({ request }) => {
    const params = new URL(request.url).searchParams;
    const q = (params.get('q') ?? '').trim().toLowerCase();
    const filter = params.get('filter') ?? '';
    const tag = params.get('tag') ?? '';
    const sortBy = params.get('sortBy') ?? 'latest';

    const matches = todoDb.tasks.filter((task) => {
      if (q && !task.title.toLowerCase().includes(q)) return false;
      if (filter === 'important' && !(task.isImportant && !task.isDeleted)) return false;
      if (filter === 'completed' && !(task.isCompleted && !task.isDeleted)) return false;
      if (filter === 'deleted' && !task.isDeleted) return false;
      if (
        filter !== 'important' &&
        filter !== 'completed' &&
        filter !== 'deleted' &&
        task.isDeleted
      )
        return false;
      if (tag && !task.tags.includes(tag as TaskTag)) return false;
      return true;
    });
    return HttpResponse.json(structuredClone(sortTasks(matches, sortBy)));
  }),

  http.post('/apps/todo/tasks', async ({ request }) => {
    const fields = taskFields(await readJson(request));
    const errors = invalid(fields, true);
    if (errors) return HttpResponse.json({ error: errors }, { status: 400 });
    // A new task always starts open, not deleted and not important (seed §4).
    const task: Task = {
      id: nextId(todoDb.tasks),
      title: fields.title ?? '',
      dueDate: fields.dueDate ?? '',
      description: fields.description ?? '',
      assignee: fields.assignee ?? null,
      tags: fields.tags ?? [],
      isCompleted: false,
      isDeleted: false,
      isImportant: false,
    };
    todoDb.tasks.push(task);
    return HttpResponse.json({ task: structuredClone(task) }, { status: 201 });
  }),

  http.post('/apps/todo/tasks/:id', async ({ request, params }) => {
    const id = parseId(params.id);
    const task = id === null ? undefined : todoDb.tasks.find((t) => t.id === id);
    if (!task) return new HttpResponse(null, { status: 404 });
    const fields = taskFields(await readJson(request));
    const errors = invalid(fields, false);
    if (errors) return HttpResponse.json({ error: errors }, { status: 400 });
    Object.assign(task, fields);
    return HttpResponse.json({ task: structuredClone(task) });
  }),

  http.delete('/apps/todo/tasks/:id', ({ params }) => {
    const id = parseId(params.id);
    const task = id === null ? undefined : todoDb.tasks.find((t) => t.id === id);
    if (!task) return new HttpResponse(null, { status: 404 });
    task.isDeleted = true;
    return new HttpResponse(null, { status: 200 });
  }),
];
