export { NavbarSearch } from './components/navbar-search';
export { Bookmarks, defaultBookmarks, loadBookmarks } from './components/bookmarks';
export type { SearchPage } from './types';
