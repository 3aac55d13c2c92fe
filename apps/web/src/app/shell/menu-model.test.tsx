import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { buildAbility, defaultRules, type AppRule } from '@fiscus/contracts';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AbilityContext, setRules } from '@/lib/ability';
import { i18nReady } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { server } from '@/mocks/node';
import type { MenuNode } from '../menu';
import { activeItemKey, flattenPages, holdsActive, useVisibleMenu } from './menu-model';
import { qryHandler, strict } from '@/test/msw';

function renderMenu(rules: AppRule[]) {
  const ability = buildAbility(rules);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <AbilityContext.Provider value={ability}>{children}</AbilityContext.Provider>
    </QueryClientProvider>
  );
  return renderHook(() => useVisibleMenu(), { wrapper });
}
const menuFor = (rules: AppRule[]) => renderMenu(rules).result.current;

beforeAll(async () => {
  await i18nReady;
  server.listen(strict);
});
afterEach(() => {
  server.resetHandlers();
  useSession.getState().clear();
});
afterAll(() => server.close());
const titles = (nodes: MenuNode[]) => nodes.map((n) => n.title);

describe('menu filtered by ability', () => {
  it('shows everything to "manage all", with the seed headings', () => {
    const nodes = menuFor(defaultRules);
    expect(titles(nodes)).toEqual(
      expect.arrayContaining([
        'menu:rootMenu',
        'menu:adminMenu',
        'menu:budgetMenu',
        'menu:appsAndPages',
      ]),
    );
    const pages = flattenPages(nodes).map((p) => p.href);
    expect(pages).toContain('/fiscus/objects');
    expect(pages).toContain('/fiscus/budget/vehicles');
    expect(pages).toContain('/access-control');
  });

  it('hides items the ability refuses and drops headings left empty', () => {
    const nodes = menuFor([
      { action: 'read', subject: 'Auth' },
      { action: 'read', subject: 'Dashboard' },
      { action: 'read', subject: 'Budget' },
    ]);
    const pages = flattenPages(nodes).map((p) => p.href);
    expect(pages).toContain('/dashboard/fiscus');
    expect(pages).toContain('/fiscus/budget/report');
    // The API reference serves every member's personal tokens.
    expect(pages).toContain('/fiscus/api');
    expect(pages).not.toContain('/fiscus/objects');
    expect(pages).not.toContain('/apps/email');
    expect(titles(nodes)).not.toContain('menu:adminMenu');
    expect(titles(nodes)).not.toContain('menu:uiElements');
    // The miscellaneous and authentication pages are public (Auth), so "Pages" stays with them only.
    const pagesGroup = nodes.find((n) => n.title === 'menu:pages');
    expect(pagesGroup && pagesGroup.kind === 'group' ? titles(pagesGroup.children) : []).toEqual([
      'menu:authentication',
      'menu:miscellaneous',
    ]);
  });

  it('a guest sees no menu headings without items', () => {
    const nodes = menuFor([{ action: 'read', subject: 'Auth' }]);
    const headings = nodes.filter((n) => n.kind === 'heading');
    for (const h of headings) {
      const i = nodes.indexOf(h);
      expect(nodes[i + 1]?.kind, h.title).not.toBe('heading');
      expect(nodes[i + 1], h.title).toBeDefined();
    }
    expect(flattenPages(nodes).map((p) => p.href)).not.toContain('/dashboard/fiscus');
  });
});

