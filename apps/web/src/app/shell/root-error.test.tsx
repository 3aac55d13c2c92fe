import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ChunkLoadError, withChunkTimeout } from '@/lib/lazy';
import { RootError } from './root-error';
import { renderApp } from './test-utils';

function routerFailingWith(error: unknown) {
  return createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RootError />,
        children: [{ path: 'screen', lazy: () => Promise.reject(error) }],
      },
    ],
    { initialEntries: ['/screen'] },
  );
}

describe('RootError', () => {
  it('offers a reload when a screen chunk fails to download', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await renderApp(
      <RouterProvider
        router={routerFailingWith(
          new TypeError('Failed to fetch dynamically imported module: /assets/x.js'),
        )}
      />,
    );
    expect(
      await screen.findByRole('heading', { name: 'This screen could not be loaded' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('shows a generic error for other failures', async () => {
    await renderApp(<RouterProvider router={routerFailingWith(new Error('boom'))} />);
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});

describe('withChunkTimeout', () => {
  it('fails with ChunkLoadError when a chunk takes longer than the time-out', async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(() => new Promise<never>(() => {}), 120_000);
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
    vi.useRealTimers();
  });

  it('passes a module through and wraps load failures', async () => {
    await expect(withChunkTimeout(() => Promise.resolve({ default: 1 }))).resolves.toEqual({
      default: 1,
    });
    await expect(withChunkTimeout(() => Promise.reject(new Error('net')))).rejects.toBeInstanceOf(
      ChunkLoadError,
    );
  });
});
