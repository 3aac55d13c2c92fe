import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '@/mocks/node';
import { strict } from '@/test/msw';
import { renderScreen, settled } from '@/test/render';
import { BlogListPage } from './blog';

beforeAll(() => server.listen(strict));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A key typed at the end of the box, as the browser does: the box's text with one more letter. */
const key = (box: HTMLElement, letter: string) =>
  fireEvent.change(box, { target: { value: (box as HTMLInputElement).value + letter } });

describe('blog list', () => {
  it('keeps keystrokes typed before the address has been rendered, then searches', async () => {
    const view = await renderScreen(<BlogListPage />, { path: '/pages/blog/list?page=2' });
    const box = await screen.findByRole('textbox', { name: 'Search here' });
    expect(await screen.findByTestId('blog-list')).toBeInTheDocument();
    // Two keys before the screen renders again (a busy device): both stay in the box.
    act(() => {
      key(box, 'a');
      key(box, 'p');
    });
    expect(box).toHaveValue('ap');
    await userEvent.type(box, 'ple');
    expect(box).toHaveValue('apple');
    await waitFor(() => expect(view.router.state.location.search).toBe('?q=apple'));
    await settled(view);
  });
});
