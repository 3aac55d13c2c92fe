import { lazy, type ComponentType } from 'react';
import { CartSlot } from './cart-slot';

/**
 * Navbar pieces owned by features (search, bookmarks, cart dropdown, notifications). Each but the cart
 * (itself a button that loads its dropdown on use) is a lazy component so the shell's initial JavaScript stays small; the navbar renders them inside
 * Suspense.
 */
export const navbarSlots: {
  Bookmarks: ComponentType;
  Cart: ComponentType;
  Notifications: ComponentType;
  Search: ComponentType;
} = {
  Bookmarks: lazy(() => import('./search-slots').then((m) => ({ default: m.BookmarksSlot }))),
  // A plain button until the demo shop's mock backend runs or the cart is opened.
  Cart: CartSlot,
  Notifications: lazy(() =>
    import('@/features/ribbon/components/notifications-bell').then((m) => ({
      default: m.NotificationsBell,
    })),
  ),
  Search: lazy(() => import('./search-slots').then((m) => ({ default: m.SearchSlot }))),
};
