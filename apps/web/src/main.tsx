import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { ShellProvider } from './app/shell-provider';
import { i18nReady } from './lib/i18n';
import { applySkin, useTheme } from './lib/theme-store';

applySkin(useTheme.getState().skin);

const router = createAppRouter();

void i18nReady.finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ShellProvider>
        <RouterProvider router={router} />
      </ShellProvider>
    </StrictMode>,
  );
});
