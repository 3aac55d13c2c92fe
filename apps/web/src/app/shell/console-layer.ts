import { matchPath } from 'react-router';
import { consoleNamespaces, i18next } from '@/lib/i18n';
import { startSessionCheckEarly } from '@/lib/session-guard';
import { routes } from '../routes-table';

export { ConsoleProviders } from './console-providers';
export { Guard } from './guard';

/** The console's texts beyond the sign-in page's (menu, pages): loaded with this layer. */
export const ready = i18next.loadNamespaces([...consoleNamespaces]);

// The session check of the page being opened starts now, while its screen and texts load (its
// queries wait for the session); public pages check none.
if (routes.some((r) => !r.public && matchPath(r.path, window.location.pathname))) {
  startSessionCheckEarly();
}
