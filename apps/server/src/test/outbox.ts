import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A mail as the outbox mailer writes it (no SMTP_URL): nodemailer's JSON form. */
export interface OutboxMail {
  to: { address: string }[];
  subject: string;
  text: string;
  html: string;
}

/** Every mail in `DATA_DIR/outbox`, oldest first. */
export function outboxMails(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  try {
    return readdirSync(dir)
      .sort()
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxMail);
  } catch {
    return [];
  }
}

export function mailsTo(dataDir: string, email: string): OutboxMail[] {
  return outboxMails(dataDir).filter((m) => m.to.some((t) => t.address === email));
}