describe('domain sections in the menu', () => {
  it('lists OBJECTS, CATALOGS and DATA TABLES after the admin menu, with plain names', async () => {
    await i18nReady;
    setRules(defaultRules);
    server.use(
      qryHandler({
        'objects.list': () => ({
          items: [
            { id: 'o1', name: 'Budget lines', kind: 'table' },
            { id: 'o2', name: 'Currencies', kind: 'reference' },
          ],
        }),
        'tables.list': () => ({
          items: [{ objectId: 'o1', objectName: 'Budget lines', tableName: 'obj_o1' }],
        }),
        'imports.list': () => ({ items: [], total: 0 }),
        'procedures.list': () => ({
          items: [
            {
              id: 'p1',
              name: 'Copy scenario',
              description: '',
              stepCount: 1,
              paramCount: 0,
              lastRunStatus: null,
              lastRunAt: null,
              updatedAt: '',
            },
          ],
        }),
        'cubes.list': () => ({ items: [{ id: 'c1', name: 'Plan vs actual' }] }),
        'reports.list': () => ({ items: [{ id: 'r1', name: 'Monthly budget' }] }),
      }),
    );
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
    const { result } = renderMenu(defaultRules);
    await waitFor(() => expect(titles(result.current)).toContain('Budget lines'));
    const names = titles(result.current);
    expect(names.indexOf('Budget lines')).toBeGreaterThan(names.indexOf('menu:adminMenu'));
    expect(names.indexOf('Budget lines')).toBeLessThan(names.indexOf('menu:budgetMenu'));
    expect(names).toContain('Currencies');
    // DATA TABLES names a table by its object, never by its internal name.
    expect(names).not.toContain('obj_o1');
    const [item, table] = result.current.filter((n) => n.title === 'Budget lines');
    expect(item).toMatchObject({
      kind: 'item',
      raw: true,
      route: 'object',
      to: '/fiscus/object/o1',
    });
    expect(names.indexOf('DATA TABLES')).toBeLessThan(names.lastIndexOf('Budget lines'));
    expect(table).toMatchObject({ route: 'tables', to: '/fiscus/tables?table=obj_o1' });
    // PROCEDURES lists the domain's procedures, each opening its editor.
    await waitFor(() => expect(titles(result.current)).toContain('Copy scenario'));
    const all = titles(result.current);
    expect(all.indexOf('Copy scenario')).toBe(all.indexOf('PROCEDURES') + 1);
    expect(all.indexOf('Copy scenario')).toBeLessThan(all.indexOf('menu:budgetMenu'));
    expect(result.current.find((n) => n.title === 'Copy scenario')).toMatchObject({
      kind: 'item',
      to: '/fiscus/procedures?procedure=p1',
    });
    // CUBES: each cube opens its pivot.
    await waitFor(() => expect(titles(result.current)).toContain('Plan vs actual'));
    expect(titles(result.current).indexOf('CUBES')).toBeGreaterThan(
      titles(result.current).indexOf('obj_o1'),
    );
    expect(result.current.find((n) => n.title === 'Plan vs actual')).toMatchObject({
      kind: 'item',
      to: '/fiscus/cubes/c1',
    });
    // REPORTS: each report opens its runs.
    await waitFor(() => expect(titles(result.current)).toContain('Monthly budget'));
    expect(titles(result.current).indexOf('Monthly budget')).toBe(
      titles(result.current).indexOf('REPORTS') + 1,
    );
    expect(result.current.find((n) => n.title === 'Monthly budget')).toMatchObject({
      to: '/fiscus/reports?report=r1',
    });
  });

  it('marks one item active: the one with the page address, else the route’s', () => {
    const nodes: MenuNode[] = [
      { kind: 'item', title: 'menu:objects', route: 'objects' },
      { kind: 'item', title: 'menu:tables', route: 'tables' },
      { kind: 'heading', title: 'OBJECTS', raw: true },
      { kind: 'item', title: 'Cars', raw: true, route: 'object', to: '/fiscus/object/o1' },
      { kind: 'heading', title: 'DATA TABLES', raw: true },
      {
        kind: 'item',
        title: 'Cars',
        raw: true,
        route: 'tables',
        to: '/fiscus/tables?table=obj_o1',
      },
    ];
    const active = (path: string, search: string, route: string) =>
      nodes.filter((n) => holdsActive(n, activeItemKey(nodes, path, search, route)));
    expect(active('/fiscus/object/o1', '', 'objects')).toEqual([nodes[3]]);
    // An object the menu does not list: its screen's menu entry.
    expect(active('/fiscus/object/o9', '', 'objects')).toEqual([nodes[0]]);
    expect(active('/fiscus/tables', '?table=obj_o1', 'tables')).toEqual([nodes[5]]);
    expect(active('/fiscus/tables', '', 'tables')).toEqual([nodes[1]]);
  });
});
