import { defaultRules } from '@fiscus/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetRules, setRules } from '@/lib/ability';
import { useSession } from '@/lib/session';
import { server } from '@/mocks/node';
import { fakeQry, makeImport } from '../test/fake-backend';
import { useImportsMenuSection } from './use-imports-menu-section';
import { strict } from '@/test/msw';
import { i18nReady, i18next } from '@/lib/i18n';

beforeAll(() => {
  server.listen(strict);
  setRules(defaultRules);
});
afterEach(() => {
  server.resetHandlers();
  useSession.getState().clear();
});
afterAll(() => {
  server.close();
  resetRules();
});

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useImportsMenuSection(), { wrapper });
}

const signIn = () =>
  useSession.getState().setSession({
    user: {
      id: 'u',
      username: 'ann',
      email: 'a@example.com',
      fullName: '',
      avatar: null,
      totpEnabled: false,
      createdAt: '',
    },
    domain: { id: 'd', name: 'D', role: 'owner' },
    domains: [],
    rules: defaultRules,
  });

describe('IMPORTS menu section', () => {
  it('lists the objects imported into by name, not every file, draft or failure', async () => {
    const api = fakeQry({
      'objects.list': () => ({ items: [] }),
      'imports.list': () => ({
        items: [
          makeImport({
            id: 'a1',
            fileName: 'cars.csv',
            objectId: 'o1',
            objectName: 'Vehicles',
            status: 'failed',
          }),
          makeImport({
            id: 'a2',
            fileName: 'q1.xlsx',
            objectId: 'o2',
            objectName: 'Budget lines',
            status: 'succeeded',
          }),
          makeImport({
            id: 'a3',
            fileName: 'cars2.csv',
            objectId: 'o1',
            objectName: 'Vehicles',
            status: 'succeeded',
          }),
          makeImport({
            id: 'a4',
            fileName: 'draft.csv',
            objectId: 'o3',
            objectName: 'Drafts only',
            status: 'draft',
          }),
        ],
        total: 4,
      }),
    });
    signIn();
    const { result } = renderSection();
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    expect(result.current.items).toEqual([
      { id: 'o2', title: 'Budget lines', to: '/fiscus/imports?object=o2' },
      { id: 'o1', title: 'Vehicles', to: '/fiscus/imports?object=o1' },
    ]);
    expect(api.of('imports.list')[0]).toMatchObject({ offset: 0, limit: 100 });
  });

  it('names the objects in the user’s language', async () => {
    fakeQry({
      'objects.list': () => ({
        items: [{ id: 'o2', name: 'Budget lines', names: { ru: 'Строки бюджета' } }],
      }),
      'imports.list': () => ({
        items: [
          makeImport({ objectId: 'o2', objectName: 'Budget lines', status: 'succeeded' }),
          makeImport({ id: 'a2', objectId: 'o9', objectName: 'Gone', status: 'succeeded' }),
        ],
        total: 2,
      }),
    });
    await i18nReady;
    await i18next.changeLanguage('ru');
    try {
      signIn();
      const { result } = renderSection();
      await waitFor(() =>
        expect(result.current.items.map((i) => i.title)).toEqual(['Gone', 'Строки бюджета']),
      );
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('asks nothing before a session is known', async () => {
    const api = fakeQry({ 'imports.list': () => ({ items: [], total: 0 }) });
    const { result } = renderSection();
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current.items).toEqual([]);
    expect(api.calls).toHaveLength(0);
  });
});
