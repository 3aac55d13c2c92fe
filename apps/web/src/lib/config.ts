/** Build-time configuration of the console (Vite env), with defaults that just work. */
export const appConfig = {
  /** Name shown in the UI. */
  appName: (import.meta.env.VITE_APP_NAME as string | undefined) ?? 'Fiscus',
  /** API base address; empty = same origin. */
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '',
  /**
   * Map tiles for the Leaflet maps (`https://tile.example.org/{z}/{x}/{y}.png`); empty = the
   * bundled country outlines, which need no network.
   */
  mapTileUrl: (import.meta.env.VITE_MAP_TILE_URL as string | undefined) ?? '',
  /** The attribution the tile server asks for (HTML). */
  mapTileAttribution: (import.meta.env.VITE_MAP_TILE_ATTRIBUTION as string | undefined) ?? '',
  /** Toast time-out (seed §9). */
  toastTimeout: 3000,
  /** Lazy chunk load time-out (seed §9). */
  chunkTimeout: 120_000,
  /** Scroll-to-top button threshold (seed §2). */
  scrollTopThreshold: 250,
};

/** Where the console starts after sign-in. */
export const HOME_PATH = '/dashboard/fiscus';

/** Local-storage keys (seed §9 and DEMO.md §23). */
export const storageKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  fiscusToken: 'fiscusToken',
  skin: 'fiscus-skin',
  theme: 'fiscus-theme',
  language: 'fiscus-language',
  bookmarks: 'fiscus-bookmarks',
} as const;
