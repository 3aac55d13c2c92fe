import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render';
import { RichTextEditor } from './rich-text-editor';

function Host({ initial }: { initial: string }) {
  const [html, setHtml] = useState(initial);
  return (
    <>
      <RichTextEditor label="Content" value={html} onChange={setHtml} headings testId="rte" />
      <button type="button" onClick={() => setHtml('<p>Reset from outside</p>')}>
        Reset
      </button>
      <output data-testid="html">{html}</output>
    </>
  );
}

describe('rich text editor', () => {
  // The console runs in StrictMode: React mounts, unmounts and mounts again, and the editor of
  // the first mount is destroyed. Reading a destroyed editor threw "Cannot read properties of
  // null (reading 'cached')" and took the blog editor (/pages/blog/edit/1) down.
  it('opens with its content under StrictMode and follows outside changes', async () => {
    await renderScreen(
      <StrictMode>
        <Host initial="<h2>Blog post</h2><p>First paragraph</p>" />
      </StrictMode>,
    );
    const content = await screen.findByTestId('rte');
    // Named by its label, and no label points at an element that is not there.
    expect(screen.getByRole('textbox', { name: 'Content' })).toBe(content);
    for (const label of document.querySelectorAll('label[for]'))
      expect(document.getElementById(label.getAttribute('for')!), label.outerHTML).not.toBeNull();
    expect(content).toHaveTextContent('Blog post');
    expect(content).toHaveTextContent('First paragraph');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByTestId('rte')).toHaveTextContent('Reset from outside'));
    expect(screen.getByTestId('rte')).not.toHaveTextContent('First paragraph');
  });
});
