import { describe, expect, it } from 'vitest';
import { isBlankHtml, plainText, sanitizeHtml, shortDate } from './format';

describe('email formatting', () => {
  it('removes scripts, event handlers and unsafe links from a message', () => {
    const html = sanitizeHtml(
      '<p onclick="x()">Hi <a href="javascript:alert(1)">there</a> <a href="https://example.com">link</a></p><script>alert(1)</script><img src=x onerror="y()">',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript|<img/);
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">link</a>',
    );
    expect(html).toContain('<p>Hi <a>there</a>');
  });

  it('keeps the text of unknown elements', () => {
    expect(sanitizeHtml('<div><p>One</p><section>Two</section></div>')).toBe('<p>One</p>Two');
  });

  it('gives a plain excerpt and detects an empty editor', () => {
    expect(plainText('<p>Hello</p><p>world</p>')).toBe('Hello world');
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p> x </p>')).toBe(false);
  });

  it('shows the time for today and the date otherwise', () => {
    const now = new Date(2030, 4, 10, 15, 0);
    expect(shortDate(new Date(2030, 4, 10, 9, 5).toISOString(), 'en', now)).toMatch(/09:05|9:05/);
    expect(shortDate(new Date(2030, 4, 2).toISOString(), 'en', now)).toBe('May 2');
    expect(shortDate(new Date(2029, 4, 2).toISOString(), 'en', now)).toBe('May 2, 2029');
  });
});
