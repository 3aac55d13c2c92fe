export { NavbarSearch } from './components/navbar-search';
export { Bookmarks } from './components/bookmarks';
export type { SearchPage } from './types';
