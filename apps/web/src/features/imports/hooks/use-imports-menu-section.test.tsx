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
  it('lists the ten most recent imports as "file (object)" linking to each', async () => {
    const api = fakeQry({
      'imports.list': () => ({
        items: [
          makeImport({ id: 'a1', fileName: 'cars.csv', objectName: 'Vehicles' }),
          makeImport({ id: 'a2', fileName: 'q1.xlsx', objectName: 'Budget lines' }),
        ],
        total: 14,
      }),
    });
    signIn();
    const { result } = renderSection();
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    expect(result.current.items).toEqual([
      { id: 'a1', title: 'cars.csv (Vehicles)', to: '/fiscus/imports?import=a1' },
      { id: 'a2', title: 'q1.xlsx (Budget lines)', to: '/fiscus/imports?import=a2' },
    ]);
    expect(api.of('imports.list')[0]).toMatchObject({ offset: 0, limit: 10 });
  });

  it('asks nothing before a session is known', async () => {
    const api = fakeQry({ 'imports.list': () => ({ items: [], total: 0 }) });
    const { result } = renderSection();
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current.items).toEqual([]);
    expect(api.calls).toHaveLength(0);
  });
});
