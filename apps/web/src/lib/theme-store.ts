import { create } from 'zustand';
import { storage } from './storage';
import { storageKeys } from './config';

export const skins = ['light', 'bordered', 'dark', 'semi-dark'] as const;
export type Skin = (typeof skins)[number];
export const layoutTypes = ['vertical', 'horizontal'] as const;
export type LayoutType = (typeof layoutTypes)[number];
export const contentWidths = ['full', 'boxed'] as const;
export const navbarTypes = ['floating', 'sticky', 'static', 'hidden'] as const;
export type NavbarType = (typeof navbarTypes)[number];
export const footerTypes = ['static', 'sticky', 'hidden'] as const;
export type FooterType = (typeof footerTypes)[number];

export interface ThemeConfig {
  skin: Skin;
  layout: LayoutType;
  contentWidth: (typeof contentWidths)[number];
  menuCollapsed: boolean;
  menuHidden: boolean;
  navbarType: NavbarType;
  footerType: FooterType;
  customizer: boolean;
  scrollToTop: boolean;
}

/** Defaults of the seed (§2): full width, floating navbar, static footer, light skin, customizer on. */
export const defaultTheme: ThemeConfig = {
  skin: 'light',
  layout: 'vertical',
  contentWidth: 'full',
  menuCollapsed: false,
  menuHidden: false,
  navbarType: 'floating',
  footerType: 'static',
  customizer: true,
  scrollToTop: true,
};

function oneOf<T extends string>(list: readonly T[], value: unknown, fallback: T): T {
  return list.includes(value as T) ? (value as T) : fallback;
}

/** Reads the persisted choices, ignoring anything malformed. */
export function loadTheme(): ThemeConfig {
  let saved: Partial<ThemeConfig> = {};
  try {
    saved = JSON.parse(storage.get(storageKeys.theme) ?? '{}') as Partial<ThemeConfig>;
  } catch {
    saved = {};
  }
  return {
    ...defaultTheme,
    skin: oneOf(skins, storage.get(storageKeys.skin), defaultTheme.skin),
    layout: oneOf(layoutTypes, saved.layout, defaultTheme.layout),
    contentWidth: oneOf(contentWidths, saved.contentWidth, defaultTheme.contentWidth),
    menuCollapsed:
      typeof saved.menuCollapsed === 'boolean' ? saved.menuCollapsed : defaultTheme.menuCollapsed,
    menuHidden: typeof saved.menuHidden === 'boolean' ? saved.menuHidden : defaultTheme.menuHidden,
    navbarType: oneOf(navbarTypes, saved.navbarType, defaultTheme.navbarType),
    footerType: oneOf(footerTypes, saved.footerType, defaultTheme.footerType),
  };
}

interface ThemeStore extends ThemeConfig {
  set: (patch: Partial<ThemeConfig>) => void;
  reset: () => void;
}

function persist(config: ThemeConfig) {
  storage.set(storageKeys.skin, config.skin);
  const { layout, contentWidth, menuCollapsed, menuHidden, navbarType, footerType } = config;
  storage.set(
    storageKeys.theme,
    JSON.stringify({ layout, contentWidth, menuCollapsed, menuHidden, navbarType, footerType }),
  );
  applySkin(config.skin);
}

/** Mirrors the skin onto <html> so CSS (and the loading overlay) can follow it. */
export function applySkin(skin: Skin) {
  const root = document.documentElement;
  root.dataset.skin = skin;
  root.dataset.mantineColorScheme = skin === 'dark' ? 'dark' : 'light';
  document.body.classList.toggle('dark-layout', skin === 'dark');
}

export const useTheme = create<ThemeStore>((set, get) => ({
  ...loadTheme(),
  set: (patch) => {
    set(patch);
    persist(get());
  },
  reset: () => {
    set(defaultTheme);
    persist(get());
  },
}));
