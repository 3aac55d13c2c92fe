import type { EmailFolderFilter, EmailLabel } from '../api/types';

/** Route of a folder (the inbox is the bare `/apps/email`) or of a label. */
export function emailPath(to: { folder?: EmailFolderFilter; label?: EmailLabel }): string {
  if (to.label) return `/apps/email/label/${to.label}`;
  if (!to.folder || to.folder === 'inbox') return '/apps/email';
  return `/apps/email/${to.folder}`;
}
