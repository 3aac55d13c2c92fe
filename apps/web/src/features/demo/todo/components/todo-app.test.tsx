import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import TodoScreen from '@/app/routes/apps/todo';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { i18nReady, i18next } from '@/lib/i18n';
import { resetTodo, todoDb } from '@/mocks/db/todo';
import { resetHandlersNow, server } from '@/mocks/node';
import { strict } from '@/test/msw';

beforeAll(() => server.listen(strict));
beforeEach(() => resetTodo());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The todo route module inside a router with its three paths and the 404 page. */
async function renderTodo(path: string) {
  await i18nReady;
  await i18next.changeLanguage('en');
  const router = createMemoryRouter(
    [
      { path: '/fiscus/todo', element: <TodoScreen /> },
      { path: '/fiscus/todo/:filter', element: <TodoScreen /> },
      { path: '/fiscus/todo/tag/:tag', element: <TodoScreen /> },
      { path: '/error-404', element: <p>not found page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider queryClient={makeQueryClient()}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProvider>,
  );
  return router;
}

const rows = (count: number) =>
  waitFor(() => expect(screen.getAllByTestId('todo-item')).toHaveLength(count));

describe('todo screen', () => {
  it('lists the open tasks and saves a ticked checkbox at once', async () => {
    await renderTodo('/fiscus/todo');
    await rows(16);
    const row = screen.getByText('Review user access rights').closest('li')!;
    const box = within(row).getByRole('checkbox');
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await waitFor(() =>
      expect(todoDb.tasks.find((t) => t.title === 'Review user access rights')!.isCompleted).toBe(
        true,
      ),
    );
    expect(box).toBeChecked();
  });

  it('shows a tag route and sends unknown filters and tags to the 404 page', async () => {
    const router = await renderTodo('/fiscus/todo/tag/update');
    await rows(2);
    await router.navigate('/fiscus/todo/archived');
    await screen.findByText('not found page');
    expect(router.state.location.pathname).toBe('/error-404');
    await router.navigate('/fiscus/todo/tag/urgent');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error-404'));
  });

  it('keeps the search in the URL and shows the empty state', async () => {
    const router = await renderTodo('/fiscus/todo');
    await rows(16);
    await userEvent.type(screen.getByPlaceholderText('Search task'), 'zzz');
    await screen.findByText('No Items Found');
    await waitFor(() => expect(router.state.location.search).toBe('?q=zzz'));
    expect(screen.getByPlaceholderText('Search task')).toHaveValue('zzz');
    // A search changed in the URL from outside (history, a link) shows in the box.
    await router.navigate('/fiscus/todo?q=review');
    await rows(2);
    expect(screen.getByPlaceholderText('Search task')).toHaveValue('review');
  });

  it('shows an error state with a retry when the tasks cannot be loaded', async () => {
    const { http, HttpResponse } = await import('msw');
    server.use(
      http.get('/apps/todo/tasks', () => new HttpResponse(null, { status: 500 }), { once: false }),
    );
    await renderTodo('/fiscus/todo');
    expect(await screen.findByTestId('todo-error')).toBeInTheDocument();
    resetHandlersNow();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await rows(16);
  });

  it('validates and adds a task from the drawer', async () => {
    await renderTodo('/fiscus/todo');
    await rows(16);
    await userEvent.click(screen.getByTestId('todo-add'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByTestId('task-submit'));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Due date is required')).toBeInTheDocument();
    expect(todoDb.tasks).toHaveLength(18);
  });
});
