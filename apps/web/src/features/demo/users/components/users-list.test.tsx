import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetUsers, usersDb } from '@/mocks/db/users';
import { server } from '@/mocks/node';
import { renderScreen } from '@/test/render';
import { UsersList } from './users-list';
import { strict } from '@/test/msw';

beforeAll(() => server.listen(strict));
beforeEach(() => resetUsers());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function pick(label: string, option: string, root: HTMLElement) {
  const input = within(root).getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
  await userEvent.click(input);
  const listbox = await waitFor(() => {
    const el = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(el).not.toBeNull();
    return el as HTMLElement;
  });
  await userEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
  await waitFor(() => expect(input).toHaveValue(option));
}

async function fill(el: HTMLElement, text: string) {
  await userEvent.click(el);
  await userEvent.paste(text);
}

describe('Users list', () => {
  it('validates the add-user drawer, adds a user and finds them by search', async () => {
    await renderScreen(<UsersList />);
    await screen.findByText('Showing 1 to 10 of 50 entries');

    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Add' }));
    expect(await within(drawer).findAllByText('This field is required')).not.toHaveLength(0);
    expect(usersDb.users).toHaveLength(50);

    await fill(within(drawer).getByRole('textbox', { name: /Full name/ }), 'Nora Quill');
    await fill(within(drawer).getByRole('textbox', { name: /Username/ }), 'nora quill');
    await fill(within(drawer).getByRole('textbox', { name: /E-mail/ }), 'nora@example.com');
    await fill(within(drawer).getByRole('textbox', { name: /Contact/ }), '+1 555 0100');
    await fill(within(drawer).getByRole('textbox', { name: /Company/ }), 'Quill Co');
    await pick('Country', 'Germany', drawer);
    await pick('Role', 'Editor', drawer);
    await pick('Plan', 'Team', drawer);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Add' }));
    expect(await within(drawer).findByText('Use letters and digits only')).toBeInTheDocument();

    const username = within(drawer).getByRole('textbox', { name: /Username/ });
    await userEvent.clear(username);
    await fill(username, 'noraquill');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(usersDb.users).toHaveLength(51));
    expect(usersDb.users.at(-1)).toMatchObject({ id: 51, status: 'active', role: 'editor' });

    await screen.findByText('Showing 1 to 10 of 51 entries');
    await fill(screen.getByRole('textbox', { name: 'Search...' }), 'nora');
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    const row = screen.getByTestId('user-row');
    expect(within(row).getByText('Nora Quill')).toBeInTheDocument();
    expect(within(row).getByText('@noraquill')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
  }, 120_000);
});
