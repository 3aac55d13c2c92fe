/** Shapes of the demo mailbox endpoints (`/apps/email/*`, served by the mock backend). */

export const emailFolders = ['inbox', 'sent', 'draft', 'starred', 'spam', 'trash'] as const;
/** What a list can show: a stored folder or the "starred" view. */
export type EmailFolderFilter = (typeof emailFolders)[number];
/** Folders an e-mail can be stored in ("starred" is a view, not a folder). */
export type EmailFolder = Exclude<EmailFolderFilter, 'starred'>;
export const storedFolders: readonly EmailFolder[] = ['inbox', 'sent', 'draft', 'spam', 'trash'];
export const emailLabels = ['personal', 'company', 'important', 'private'] as const;
export type EmailLabel = (typeof emailLabels)[number];

export const isEmailFolder = (v: unknown): v is EmailFolderFilter =>
  typeof v === 'string' && (emailFolders as readonly string[]).includes(v);
export const isStoredFolder = (v: unknown): v is EmailFolder =>
  typeof v === 'string' && (storedFolders as readonly string[]).includes(v);
export const isEmailLabel = (v: unknown): v is EmailLabel =>
  typeof v === 'string' && (emailLabels as readonly string[]).includes(v);

export interface EmailPerson {
  name: string;
  email: string;
}
export interface EmailSender extends EmailPerson {
  /** Avatar image URL; empty when the person has none (initials are shown). */
  avatar: string;
}
export interface EmailAttachment {
  fileName: string;
  /** Kind of file, drives the icon. */
  thumbnail: 'pdf' | 'image' | 'sheet' | 'doc' | 'text';
  url: string;
  size: string;
}
export interface Email {
  id: number;
  from: EmailSender;
  to: EmailPerson[];
  cc: EmailPerson[];
  bcc: EmailPerson[];
  subject: string;
  /** HTML */
  message: string;
  attachments: EmailAttachment[];
  isStarred: boolean;
  labels: EmailLabel[];
  /** ISO date-time */
  time: string;
  /** Earlier messages of the thread. */
  replies: Email[];
  folder: EmailFolder;
  isRead: boolean;
}
/** Sidebar counts: unread inbox, all drafts, unread spam. */
export interface EmailsMeta {
  inbox: number;
  draft: number;
  spam: number;
}
export interface EmailList {
  emails: Email[];
  emailsMeta: EmailsMeta;
}
export interface EmailQuery {
  q?: string;
  folder?: EmailFolderFilter;
  label?: EmailLabel;
}
/** Fields a list action may change. */
export type EmailUpdate = Partial<Pick<Email, 'isStarred' | 'isRead' | 'folder' | 'labels'>>;
export interface ComposeInput {
  to: EmailPerson[];
  cc: EmailPerson[];
  bcc: EmailPerson[];
  subject: string;
  /** HTML */
  message: string;
  /** `sent` (default) sends the mail; `draft` keeps it in Draft. */
  folder?: 'sent' | 'draft';
}

/** The fixed address book the compose form offers. */
export const emailContacts: EmailPerson[] = [
  { name: 'Jane Foster', email: 'jane.foster@example.com' },
  { name: 'Donna Frank', email: 'donna.frank@example.com' },
  { name: 'Gabrielle Robertson', email: 'gabrielle.robertson@example.com' },
  { name: 'Lori Spears', email: 'lori.spears@example.com' },
  { name: 'Sandy Vega', email: 'sandy.vega@example.com' },
  { name: 'Cheryl May', email: 'cheryl.may@example.com' },
];
