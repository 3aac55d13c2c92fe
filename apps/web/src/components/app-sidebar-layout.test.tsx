import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppSidebarLayout, AppSidebarToggle, useAppSidebar } from './app-sidebar-layout';

function Demo() {
  const sidebar = useAppSidebar();
  return (
    <AppSidebarLayout
      sidebar={<button onClick={sidebar.close}>Filter</button>}
      sidebarOpened={sidebar.opened}
      onSidebarClose={sidebar.close}
      sidebarLabel="Filters"
      data-testid="layout"
    >
      <AppSidebarToggle onClick={sidebar.open} label="Show filters" />
      <p>Main area</p>
    </AppSidebarLayout>
  );
}

describe('AppSidebarLayout', () => {
  it('renders the sidebar landmark and the main area; the toggle opens the drawer state', async () => {
    render(
      <MantineProvider>
        <Demo />
      </MantineProvider>,
    );
    const layout = screen.getByTestId('layout');
    expect(screen.getByRole('complementary', { name: 'Filters' })).toContainElement(
      screen.getByRole('button', { name: 'Filter' }),
    );
    expect(screen.getByText('Main area')).toBeInTheDocument();
    expect(layout).not.toHaveAttribute('data-opened');

    await userEvent.click(screen.getByRole('button', { name: 'Show filters' }));
    expect(layout).toHaveAttribute('data-opened');

    fireEvent.keyDown(window, { key: 'Escape' });
    expect(layout).not.toHaveAttribute('data-opened');

    await userEvent.click(screen.getByRole('button', { name: 'Show filters' }));
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(layout).not.toHaveAttribute('data-opened');
  });
});
