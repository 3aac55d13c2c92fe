import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../../test/helpers.js';

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: unknown): Map<string, string> {
  return new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(' ')[0]!, d.slice(d.indexOf(' ') + 1)] as const),
  );
}

describe('GET /api/reference', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t.cleanup());

  it('is a page in the language asked for, with the policy of the console but framable by it alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reference?lang=de&skin=dark' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="de"');
    expect(res.body).toContain('API-Referenz wird geladen…');
    expect(res.body).toContain('<meta name="color-scheme" content="dark">');
    expect(res.body).toContain('<script type="module" src="reference/page.js"></script>');
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

    const page = directives(res.headers['content-security-policy']);
    expect(page.get('frame-ancestors')).toBe("'self'");
    expect(page.get('script-src')).toBe("'self'");
    expect(page.get('connect-src')).toBe("'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');

    // The console and every other answer keep a policy no site may frame.
    const other = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const console = directives(other.headers['content-security-policy']);
    expect(console.get('frame-ancestors')).toBe("'none'");
    page.delete('frame-ancestors');
    console.delete('frame-ancestors');
    expect(page).toEqual(console);
  });

  it('follows Accept-Language when no language is asked for, and refuses none', async () => {
    const fr = await t.app.inject({
      method: 'GET',
      url: '/api/reference?lang=xx',
      headers: { 'accept-language': 'fr-CH, fr;q=0.9' },
    });
    expect(fr.statusCode).toBe(200);
    expect(fr.body).toContain('<html lang="fr"');
    expect(fr.body).toContain('Chargement de la référence de l’API…');
    expect(fr.body).toContain('<meta name="color-scheme" content="light">');
  });

  it('serves its script and the viewer’s prebuilt bundle from the server, not its source maps', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/api/reference/page.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain("import('./viewer/standalone.esm.js')");

    const viewer = await t.app.inject({
      method: 'GET',
      url: '/api/reference/viewer/standalone.esm.js',
    });
    expect(viewer.statusCode).toBe(200);
    expect(viewer.headers['content-type']).toContain('javascript');
    expect(viewer.headers['cache-control']).toBe('no-cache');
    expect(viewer.body).toContain('createApiReference');
    const chunk = /from"\.\/(chunks\/[^"]+\.js)"/.exec(viewer.body)?.[1];
    expect(chunk).toBeTruthy();
    const chunkRes = await t.app.inject({ method: 'GET', url: `/api/reference/viewer/${chunk}` });
    expect(chunkRes.statusCode).toBe(200);
    expect(chunkRes.headers['cache-control']).toContain('immutable');

    for (const url of [
      '/api/reference/viewer/standalone.esm.js.map',
      '/api/reference/viewer/../../package.json',
      '/api/reference/viewer/%2e%2e/%2e%2e/package.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});
