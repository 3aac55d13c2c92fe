import { lazy, type ComponentType } from 'react';

/**
 * Navbar pieces owned by features (bookmarks, cart dropdown). Each is a lazy component so the
 * shell's initial JavaScript stays small.
 */
export const navbarSlots: { Bookmarks?: ComponentType; Cart?: ComponentType } = {
  Bookmarks: undefined,
  Cart: undefined,
};

export function lazySlot(load: () => Promise<{ default: ComponentType }>): ComponentType {
  return lazy(load);
}
