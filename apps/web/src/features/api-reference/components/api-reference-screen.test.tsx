import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '@/lib/i18n';
import { useTheme } from '@/lib/theme-store';
import { renderScreen } from '@/test/render';
import { ApiReferenceScreen } from './api-reference-screen';

// The reference page itself (Scalar over the OpenAPI document) is the server's and runs in a
// browser (see the e2e journey); here the frame's messages are sent as the page sends them.

const frame = () => screen.getByTitle(/API/) as HTMLIFrameElement;

function fromPage(data: unknown, source: Window | null = frame().contentWindow) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: window.location.origin, source }),
    );
  });
}

beforeEach(() => {
  useTheme.getState().set({ skin: 'light' });
});

describe('ApiReferenceScreen', () => {
  it('shows the server’s reference page in the console’s language and skin, and passes changes on', async () => {
    await renderScreen(<ApiReferenceScreen />);
    expect(await screen.findByText('Loading the API reference…')).toBeInTheDocument();
    const src = new URL(frame().src);
    expect(src.pathname).toBe('/api/reference');
    expect(Object.fromEntries(src.searchParams)).toEqual({ lang: 'en', skin: 'light' });
    expect(screen.getByRole('link', { name: /OpenAPI document/ })).toHaveAttribute(
      'href',
      '/api/openapi.json',
    );
    expect(screen.getByRole('link', { name: /API tokens/ })).toHaveAttribute(
      'href',
      '/pages/account-setting?tab=tokens',
    );

    // A message from another window is not the page's.
    fromPage({ type: 'fiscus-reference', state: 'ready' }, window);
    expect(screen.getByText('Loading the API reference…')).toBeInTheDocument();

    const post = vi.spyOn(frame().contentWindow!, 'postMessage');
    fromPage({ type: 'fiscus-reference', state: 'ready' });
    expect(screen.queryByText('Loading the API reference…')).not.toBeInTheDocument();
    expect(frame()).toHaveAttribute('data-state', 'ready');

    act(() => useTheme.getState().set({ skin: 'dark' }));
    expect(post).toHaveBeenLastCalledWith(
      { type: 'fiscus-reference-look', dark: true, lang: 'en' },
      window.location.origin,
    );
    await act(async () => i18next.changeLanguage('fr'));
    expect(post).toHaveBeenLastCalledWith(
      { type: 'fiscus-reference-look', dark: true, lang: 'fr' },
      window.location.origin,
    );
    expect(screen.getByRole('heading', { name: 'Référence de l’API' })).toBeInTheDocument();
    // The frame is not reloaded for a change of look.
    expect(new URL(frame().src).searchParams.get('lang')).toBe('en');
  });

  it('says which part failed, and tries again with the look of now', async () => {
    await renderScreen(<ApiReferenceScreen />, { language: 'de' });
    await screen.findByText('API-Referenz wird geladen…');
    fromPage({ type: 'fiscus-reference', state: 'error', reason: 'document' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Der Server hat die API-Beschreibung nicht gesendet.',
    );
    act(() => useTheme.getState().set({ skin: 'dark' }));
    const before = frame();
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('API-Referenz wird geladen…')).toBeInTheDocument();
    expect(frame()).not.toBe(before);
    expect(new URL(frame().src).searchParams.get('skin')).toBe('dark');

    fromPage({ type: 'fiscus-reference', state: 'error', reason: 'viewer' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Die Referenzansicht konnte nicht geladen werden.',
    );
  });

  it('says so when the frame shows something other than the reference page', async () => {
    await renderScreen(<ApiReferenceScreen />, { language: 'ru' });
    await screen.findByText('Загрузка справочника API…');
    fireEvent.load(frame());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Страница справочника не пришла с сервера.',
    );
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeVisible();
  });
});
