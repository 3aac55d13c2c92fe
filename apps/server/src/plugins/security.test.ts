import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.js';
import { helmetOptionsWith, securityHeaders } from './security.js';

const overrides = {
  dataDir: mkdtempSync(path.join(os.tmpdir(), 'fiscus-csp-')),
  jwtSecret: 'x'.repeat(32),
  secretsKey: Buffer.alloc(32, 1),
};

const csp = (imgSources?: string[]) =>
  securityHeaders(helmetOptionsWith(imgSources))['content-security-policy']!;

describe('Content-Security-Policy image sources', () => {
  it('allows images from our origin only, unless origins are configured', () => {
    expect(csp()).toContain("img-src 'self' data: blob:;");
    expect(csp(['https://tile.example.org', 'https://*.tiles.example.net:8443'])).toContain(
      "img-src 'self' data: blob: https://tile.example.org https://*.tiles.example.net:8443;",
    );
    expect(csp(['https://tile.example.org'])).toContain("script-src 'self';");
  });

  it('reads CSP_IMG_SOURCES as origins and refuses anything else, naming the setting', () => {
    const config = loadConfig(
      { NODE_ENV: 'test', CSP_IMG_SOURCES: 'https://a.example.org, https://*.b.example.org:8443' },
      overrides,
    );
    expect(config.cspImgSources).toEqual(['https://a.example.org', 'https://*.b.example.org:8443']);
    for (const bad of ["https://a.example.org; script-src 'unsafe-inline'", 'javascript:1', '*']) {
      expect(() => loadConfig({ NODE_ENV: 'test', CSP_IMG_SOURCES: bad }, overrides)).toThrow(
        /CSP_IMG_SOURCES: ".+" is not an origin like https:\/\/tile\.example\.org/,
      );
    }
  });
});
