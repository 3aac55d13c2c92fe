import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { AppProvider } from '../provider';
import { i18nReady, i18next } from '@/lib/i18n';

/** Renders inside every app provider with English loaded (for the shell's component tests). */
export async function renderApp(ui: ReactNode) {
  await i18nReady;
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['common', 'menu', 'errors', 'misc']);
  return render(
    <AppProvider>
      <Suspense fallback={null}>{ui}</Suspense>
    </AppProvider>,
  );
}
