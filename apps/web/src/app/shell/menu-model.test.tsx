import { renderHook } from '@testing-library/react';
import { buildAbility, defaultRules, type AppRule } from '@fiscus/contracts';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AbilityContext } from '@/lib/ability';
import type { MenuNode } from '../menu';
import { flattenPages, useVisibleMenu } from './menu-model';

function menuFor(rules: AppRule[]) {
  const ability = buildAbility(rules);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AbilityContext.Provider value={ability}>{children}</AbilityContext.Provider>
  );
  return renderHook(() => useVisibleMenu(), { wrapper }).result.current;
}
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
