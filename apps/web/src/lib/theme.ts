import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
