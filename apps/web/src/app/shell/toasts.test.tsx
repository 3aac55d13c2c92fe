import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notifications, toastsLoaded } from '@/lib/toast';
import { renderApp } from './test-utils';

describe('toasts (lib/toast.ts)', () => {
  it('load the toast package with the first toast and show what was asked before it arrived, in order', async () => {
    await renderApp(<p>screen</p>);
    expect(await screen.findByText('screen')).toBeInTheDocument();
    // Nothing toasted yet: the package and its container are not loaded.
    expect(toastsLoaded()).toBe(false);
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    let first = '';
    act(() => {
      // Asked before the package is there: kept and replayed in order once it has loaded.
      first = notifications.show({ message: 'Downloading report.csv', autoClose: false });
      notifications.update({ id: first, message: 'Download failed: report.csv', autoClose: false });
      notifications.show({ id: 'second', message: 'Saved the budget', autoClose: false });
    });
    expect(first).toMatch(/\S/);
    expect(await screen.findByText('Download failed: report.csv')).toBeInTheDocument();
    expect(screen.getByText('Saved the budget')).toBeInTheDocument();
    expect(screen.queryByText('Downloading report.csv')).toBeNull();
    expect(toastsLoaded()).toBe(true);

    act(() => {
      notifications.hide('second');
    });
    await waitFor(() => expect(screen.queryByText('Saved the budget')).toBeNull());
    expect(screen.getByText('Download failed: report.csv')).toBeInTheDocument();

    act(() => notifications.clean());
    await waitFor(() => expect(screen.queryByText('Download failed: report.csv')).toBeNull());
  }, 60_000);
});
