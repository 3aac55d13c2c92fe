import { errorEnvelopeSchema } from '@fiscus/contracts';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../test/helpers.js';

/** Sends raw bytes to the listening app and answers everything it gets back until it closes. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // The server may close while we still write a huge header; what it sent counts.
      if (err.code === 'ECONNRESET' || err.code === 'EPIPE')
        resolve(Buffer.concat(chunks).toString('utf8'));
      else reject(err);
    });
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(request);
  });
}

function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [
      l.slice(0, l.indexOf(':')).toLowerCase(),
      l.slice(l.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('what the HTTP parser refuses answers in the error envelope', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let port: number;
  beforeAll(async () => {
    t = await makeTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.cleanup());

  it('an oversized header: 431 with code, message in the caller language and request id', async () => {
    const answer = parse(
      await raw(
        port,
        'GET /api/health HTTP/1.1\r\nHost: localhost\r\nAccept-Language: de\r\n' +
          `X-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      ),
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    const { error } = errorEnvelopeSchema.parse(JSON.parse(answer.body));
    expect(error).toMatchObject({
      code: 'headers_too_large',
      message: 'Die Kopfzeilen der Anfrage sind zu groß.',
    });
    expect(error.requestId).toBe(answer.headers['x-request-id']);
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  });

  it('a malformed request: 400 bad_request', async () => {
    const answer = parse(
      await raw(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n'),
    );
    expect(answer.status).toBe(400);
    expect(errorEnvelopeSchema.parse(JSON.parse(answer.body)).error).toMatchObject({
      code: 'bad_request',
      message: 'The request could not be read.',
    });
  });

  it('the server goes on answering', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
