import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config/index.js';
import { isoNow } from './clock.js';
import { newId } from './ids.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Where mails go: `smtp` or the outbox folder. */
  readonly target: string;
  send(mail: Mail): Promise<void>;
}

/**
 * With `SMTP_URL` mails go out over SMTP. Without it each mail is written to
 * `DATA_DIR/outbox/<time>-<id>.json` (nodemailer's JSON form: from, to, subject, text, html),
 * so development and tests can read the links in them.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.smtpUrl);
    return {
      target: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
        log.info({ subject: mail.subject }, 'mail sent');
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    target: outbox,
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${isoNow().replace(/[:.]/g, '-')}-${newId().slice(0, 8)}.json`,
      );
      const message = JSON.parse(String(info.message)) as Record<string, unknown>;
      await writeFile(file, `${JSON.stringify({ date: isoNow(), ...message }, null, 2)}\n`, {
        mode: 0o600,
      });
      log.info({ subject: mail.subject, file: path.basename(file) }, 'mail written to the outbox');
    },
  };
}
