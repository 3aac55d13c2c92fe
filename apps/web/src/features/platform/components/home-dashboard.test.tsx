import { defaultRules } from '@fiscus/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session';
import { server } from '@/mocks/node';
import { renderScreen } from '@/test/render';
import { HomeDashboard } from './home-dashboard';
import { qryHandler, strict } from '@/test/msw';
import { testUser } from '@/test/session';

beforeAll(() => server.listen(strict));
beforeEach(() =>
  useSession.getState().setSession({
    user: testUser,
    domain: { id: 'd', name: 'Planning', role: 'owner' },
    domains: [],
    rules: defaultRules,
  }),
);
afterEach(() => {
  server.resetHandlers();
  useSession.getState().clear();
});
afterAll(() => server.close());

function serve(objects: unknown[], tables: unknown[]) {
  server.use(
    qryHandler({
      'objects.list': () => ({ items: objects }),
      'tables.list': () => ({ items: tables }),
      'domains.list': () => ({
        items: [
          {
            id: 'd',
            name: 'Planning',
            role: 'owner',
            memberCount: 2,
            current: true,
            createdAt: '',
          },
        ],
      }),
    }),
  );
}

describe('home dashboard', () => {
  it('sums the domain: objects, catalogs, records, storage, largest tables', async () => {
    serve(
      [
        { id: 'o1', name: 'Budget lines', kind: 'table' },
        { id: 'o2', name: 'Currencies', kind: 'reference' },
      ],
      [
        {
          objectId: 'o1',
          objectName: 'Budget lines',
          kind: 'table',
          tableName: 'obj_o1',
          rows: 1200,
          deletedRows: 0,
          sizeBytes: 3 * 1024 * 1024,
          columns: 5,
          indexes: 2,
        },
        {
          objectId: 'o2',
          objectName: 'Currencies',
          kind: 'reference',
          tableName: 'obj_o2',
          rows: 30,
          deletedRows: 0,
          sizeBytes: 8192,
          columns: 2,
          indexes: 1,
        },
      ],
    );
    await renderScreen(<HomeDashboard />);
    expect(await screen.findByText('Welcome back, Ann Example')).toBeInTheDocument();
    // The figures fill in once the lists have answered.
    await waitFor(() => expect(screen.getByTestId('home-records')).toHaveTextContent('1,230'));
    expect(screen.getByTestId('home-objects')).toHaveTextContent('1');
    expect(screen.getByTestId('home-catalogs')).toHaveTextContent('1');
    expect(screen.getByTestId('home-records')).toHaveTextContent('1,230');
    expect(screen.getByTestId('home-storage')).toHaveTextContent('3 MB');
    expect(await screen.findByRole('link', { name: 'Budget lines' })).toHaveAttribute(
      'href',
      '/fiscus/object/o1',
    );
    expect(await screen.findByText('Invite a colleague to your domain')).toBeInTheDocument();
  });

  it('greets the user and shows the figures’ cards before the lists answer', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      qryHandler({
        'objects.list': async () => {
          await answered;
          return { items: [{ id: 'o1', name: 'Budget lines', kind: 'table' }] };
        },
        'tables.list': () => ({ items: [] }),
        'domains.list': () => ({ items: [] }),
      }),
    );
    await renderScreen(<HomeDashboard />);
    expect(await screen.findByText('Welcome back, Ann Example')).toBeInTheDocument();
    expect(screen.getByTestId('home-objects')).not.toHaveTextContent(/\d/);
    answer();
    await waitFor(() => expect(screen.getByTestId('home-objects')).toHaveTextContent('1'));
  });

  it('names the largest tables’ objects in the user’s language', async () => {
    serve(
      [{ id: 'o1', name: 'Vehicles', names: { ru: 'Транспорт' }, kind: 'table' }],
      [
        {
          objectId: 'o1',
          objectName: 'Vehicles',
          kind: 'table',
          tableName: 'obj_o1',
          rows: 12,
          deletedRows: 0,
          sizeBytes: 8192,
          columns: 3,
          indexes: 1,
        },
      ],
    );
    await renderScreen(<HomeDashboard />, { language: 'ru' });
    expect(await screen.findByRole('link', { name: 'Транспорт' })).toHaveAttribute(
      'href',
      '/fiscus/object/o1',
    );
    expect(screen.queryByRole('link', { name: 'Vehicles' })).toBeNull();
  });

  it('guides a new domain to its first object', async () => {
    serve([], []);
    await renderScreen(<HomeDashboard />, { language: 'de' });
    expect(await screen.findByTestId('home-empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Objekt anlegen' })).toHaveAttribute(
      'href',
      '/fiscus/objects',
    );
  });
});
