import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IconBox } from '@tabler/icons-react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { ConfirmDelete, ListHeader, ListStates, ListToolbar } from './list-shell';

type Query = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
const idle: Query = { isPending: false, isError: false, error: null, refetch: () => undefined };

function Shell({ query, all }: { query: Query; all: string[] | undefined }) {
  const [search, setSearch] = useState('');
  const shown = (all ?? []).filter((n) => n.includes(search));
  return (
    <>
      <ListHeader title="Boxes" count={all && `${all.length} boxes`} countTestId="total" />
      <ListToolbar
        onNew={() => undefined}
        newTestId="new"
        onRefresh={() => void query.refetch()}
        refreshing={false}
        search={{ value: search, onChange: setSearch, testId: 'search' }}
      />
      <ListStates
        query={query}
        total={all?.length}
        shown={shown.length}
        testId="boxes"
        errorTitle="The boxes could not be loaded"
        noMatch="No box matches."
        empty={{ icon: <IconBox />, title: 'No boxes yet', action: <button>First box</button> }}
      >
        <ul>
          {shown.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </ListStates>
    </>
  );
}

describe('list shell', () => {
  it('shows the list, and "no match" when the search hides every item', async () => {
    await renderScreen(<Shell query={idle} all={['red', 'blue']} />);
    expect(screen.getByTestId('total')).toHaveTextContent('2 boxes');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.type(screen.getByTestId('search'), 'gr');
    expect(screen.getByTestId('boxes-no-match')).toHaveTextContent('No box matches.');
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.queryByTestId('boxes-empty')).toBeNull();
  });

  it('invites the first item when there is none', async () => {
    await renderScreen(<Shell query={idle} all={[]} />);
    const empty = screen.getByTestId('boxes-empty');
    expect(within(empty).getByText('No boxes yet')).toBeInTheDocument();
    expect(within(empty).getByRole('button', { name: 'First box' })).toBeInTheDocument();
  });

  it('shows a loader while loading and the error with Try again', async () => {
    const refetch = vi.fn();
    const { unmount } = await renderScreen(
      <Shell query={{ ...idle, isPending: true }} all={undefined} />,
    );
    expect(screen.queryByTestId('boxes-empty')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    unmount();
    await renderScreen(
      <Shell
        query={{ ...idle, isError: true, error: new Error('Boom'), refetch }}
        all={undefined}
      />,
    );
    const alert = screen.getByTestId('boxes-error');
    expect(alert).toHaveTextContent('The boxes could not be loaded');
    expect(alert).toHaveTextContent('Something went wrong');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('asks before a delete and names the item', async () => {
    const onConfirm = vi.fn();
    await renderScreen(
      <ConfirmDelete
        opened
        title="Delete box"
        text='Delete "red"?'
        pending={false}
        onClose={() => undefined}
        onConfirm={onConfirm}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete box' });
    expect(dialog).toHaveTextContent('Delete "red"?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('keeps naming the item while the question closes', async () => {
    function Deleting() {
      const [item, setItem] = useState<string | null>('red');
      return (
        <ConfirmDelete
          opened={item !== null}
          title={`Delete ${item ?? ''}`}
          text={`Delete "${item ?? ''}" for good?`}
          pending={false}
          onClose={() => setItem(null)}
          onConfirm={() => undefined}
        />
      );
    }
    await renderScreen(<Deleting />);
    const dialog = await screen.findByRole('dialog', { name: 'Delete red' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Closing: the dialog is still on screen for its animation, and still names the item.
    const closing = screen.getByRole('dialog');
    expect(closing).toHaveAccessibleName('Delete red');
    expect(closing).toHaveTextContent('Delete "red" for good?');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
