import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { errorEnvelopeSchema, healthSchema } from '@fiscus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from './test/helpers.js';

describe('server skeleton', () => {
  let ctx: Awaited<ReturnType<typeof makeTestApp>>;
  const webDist = mkdtempSync(path.join(tmpdir(), 'fiscus-web-'));
  const bigScript = `export const rows = [${Array.from({ length: 500 }, (_, i) => `'row ${i}'`).join(',')}];`;

  beforeAll(async () => {
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Fiscus</title><div id="root"></div>',
    );
    writeFileSync(path.join(webDist, 'assets', 'app-abc.js'), 'console.log(1)');
    // A hashed asset with the brotli and gzip copies the console's build writes beside it
    // (apps/web/scripts/precompress.mjs).
    writeFileSync(path.join(webDist, 'assets', 'chunk-def.js'), bigScript);
    writeFileSync(path.join(webDist, 'assets', 'chunk-def.js.br'), brotliCompressSync(bigScript));
    writeFileSync(path.join(webDist, 'assets', 'chunk-def.js.gz'), gzipSync(bigScript));
    ctx = await makeTestApp({ webDist });
  });
  afterAll(async () => ctx.cleanup());

  it('answers health with the database kind', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = healthSchema.parse(res.json());
    expect(['sqlite', 'postgres']).toContain(body.database);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('sends a strict CSP without inline script and the usual security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with a JSON 404 envelope in the caller language', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(404);
    const body = errorEnvelopeSchema.parse(res.json());
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toContain('API-Endpunkt');
    const get = await ctx.app.inject({ method: 'GET', url: '/api/also-nope' });
    expect(get.statusCode).toBe(404);
    expect(get.headers['content-type']).toContain('application/json');
  });

  it('serves index.html for unknown console paths (history fallback)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/fiscus/objects?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long cache and 404s missing assets without HTML', async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toContain('immutable');
    const missing = await ctx.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toContain('text/html');
  });

  it('sends hashed assets compressed as the client accepts (brotli, gzip, plain), cached as immutable', async () => {
    const url = '/assets/chunk-def.js';
    const br = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['vary']).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);

    const gz = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toContain('Accept-Encoding');
    expect(gz.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);

    const plain = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);

    // The copies are no files of their own.
    const copy = await ctx.app.inject({ method: 'GET', url: `${url}.br` });
    expect(copy.statusCode).toBe(404);
  });

  it('sends index.html compressed and revalidated on every load (no-cache), never immutable', async () => {
    for (const url of ['/', '/dashboard/fiscus']) {
      const br = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toContain('Accept-Encoding');
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<div id="root">');
      const gz = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, br;q=0' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toContain('<div id="root">');
    }
    const plain = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
  });

  it('answers a malformed JSON body with 400, never 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
