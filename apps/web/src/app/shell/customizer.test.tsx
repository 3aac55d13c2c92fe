import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '@/lib/config';
import { useTheme } from '@/lib/theme-store';
import { Customizer } from './customizer';
import { renderApp } from './test-utils';

describe('Customizer', () => {
  it('applies choices live and persists them', async () => {
    useTheme.getState().reset();
    await renderApp(<Customizer />);
    await userEvent.click(screen.getByRole('button', { name: 'Theme Customizer' }));
    const drawer = await screen.findByRole('dialog');

    await userEvent.click(within(drawer).getByText('Dark'));
    expect(document.documentElement.dataset.skin).toBe('dark');
    expect(localStorage.getItem(storageKeys.skin)).toBe('dark');

    await userEvent.click(within(drawer).getByText('Horizontal'));
    await userEvent.click(within(screen.getByTestId('customizer-navbar')).getByText('Sticky'));
    expect(useTheme.getState()).toMatchObject({ layout: 'horizontal', navbarType: 'sticky' });
    expect(JSON.parse(localStorage.getItem(storageKeys.theme)!)).toMatchObject({
      layout: 'horizontal',
      navbarType: 'sticky',
    });

    await userEvent.click(within(drawer).getByRole('button', { name: 'Reset to defaults' }));
    expect(useTheme.getState()).toMatchObject({
      skin: 'light',
      layout: 'vertical',
      navbarType: 'floating',
    });
  });
});
