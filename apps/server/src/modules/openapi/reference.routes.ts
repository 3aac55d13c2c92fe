import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { languages, langOf, type Lang } from '../../platform/messages.js';
import { referenceText } from './reference.messages.js';

/**
 * `GET /api/reference` — the API reference: the OpenAPI document of `/api/openapi.json` shown by
 * Scalar API Reference, a page of its own outside the console's build. The viewer is the
 * library's prebuilt browser bundle (`dist/browser`, split in chunks it loads on demand), served
 * from the server's own dependencies under `/api/reference/viewer/` — no CDN, so it works on a
 * server without internet. The console shows this page in a frame (`/fiscus/api`), passing its
 * language and skin (`?lang=fr&skin=dark`, later changes by `postMessage`), and hears back the
 * page's state (`loading`, `ready`, `error`).
 *
 * Its Content-Security-Policy is the console's with one change: `frame-ancestors 'self'` instead
 * of `'none'`, so the console (same origin) may show it in a frame and no other site may.
 * Scripts still come from our origin only (the page's own script is `/api/reference/page.js`,
 * never inline), the viewer reaches no other origin (`connect-src 'self'`), and it needs no
 * `eval`.
 */

const viewerDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')),
  'browser',
);

/** The viewer's look that follows the console (the brand colour, the dark skin's surfaces). */
const CUSTOM_CSS = `
.generate-sdk-button { display: none !important; }
.light-mode { --scalar-color-accent: #4343d2; }
.dark-mode {
  --scalar-color-accent: #8888e2;
  --scalar-background-1: #283046;
  --scalar-background-2: #1e2539;
  --scalar-background-3: #323a50;
  --scalar-border-color: #3b4253;
  --scalar-color-1: #d0d2d6;
  --scalar-color-2: #b4b7bd;
  --scalar-color-3: #8d92a3;
}
.scalar-app, .scalar-api-reference {
  --scalar-font: Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}`;

/**
 * The page's own script: reads the look, fetches the document, loads the viewer and mounts it,
 * tells the console frame (if any) how it went, and follows later changes of the look.
 */
const PAGE_SCRIPT = `const root = document.documentElement;
const status = document.getElementById('reference-status');
const params = new URLSearchParams(location.search);
const framed = window.parent !== window;
let look = { dark: params.get('skin') === 'dark', lang: root.lang };
let app = null;
let doc = null;

function tell(state, reason) {
  root.dataset.state = state;
  if (framed) window.parent.postMessage({ type: 'fiscus-reference', state, reason }, location.origin);
}

function config() {
  return {
    content: doc,
    localization: { locale: look.lang },
    // The document's own examples only (curl and the typed client), and no request tool: requests
    // go to /api/qry with the op in the body, which requests made for the path /api/qry#<op> miss.
    hiddenClients: true,
    hideClientButton: true,
    hideTestRequestButton: true,
    hideDarkModeToggle: true,
    forceDarkModeState: look.dark ? 'dark' : 'light',
    darkMode: look.dark,
    withDefaultFonts: false,
    showSidebar: true,
    showOperationId: true,
    layout: 'modern',
    documentDownloadType: 'none',
    persistAuth: false,
    telemetry: false,
    setPageTitle: false,
    mcp: { disabled: true },
    agent: { disabled: true },
    customCss: ${JSON.stringify(CUSTOM_CSS)},
  };
}

function fail(reason) {
  status.textContent = root.dataset[reason === 'document' ? 'failedDocument' : 'failedViewer'];
  status.setAttribute('role', 'alert');
  tell('error', reason);
}

window.addEventListener('message', (event) => {
  if (event.origin !== location.origin || event.source !== window.parent) return;
  const data = event.data;
  if (!data || data.type !== 'fiscus-reference-look') return;
  look = { dark: data.dark === true, lang: typeof data.lang === 'string' ? data.lang : look.lang };
  root.lang = look.lang;
  if (!app) return;
  app.updateConfiguration(config());
  // The viewer reads its forced mode at start only; its styles follow these classes.
  document.body.classList.toggle('dark-mode', look.dark);
  document.body.classList.toggle('light-mode', !look.dark);
  document.querySelector('meta[name="color-scheme"]').content = look.dark ? 'dark' : 'light';
});

async function start() {
  tell('loading');
  try {
    const res = await fetch('openapi.json', { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error('HTTP ' + res.status);
    doc = await res.json();
  } catch (err) {
    console.error('The API description could not be had', err);
    return fail('document');
  }
  let viewer;
  try {
    viewer = await import('./viewer/standalone.esm.js');
  } catch (err) {
    console.error('The reference viewer did not load', err);
    return fail('viewer');
  }
  app = viewer.createApiReference('#reference', config());
  status.hidden = true;
  tell('ready');
}

start();
`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function pageHtml(lang: Lang, dark: boolean): string {
  const t = (key: Parameters<typeof referenceText>[1]) => escapeHtml(referenceText(lang, key));
  return `<!doctype html>
<html lang="${lang}" data-state="loading" data-failed-document="${t('reference.failed_document')}" data-failed-viewer="${t('reference.failed_viewer')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="${dark ? 'dark' : 'light'}">
<title>${t('reference.title')}</title>
<style>
html, body { margin: 0; background: ${dark ? '#283046' : '#ffffff'}; color: ${dark ? '#d0d2d6' : '#444050'}; }
#reference-status { font: 14px/1.5 Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; padding: 24px; }
</style>
<script type="module" src="reference/page.js"></script>
</head>
<body>
<div id="reference-status" role="status">${t('reference.loading')}</div>
<div id="reference"></div>
</body>
</html>
`;
}

export const referenceRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { lang?: string; skin?: string } }>(
    '/api/reference',
    async (request, reply) => {
      const asked = typeof request.query.lang === 'string' ? request.query.lang : '';
      const lang = (languages as readonly string[]).includes(asked)
        ? (asked as Lang)
        : langOf(request);
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      return reply
        .header(
          'content-security-policy',
          csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
        )
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(pageHtml(lang, request.query.skin === 'dark'));
    },
  );

  app.get('/api/reference/page.js', async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/javascript; charset=utf-8')
      .send(PAGE_SCRIPT),
  );

  // The viewer's prebuilt bundle: its scripts only (no source maps); the chunks' names carry
  // their content's hash, so they are cached for good; the entry is revalidated.
  await app.register(fastifyStatic, {
    root: viewerDir,
    prefix: '/api/reference/viewer/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    allowedPath: (pathName) => pathName.endsWith('.js'),
    setHeaders(res, filePath) {
      res.setHeader(
        'Cache-Control',
        filePath.includes(`${path.sep}chunks${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
};
