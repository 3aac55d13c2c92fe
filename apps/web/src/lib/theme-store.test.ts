import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from './config';

async function freshStore() {
  vi.resetModules();
  return import('./theme-store');
}

describe('theme store', () => {
  beforeEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.skin;
  });

  it('starts with the seed defaults: vertical, full width, floating navbar, static footer, light', async () => {
    const { useTheme, defaultTheme } = await freshStore();
    const s = useTheme.getState();
    expect(defaultTheme).toMatchObject({
      skin: 'light',
      layout: 'vertical',
      contentWidth: 'full',
      menuCollapsed: false,
      navbarType: 'floating',
      footerType: 'static',
      customizer: true,
      scrollToTop: true,
    });
    expect(s.skin).toBe('light');
    expect(s.layout).toBe('vertical');
    expect(s.navbarType).toBe('floating');
    expect(s.footerType).toBe('static');
  });

  it('persists every choice and restores it after a reload', async () => {
    const first = await freshStore();
    first.useTheme.getState().set({
      skin: 'semi-dark',
      layout: 'horizontal',
      contentWidth: 'boxed',
      menuCollapsed: true,
      navbarType: 'sticky',
      footerType: 'hidden',
    });
    expect(localStorage.getItem(storageKeys.skin)).toBe('semi-dark');
    expect(document.documentElement.dataset.skin).toBe('semi-dark');

    const reloaded = await freshStore();
    expect(reloaded.useTheme.getState()).toMatchObject({
      skin: 'semi-dark',
      layout: 'horizontal',
      contentWidth: 'boxed',
      menuCollapsed: true,
      navbarType: 'sticky',
      footerType: 'hidden',
    });
  });

  it('applies the dark skin to the document and the colour scheme', async () => {
    const { useTheme } = await freshStore();
    useTheme.getState().set({ skin: 'dark' });
    expect(document.documentElement.dataset.skin).toBe('dark');
    expect(document.documentElement.dataset.mantineColorScheme).toBe('dark');
    useTheme.getState().set({ skin: 'bordered' });
    expect(document.documentElement.dataset.mantineColorScheme).toBe('light');
  });

  it('ignores malformed or unknown stored values', async () => {
    localStorage.setItem(storageKeys.skin, 'purple');
    localStorage.setItem(storageKeys.theme, '{not json');
    let { useTheme } = await freshStore();
    expect(useTheme.getState()).toMatchObject({
      skin: 'light',
      layout: 'vertical',
      navbarType: 'floating',
    });

    localStorage.setItem(
      storageKeys.theme,
      JSON.stringify({
        layout: 'diagonal',
        navbarType: 42,
        menuCollapsed: 'yes',
        footerType: 'sticky',
      }),
    );
    ({ useTheme } = await freshStore());
    expect(useTheme.getState()).toMatchObject({
      layout: 'vertical',
      navbarType: 'floating',
      menuCollapsed: false,
      footerType: 'sticky',
    });
  });

  it('reset goes back to the defaults and persists them', async () => {
    const { useTheme } = await freshStore();
    useTheme.getState().set({ skin: 'dark', layout: 'horizontal' });
    useTheme.getState().reset();
    expect(useTheme.getState()).toMatchObject({ skin: 'light', layout: 'vertical' });
    expect(JSON.parse(localStorage.getItem(storageKeys.theme)!)).toMatchObject({
      layout: 'vertical',
    });
  });
});
