import { lazy, type ComponentType } from 'react';

/**
 * Navbar pieces owned by features (search, bookmarks, cart dropdown, notifications). Each is a
 * lazy component so the shell's initial JavaScript stays small; the navbar renders them inside
 * Suspense.
 */
export const navbarSlots: {
  Bookmarks: ComponentType;
  Cart: ComponentType;
  Notifications: ComponentType;
  Search: ComponentType;
} = {
  Bookmarks: lazy(() => import('./search-slots').then((m) => ({ default: m.BookmarksSlot }))),
  Cart: lazy(() => import('@/features/demo/ecommerce/cart-dropdown')),
  Notifications: lazy(() =>
    import('@/features/ribbon/components/notifications-bell').then((m) => ({
      default: m.NotificationsBell,
    })),
  ),
  Search: lazy(() => import('./search-slots').then((m) => ({ default: m.SearchSlot }))),
};
