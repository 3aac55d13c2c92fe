import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Task } from '@/features/demo/todo/api/types';
import { server } from '../node';
import { resetTodo, todoDb } from '../db/todo';
import { strict } from '@/test/msw';

const url = (path: string) => new URL(path, location.origin).toString();
const send = (method: string, path: string, body?: unknown) =>
  fetch(url(path), {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
async function list(query = ''): Promise<Task[]> {
  const res = await fetch(url(`/apps/todo/tasks${query}`));
  expect(res.status).toBe(200);
  return (await res.json()) as Task[];
}
const newTask = {
  title: 'Close the books',
  dueDate: '2030-01-31',
  description: '<p>Month end</p>',
  assignee: { fullName: 'Cheryl May', avatar: '' },
  tags: ['high', 'team'],
};

beforeAll(() => server.listen(strict));
beforeEach(() => resetTodo());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('todo seed data', () => {
  it('has 18 tasks with the documented counts', () => {
    const tasks = todoDb.tasks;
    expect(tasks).toHaveLength(18);
    expect(tasks.filter((t) => t.isCompleted)).toHaveLength(7);
    expect(tasks.filter((t) => t.isDeleted)).toHaveLength(2);
    expect(tasks.filter((t) => t.isImportant)).toHaveLength(6);
    const tag = (name: string) => tasks.filter((t) => t.tags.includes(name as never)).length;
    expect([tag('medium'), tag('low'), tag('team'), tag('high'), tag('update')]).toEqual([
      9, 6, 3, 3, 2,
    ]);
    expect(tasks.every((t) => t.assignee && /^\d{4}-\d{2}-\d{2}$/.test(t.dueDate))).toBe(true);
  });
});

describe('GET /apps/todo/tasks', () => {
  it('lists the non-deleted tasks, latest (highest id) first by default', async () => {
    const tasks = await list();
    expect(tasks).toHaveLength(16);
    expect(tasks.some((t) => t.isDeleted)).toBe(false);
    expect(tasks.map((t) => t.id)).toEqual([...tasks.map((t) => t.id)].sort((a, b) => b - a));
    expect(await list('?sortBy=latest')).toEqual(tasks);
  });

  it('filters important, completed and deleted', async () => {
    const important = await list('?filter=important');
    expect(important.length).toBe(todoDb.tasks.filter((t) => t.isImportant && !t.isDeleted).length);
    expect(important.every((t) => t.isImportant && !t.isDeleted)).toBe(true);
    const completed = await list('?filter=completed');
    expect(completed).toHaveLength(7);
    expect(completed.every((t) => t.isCompleted && !t.isDeleted)).toBe(true);
    const deleted = await list('?filter=deleted');
    expect(deleted).toHaveLength(2);
    expect(deleted.every((t) => t.isDeleted)).toBe(true);
    expect(await list('?filter=unknown')).toHaveLength(16);
  });

  it('filters by tag membership and combines with the filter', async () => {
    const team = await list('?tag=team');
    expect(team.length).toBeGreaterThan(0);
    expect(team.every((t) => t.tags.includes('team') && !t.isDeleted)).toBe(true);
    expect(team).toHaveLength(
      todoDb.tasks.filter((t) => t.tags.includes('team') && !t.isDeleted).length,
    );
    expect(await list('?tag=nope')).toEqual([]);
  });

  it('searches the title case-insensitively (title only)', async () => {
    const hits = await list('?q=BUDGET');
    expect(hits.map((t) => t.title).sort()).toEqual(
      todoDb.tasks
        .filter((t) => !t.isDeleted && t.title.toLowerCase().includes('budget'))
        .map((t) => t.title)
        .sort(),
    );
    expect(hits.length).toBeGreaterThan(1);
    // "ledger" occurs only in a description, never in a title.
    expect(await list('?q=ledger')).toEqual([]);
    expect(await list('?q=zzz-no-match')).toEqual([]);
  });

  it('sorts by title, assignee and due date', async () => {
    const titles = (await list('?sortBy=title-asc')).map((t) => t.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
    const desc = (await list('?sortBy=title-desc')).map((t) => t.title);
    expect(desc).toEqual([...titles].reverse());
    const dues = (await list('?sortBy=due-date')).map((t) => t.dueDate);
    expect(dues).toEqual([...dues].sort());
    const names = (await list('?sortBy=assignee')).map((t) => t.assignee!.fullName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('puts tasks without an assignee last when sorting by assignee', async () => {
    todoDb.tasks[0]!.assignee = null;
    const tasks = await list('?sortBy=assignee');
    expect(tasks.at(-1)!.id).toBe(1);
  });
});

describe('POST /apps/todo/tasks', () => {
  it('creates an open, not important task with id max + 1 and answers 201 { task }', async () => {
    todoDb.tasks.splice(4, 1); // a gap in the ids must not be reused
    const res = await send('POST', '/apps/todo/tasks', {
      task: { ...newTask, isCompleted: true, isImportant: true, isDeleted: true },
    });
    expect(res.status).toBe(201);
    const { task } = (await res.json()) as { task: Task };
    expect(task).toMatchObject({
      ...newTask,
      id: 19,
      isCompleted: false,
      isDeleted: false,
      isImportant: false,
    });
    expect(todoDb.tasks.at(-1)).toEqual(task);
    expect((await list())[0]!.id).toBe(19);
  });

  it('rejects a task without title or due date', async () => {
    const res = await send('POST', '/apps/todo/tasks', {
      task: { ...newTask, title: ' ', dueDate: '' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: Record<string, string> };
    expect(Object.keys(body.error).sort()).toEqual(['dueDate', 'title']);
    expect(todoDb.tasks).toHaveLength(18);
  });
});

describe('POST /apps/todo/tasks/:id', () => {
  it('merges the supplied fields and answers 200 { task }', async () => {
    const before = structuredClone(todoDb.tasks.find((t) => t.id === 2)!);
    const res = await send('POST', '/apps/todo/tasks/2', {
      task: { isCompleted: true, tags: ['high'] },
    });
    expect(res.status).toBe(200);
    const { task } = (await res.json()) as { task: Task };
    expect(task).toEqual({ ...before, isCompleted: true, tags: ['high'] });
    expect(todoDb.tasks.find((t) => t.id === 2)).toEqual(task);
  });

  it('parses "false" as false', async () => {
    expect(todoDb.tasks.find((t) => t.id === 1)!.isCompleted).toBe(true);
    const res = await send('POST', '/apps/todo/tasks/1', {
      task: { isCompleted: 'false', isImportant: 'false' },
    });
    expect(res.status).toBe(200);
    expect(todoDb.tasks.find((t) => t.id === 1)).toMatchObject({
      isCompleted: false,
      isImportant: false,
    });
  });

  it('restores a deleted task by setting isDeleted false', async () => {
    await send('POST', '/apps/todo/tasks/7', { task: { isDeleted: false } });
    expect((await list('?filter=deleted')).map((t) => t.id)).toEqual([13]);
    expect((await list()).some((t) => t.id === 7)).toBe(true);
  });

  it('answers 404 for an unknown id and 400 for an emptied title', async () => {
    expect((await send('POST', '/apps/todo/tasks/999', { task: { title: 'x' } })).status).toBe(404);
    expect((await send('POST', '/apps/todo/tasks/abc', { task: { title: 'x' } })).status).toBe(404);
    expect((await send('POST', '/apps/todo/tasks/3', { task: { title: '' } })).status).toBe(400);
    expect(todoDb.tasks).toHaveLength(18);
  });
});

describe('DELETE /apps/todo/tasks/:id', () => {
  it('soft-deletes: the task stays stored and moves to the deleted filter', async () => {
    const res = await send('DELETE', '/apps/todo/tasks/2');
    expect(res.status).toBe(200);
    expect(todoDb.tasks).toHaveLength(18);
    expect(todoDb.tasks.find((t) => t.id === 2)!.isDeleted).toBe(true);
    expect((await list()).some((t) => t.id === 2)).toBe(false);
    expect((await list('?filter=deleted')).map((t) => t.id).sort((a, b) => a - b)).toEqual([
      2, 7, 13,
    ]);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await send('DELETE', '/apps/todo/tasks/404')).status).toBe(404);
  });
});
