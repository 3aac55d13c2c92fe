import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '@/mocks/node';
import { renderScreen } from '@/test/render';
import { NavbarSearch } from './navbar-search';
import { qryHandler, strict, type QryBody } from '@/test/msw';

beforeAll(() => server.listen(strict));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const pages = [
  'Invoice List',
  'Edit Invoice',
  'Preview Invoice',
  'Add Invoice',
  'Invoices archive',
  'Chat',
].map((title, i) => ({
  title,
  href: `/p/${i}`,
}));

/** A result group of the Spotlight (its label is drawn by CSS from a style variable). */
const group = (label: string) =>
  [...document.querySelectorAll<HTMLElement>('.mantine-Spotlight-actionsGroup')].find((g) =>
    g.style.getPropertyValue('--spotlight-label').includes(label),
  );

const field = (id: string, code: string, type: string) => ({ id, code, name: code, type });
const objects = {
  o1: { id: 'o1', name: 'Vehicles', kind: 'table', displayFieldId: 'f1' },
  o2: { id: 'o2', name: 'Makers', kind: 'reference', displayFieldId: 'f3' },
  o3: { id: 'o3', name: 'Sales cube', kind: 'cube', displayFieldId: null },
};
const meta = {
  o1: { ...objects.o1, fields: [field('f1', 'plate', 'text'), field('f2', 'maker', 'ref')] },
  o2: { ...objects.o2, fields: [field('f3', 'title', 'text')] },
  o3: { ...objects.o3, fields: [field('f4', 'region', 'text')] },
};
const rows: Record<string, { id: number; values: Record<string, unknown> }[]> = {
  o1: [
    { id: 3, values: { plate: 'CAR-17' } },
    { id: 4, values: { plate: 'VAN-2' } },
  ],
  o2: [
    { id: 7, values: { title: 'Carrera Motors' } },
    { id: 8, values: { title: 'Volvo' } },
  ],
  o3: [{ id: 1, values: { region: 'Caribbean' } }],
};
const row = (r: { id: number; values: Record<string, unknown> }) => ({
  ...r,
  display: {},
  createdAt: '2026-11-01T00:00:00Z',
  createdBy: null,
  updatedAt: '2026-11-01T00:00:00Z',
  updatedBy: null,
  deletedAt: null,
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

describe('navbar search', () => {
  it('ranks pages (starts-with first, 4 per group) and finds the records of tables and catalogs', async () => {
    const listed: QryBody[] = [];
    server.use(
      qryHandler(
        {
          'objects.list': () => ({ items: Object.values(objects) }),
          'objects.get': (b) => meta[b.id as keyof typeof meta],
          'records.list': (b) => {
            const term = String(b.search).toLowerCase();
            const hits = rows[String(b.objectId)]!.filter((r) =>
              Object.values(r.values).some((v) => String(v).toLowerCase().includes(term)),
            );
            return { rows: hits.map(row), offset: 0, limit: 3, hasMore: false };
          },
        },
        (b) => {
          if (b.op === 'records.list') listed.push(b);
        },
      ),
    );
    await renderScreen(
      <>
        <NavbarSearch pages={pages} />
        <Where />
      </>,
    );
    await userEvent.click(await screen.findByTestId('navbar-search'));
    const input = await screen.findByPlaceholderText('Explore Fiscus…');
    await userEvent.type(input, 'inv');
    const labels = (await screen.findAllByRole('button')).map((b) => b.textContent ?? '');
    const found = pages
      .map((p) => p.title)
      .filter((title) => labels.some((l) => l.includes(title)));
    expect(found).toEqual(['Invoice List', 'Edit Invoice', 'Preview Invoice', 'Invoices archive']);

    await userEvent.clear(input);
    await userEvent.type(input, 'car');
    await waitFor(() => expect(group('Records')?.textContent).toContain('Carrera Motors'));
    const records = group('Records')!;
    expect(records.textContent).toContain('CAR-17');
    expect(records.textContent).toContain('Vehicles');
    expect(records.textContent).not.toContain('Volvo');
    // Only tables and catalogs are searched, each for its display field.
    expect(new Set(listed.map((b) => b.objectId))).toEqual(new Set(['o1', 'o2']));
    expect(listed.find((b) => b.objectId === 'o2')?.fields).toEqual(['title']);

    // The label is split by the query's highlight: find its button by text content.
    const carrera = screen
      .getAllByRole('button')
      .find((b) => b.textContent?.includes('Carrera Motors'))!;
    await userEvent.click(carrera);
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/fiscus/recordpage/o2/7'),
    );

    await userEvent.click(await screen.findByTestId('navbar-search'));
    await userEvent.clear(await screen.findByPlaceholderText('Explore Fiscus…'));
    await userEvent.type(screen.getByPlaceholderText('Explore Fiscus…'), 'zzzz');
    expect(await screen.findByText('No Results Found.')).toBeInTheDocument();
  });

  it('opens on the first press of its shortcut, before the palette has loaded', async () => {
    server.use(qryHandler({ 'objects.list': () => ({ items: [] }) }));
    await renderScreen(<NavbarSearch pages={pages} />);
    await screen.findByTestId('navbar-search');
    expect(screen.queryByPlaceholderText('Explore Fiscus…')).not.toBeInTheDocument();
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(await screen.findByPlaceholderText('Explore Fiscus…')).toBeInTheDocument();
    expect(await screen.findByText('Invoice List')).toBeInTheDocument();
  });
});
