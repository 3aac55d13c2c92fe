import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';

/** Hides the initial loading overlay (index.html) once a route has rendered. */
export function hideLoadingOverlay() {
  const el = document.getElementById('loading-bg');
  if (el && !el.classList.contains('hidden')) {
    el.classList.add('hidden');
    window.setTimeout(() => {
      el.style.display = 'none';
    }, 300);
  }
}

/**
 * Root of every screen: scrolls to the top on each navigation and hides the loading overlay after
 * every navigation (seed §2).
 */
export function RootShell() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' as ScrollBehavior });
  }, [pathname]);
  useEffect(() => {
    if (navigation.state === 'idle') hideLoadingOverlay();
  }, [navigation.state, pathname]);
  return <Outlet />;
}
