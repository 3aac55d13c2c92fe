import { consoleNamespaces, i18next } from '@/lib/i18n';

export { ConsoleProviders } from './console-providers';
export { Guard } from './guard';

/** The console's texts beyond the sign-in page's (menu, pages): loaded with this layer. */
export const ready = i18next.loadNamespaces([...consoleNamespaces]);
