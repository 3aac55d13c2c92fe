import { defaultFilter, defaultGroupBy, defaultOrderBy, type SavedView } from '@fiscus/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { server } from '@/mocks/node';
import { mockServerWithDefaultRules } from '@/test/mock-server';
import { qryHandler } from '@/test/msw';
import { useViewInAddress } from './use-view-in-address';

mockServerWithDefaultRules();

const view = (id: string, name: string): SavedView => ({
  id,
  objectId: 'sales',
  name,
  shared: false,
  ownerId: 'u',
  isOwn: true,
  definition: {
    filter: defaultFilter(),
    groupby: defaultGroupBy(),
    orderby: defaultOrderBy(),
    columns: [],
    pageSize: 100,
    search: name,
  },
  createdAt: '',
  updatedAt: '',
});
const east = view('v-east', 'East');
const west = view('v-west', 'West');

/** The grid's view state (as the list screen keeps it) and the address it follows. */
function Grid() {
  const [viewId, setViewId] = useState<string | null>(null);
  const apply = useState(() => (v: SavedView | null) => setViewId(v?.id ?? null))[0];
  const { switchView } = useViewInAddress('sales', viewId, apply);
  return (
    <>
      <output data-testid="view">{viewId ?? 'none'}</output>
      <button onClick={() => switchView(null)}>All records</button>
      <button onClick={() => switchView(west)}>West</button>
    </>
  );
}

async function renderGrid(path: string) {
  server.use(qryHandler({ 'views.list': () => ({ items: [east, west] }) }));
  const router = createMemoryRouter([{ path: '*', element: <Grid /> }], { initialEntries: [path] });
  render(
    <AppProvider queryClient={makeQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('useViewInAddress', () => {
  it('applies the view named in the address once the views are known', async () => {
    await renderGrid('/fiscus/o/sales?view=v-east');
    await waitFor(() => expect(screen.getByTestId('view')).toHaveTextContent('v-east'));
  });

  it('keeps a switch to all records made from a view opened by the address', async () => {
    const router = await renderGrid('/fiscus/o/sales?view=v-east&x=1');
    await waitFor(() => expect(screen.getByTestId('view')).toHaveTextContent('v-east'));
    act(() => screen.getByText('All records').click());
    expect(router.state.location.search).toBe('?x=1');
    expect(screen.getByTestId('view')).toHaveTextContent('none');
  });

  it('keeps the last of two switches made in one tick, and follows the address back', async () => {
    const router = await renderGrid('/fiscus/o/sales?view=v-east&x=1');
    await waitFor(() => expect(screen.getByTestId('view')).toHaveTextContent('v-east'));
    act(() => {
      screen.getByText('West').click();
      screen.getByText('All records').click();
    });
    expect(router.state.location.search).toBe('?x=1');
    expect(screen.getByTestId('view')).toHaveTextContent('none');
    act(() => screen.getByText('West').click());
    expect(router.state.location.search).toBe('?x=1&view=v-west');
    expect(screen.getByTestId('view')).toHaveTextContent('v-west');
    // Back to the view the link opened.
    await act(() => router.navigate(-3));
    expect(router.state.location.search).toBe('?view=v-east&x=1');
    expect(screen.getByTestId('view')).toHaveTextContent('v-east');
  });

  it('goes back to all records when back leads to the address without a view', async () => {
    const router = await renderGrid('/fiscus/o/sales?x=1');
    await waitFor(() => expect(screen.getByText('West')).toBeInTheDocument());
    act(() => screen.getByText('West').click());
    expect(router.state.location.search).toBe('?x=1&view=v-west');
    expect(screen.getByTestId('view')).toHaveTextContent('v-west');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?x=1');
    await waitFor(() => expect(screen.getByTestId('view')).toHaveTextContent('none'));
    // And forward to the view again.
    await act(() => router.navigate(1));
    await waitFor(() => expect(screen.getByTestId('view')).toHaveTextContent('v-west'));
  });
});
