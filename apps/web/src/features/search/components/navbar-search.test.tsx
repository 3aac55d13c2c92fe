import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '@/mocks/node';
import { renderScreen } from '@/test/render';
import { NavbarSearch } from './navbar-search';
import { strict } from '@/test/msw';

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

describe('navbar search', () => {
  it('ranks pages (starts-with first, 4 per group) and finds files and contacts', async () => {
    await renderScreen(<NavbarSearch pages={pages} />);
    await userEvent.click(await screen.findByTestId('navbar-search'));
    const input = await screen.findByPlaceholderText('Explore Fiscus…');
    await userEvent.type(input, 'inv');
    const labels = (await screen.findAllByRole('button')).map((b) => b.textContent ?? '');
    const found = pages
      .map((p) => p.title)
      .filter((title) => labels.some((l) => l.includes(title)));
    expect(found).toEqual(['Invoice List', 'Edit Invoice', 'Preview Invoice', 'Invoices archive']);

    await userEvent.clear(input);
    await userEvent.type(input, 'budget');
    await waitFor(() => expect(group('Files')?.textContent).toContain('Budget 2027 draft.xlsx'));

    await userEvent.clear(input);
    await userEvent.type(input, 'rena');
    await waitFor(() => expect(group('Contacts')?.textContent).toContain('Rena Brant'));

    await userEvent.clear(input);
    await userEvent.type(input, 'zzzz');
    expect(await screen.findByText('No Results Found.')).toBeInTheDocument();
  });
});
