import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#eeeefd',
  '#dadaf7',
  '#b2b2ec',
  '#8888e2',
  '#6464d9',
  '#4e4ed4',
  '#4343d2',
  '#3535ba',
  '#2d2ea7',
  '#232794',
];

/**
 * Dark palette tuned to the dark skin (navy surfaces instead of neutral grey): body and cards
 * #283046 (7), inputs and hovers (6), borders (4–5), text (0–2), page background (9).
 */
const dark: MantineColorsTuple = [
  '#d0d2d6',
  '#b4b7bd',
  '#8d92a3',
  '#676d7d',
  '#4b5369',
  '#3b4253',
  '#323a50',
  '#283046',
  '#1e2539',
  '#161d31',
];

/** The UI theme: one brand colour, readable defaults, notifications close after 3 s. */
export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand, dark },
  primaryShade: { light: 6, dark: 4 },
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  cursorType: 'pointer',
});

/**
 * Colours of secondary text and links that stay readable (WCAG AA, 4.5:1 for body text) on the
 * skins' surfaces: Mantine's dimmed grey (3.3:1 on white) and its dark-scheme link and brand text
 * (shade 4, 2.7:1 on the dark cards) are too faint. Light: dimmed 5.1:1 or more on white and the
 * grey hover surfaces. Dark: dimmed 4.8:1 or more on the cards (#283046) and inputs (#323a50);
 * links and brand-coloured text use shade 2 (6.5:1). Checked by e2e/accessibility.spec.ts.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {
    '--mantine-color-dimmed': '#a3a8b8',
    '--mantine-color-anchor': 'var(--mantine-color-brand-2)',
    '--mantine-color-brand-text': 'var(--mantine-color-brand-2)',
  },
});
