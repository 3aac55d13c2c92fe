/**
 * A safe place to go after sign-in: a path of this console (never another site) that is not a
 * sign-in page itself.
 */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (/^\/(login|register|forgot-password)/.test(raw)) return null;
  return raw;
}
