import { lazy, type ComponentType } from 'react';

/**
 * Navbar pieces owned by features (search, bookmarks, cart dropdown). Each is a lazy component so the
 * shell's initial JavaScript stays small; the navbar renders them inside Suspense.
 */
export const navbarSlots: { Bookmarks: ComponentType; Cart: ComponentType; Search: ComponentType } =
  {
    Bookmarks: lazy(() => import('./search-slots').then((m) => ({ default: m.BookmarksSlot }))),
    Cart: lazy(() => import('@/features/demo/ecommerce/cart-dropdown')),
    Search: lazy(() => import('./search-slots').then((m) => ({ default: m.SearchSlot }))),
  };
