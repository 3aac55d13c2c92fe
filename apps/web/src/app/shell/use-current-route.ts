import { useMatches } from 'react-router';
import type { AppRoute } from '../routes-table';

/** The routes-table entry of the screen being shown. */
export function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as AppRoute | undefined;
    if (handle && typeof handle === 'object' && 'id' in handle) return handle;
  }
  return undefined;
}
