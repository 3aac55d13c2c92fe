import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
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
 * every navigation (seed §2). A thin bar at the top shows while the next screen loads.
 */
export function RootShell() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { t } = useTranslation('common');
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' as ScrollBehavior });
  }, [pathname]);
  useEffect(() => {
    if (navigation.state === 'idle') hideLoadingOverlay();
  }, [navigation.state, pathname]);
  return (
    <>
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label={t('loading')} />
      )}
      <Outlet />
    </>
  );
}
