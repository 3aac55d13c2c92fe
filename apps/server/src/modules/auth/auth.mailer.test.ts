import { existsSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, registerUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';

/** The smallest SMTP server that accepts mail: enough to see what the server sends. */
function fakeSmtp(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith('EHLO') || line.startsWith('HELO')) socket.write('250 fake\r\n');
        else if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, messages }),
    ),
  );
}

describe('mail over SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  let ctx: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    smtp = await fakeSmtp();
    ctx = await makeTestApp({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mailFrom: 'Fiscus <fiscus@example.org>',
      allowedHosts: ['console.example.org'],
    });
  });
  afterAll(async () => {
    await ctx.cleanup();
    smtp.server.close();
  });

  it('sends the reset mail through the SMTP server, not to the outbox', async () => {
    const u = await registerUser(ctx.app);
    const res = await post(
      ctx.app,
      '/api/forgot',
      { email: u.email },
      { host: 'console.example.org' },
    );
    expect(res.json()).toEqual({ ok: true });
    const end = performance.now() + 5000;
    while (smtp.messages.length === 0 && performance.now() < end) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(smtp.messages).toHaveLength(1);
    const raw = smtp.messages[0]!.replace(/=\r\n/g, '');
    expect(raw).toContain(`To: ${u.email}`);
    expect(raw).toContain('From: Fiscus <fiscus@example.org>');
    expect(raw).toContain('Subject: Reset your Fiscus password');
    // Without PUBLIC_URL the link points at the (allowed) address the request came to.
    expect(raw).toMatch(
      /http:\/\/console\.example\.org\/forgot-password-set-new\?token=3D[\w-]{43}/,
    );
    expect(ctx.app.mailer.target).toBe('smtp');
    expect(existsSync(path.join(ctx.config.dataDir, 'outbox'))).toBe(false);
  });
});
