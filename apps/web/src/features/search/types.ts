import type { ComponentType } from 'react';

/** A page the navbar can search and pin: translated title, address, icon. */
export interface SearchPage {
  title: string;
  href: string;
  icon?: ComponentType<{ size?: number; stroke?: number }>;
}
