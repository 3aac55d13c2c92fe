import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorEnvelopeSchema, healthSchema } from '@fiscus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from './test/helpers.js';

describe('server skeleton', () => {
  let ctx: Awaited<ReturnType<typeof makeTestApp>>;
  const webDist = mkdtempSync(path.join(tmpdir(), 'fiscus-web-'));

  beforeAll(async () => {
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Fiscus</title><div id="root"></div>',
    );
    writeFileSync(path.join(webDist, 'assets', 'app-abc.js'), 'console.log(1)');
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
