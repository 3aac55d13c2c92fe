import { createTheme, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#eeeefd', '#dadaf7', '#b2b2ec', '#8888e2', '#6464d9', '#4e4ed4', '#4343d2', '#3535ba', '#2d2ea7', '#232794',
];

/** The UI theme: one brand colour, readable defaults, notifications close after 3 s. */
export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  primaryShade: { light: 6, dark: 4 },
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  cursorType: 'pointer',
});
