/**
 * The import boundaries of docs/architecture.md are enforced by ESLint; this runs the real
 * configuration on small files with forbidden imports and checks that each one is refused
 * (and that the allowed way of doing the same is not). Switching a rule off fails it.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tag = `lint-fixture-${process.pid}`;
const made: string[] = [];

/** Writes a file into the real tree (removed after the run); the zones are computed from it. */
function put(rel: string, text: string) {
  const dir = path.join(root, path.dirname(rel));
  if (!existsSync(dir)) {
    // Remember the outermost folder this run creates, so that it goes away again.
    let first = dir;
    while (!existsSync(path.dirname(first))) first = path.dirname(first);
    made.push(first);
    mkdirSync(dir, { recursive: true });
  }
  writeFileSync(path.join(root, rel), text);
}

let eslint: ESLint;

/** The rule ids ESLint reports for `code` as if it were the file `rel`. */
async function lint(rel: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, rel) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

/** A real source file of a console feature (its layout changes; its existence does not). */
function fileOf(feature: string): string {
  const dir = path.join(root, 'apps/web/src/features', feature);
  const walk = (d: string): string | undefined => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        const found = walk(p);
        if (found) return found;
      } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) return p;
    }
    return undefined;
  };
  const file = walk(dir);
  if (!file) throw new Error(`no source file in feature ${feature}`);
  return '@/' + path.relative(path.join(root, 'apps/web/src'), file).replace(/\.tsx?$/, '');
}

const SERVER = 'apps/server/src';
const RESTRICTED = 'import-x/no-restricted-paths';

beforeAll(() => {
  // Two server modules that import each other through their indexes: a cycle.
  put(
    `${SERVER}/modules/${tag}-a/index.ts`,
    `import { b } from '../${tag}-b/index.js';\nexport const a = () => b;\n`,
  );
  put(
    `${SERVER}/modules/${tag}-b/index.ts`,
    `import { a } from '../${tag}-a/index.js';\nexport const b = () => a;\n`,
  );
  // Two demo areas (features/demo/<f> is a feature like features/<f>).
  put(`apps/web/src/features/demo/${tag}-a/index.ts`, `export const a = 1;\n`);
  put(`apps/web/src/features/demo/${tag}-b/index.ts`, `export const b = 2;\n`);
  eslint = new ESLint({ cwd: root });
}, 60_000);

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('server boundaries', () => {
  it('refuse a module reaching into another module, and allow its index', async () => {
    const file = `${SERVER}/modules/exports/${tag}.ts`;
    expect(
      await lint(
        file,
        `import { storeFile } from '../files/files.storage.js';\nexport const x = storeFile;\n`,
      ),
    ).toEqual([RESTRICTED]);
    expect(
      await lint(
        file,
        `import { storeFile } from '../files/index.js';\nexport const x = storeFile;\n`,
      ),
    ).toEqual([]);
  });

  it("keep the auth service to auth: other modules use its index's exports", async () => {
    const file = `${SERVER}/modules/domains/${tag}.ts`;
    const head = `import type { FastifyInstance } from 'fastify';\n`;
    expect(
      await lint(
        file,
        `${head}export const x = (app: FastifyInstance) => app.authService.liveRole('u', 'd', 's');\n`,
      ),
    ).toEqual(['no-restricted-syntax']);
    expect(
      await lint(
        file,
        `${head}import { liveRole } from '../auth/index.js';\nexport const x = (app: FastifyInstance) => liveRole(app, { userId: 'u', domainId: 'd', sessionId: 's' });\n`,
      ),
    ).toEqual([]);
    expect(
      await lint(
        `${SERVER}/modules/auth/${tag}.ts`,
        `${head}export const x = (app: FastifyInstance) => app.authService.liveRole('u', 'd', 's');\n`,
      ),
    ).toEqual([]);
  });

  it('name every translator after its catalogue', async () => {
    const file = `${SERVER}/modules/records/${tag}.ts`;
    const head = `import { defineMessages } from '../../platform/messages.js';\nconst en = { 'x.y': 'z' };\n`;
    const define = (name: string) =>
      `${head}export const ${name} = defineMessages({ en, de: en, fr: en, pt: en, ru: en });\n`;
    expect(await lint(file, define('rt'))).toEqual(['no-restricted-syntax']);
    expect(await lint(file, define('recordsText'))).toEqual([]);
  });

  it('refuse a cycle between modules', async () => {
    const file = `${SERVER}/modules/${tag}-a/index.ts`;
    expect(
      await lint(file, `import { b } from '../${tag}-b/index.js';\nexport const a = () => b;\n`),
    ).toEqual(['import-x/no-cycle']);
  });

  it('keep the kernel free of modules, plugins and the app', async () => {
    const file = `${SERVER}/platform/${tag}.ts`;
    expect(await lint(file, `export { recordsOps } from '../modules/records/index.js';\n`)).toEqual(
      [RESTRICTED],
    );
    expect(await lint(file, `export { errorsPlugin } from '../plugins/errors.js';\n`)).toEqual([
      RESTRICTED,
    ]);
    expect(await lint(file, `export { isoNow } from '../lib/clock.js';\n`)).toEqual([]);
  });

  it('keep lib/ below the kernel and modules off the app', async () => {
    expect(
      await lint(`${SERVER}/lib/${tag}.ts`, `export { loadObject } from '../platform/meta.js';\n`),
    ).toEqual([RESTRICTED]);
    expect(
      await lint(
        `${SERVER}/modules/records/${tag}.ts`,
        `export { errorsPlugin } from '../../plugins/errors.js';\n`,
      ),
    ).toEqual([RESTRICTED]);
  });
});

describe('console boundaries', () => {
  it('refuse a feature importing another feature, through @/ or a relative path', async () => {
    const other = fileOf('platform');
    expect(
      await lint(`apps/web/src/features/imports/${tag}.ts`, `export * from '${other}';\n`),
    ).toEqual([RESTRICTED]);
    expect(
      await lint(
        `apps/web/src/features/imports/${tag}.ts`,
        `export * from '../platform/${other.split('/features/platform/')[1]}';\n`,
      ),
    ).toEqual([RESTRICTED]);
    expect(
      await lint(`apps/web/src/features/platform/${tag}.ts`, `export * from '${other}';\n`),
    ).toEqual([]);
  });

  it('keep the demo areas apart from each other and from the product', async () => {
    const invoice = fileOf('demo/invoice');
    const inUsers = `apps/web/src/features/demo/users/${tag}.ts`;
    // One demo area reaching into another, by @/ or by a relative path.
    expect(await lint(inUsers, `export * from '${invoice}';\n`)).toEqual([RESTRICTED]);
    expect(
      await lint(
        inUsers,
        `export * from '../invoice/${invoice.split('/features/demo/invoice/')[1]}';\n`,
      ),
    ).toEqual([RESTRICTED]);
    // A demo area using a product feature, and the product using a demo area.
    expect(await lint(inUsers, `export * from '${fileOf('platform')}';\n`)).toEqual([RESTRICTED]);
    expect(
      await lint(`apps/web/src/features/platform/${tag}.ts`, `export * from '${invoice}';\n`),
    ).toEqual([RESTRICTED]);
    // Shared code never imports a demo area; a demo area's own files import each other freely.
    expect(
      await lint(`apps/web/src/components/${tag}.ts`, `export * from '${invoice}';\n`),
    ).toEqual([RESTRICTED]);
    expect(
      await lint(`apps/web/src/features/demo/invoice/${tag}.ts`, `export * from '${invoice}';\n`),
    ).toEqual([]);
  });

  it('treat a new demo area as a feature of its own', async () => {
    const file = `apps/web/src/features/demo/${tag}-a/${tag}.ts`;
    expect(await lint(file, `export { b } from '../${tag}-b/index';\n`)).toEqual([RESTRICTED]);
    expect(await lint(file, `export * from '${fileOf('demo/invoice')}';\n`)).toEqual([RESTRICTED]);
    expect(await lint(file, `export { a } from './index';\n`)).toEqual([]);
  });

  it('keep components/ and lib/ off features and app/, and features off app/', async () => {
    const feature = fileOf('platform');
    expect(
      await lint(`apps/web/src/components/${tag}.ts`, `export * from '${feature}';\n`),
    ).toEqual([RESTRICTED]);
    expect(
      await lint(`apps/web/src/lib/${tag}.ts`, `export { routes } from '@/app/routes-table';\n`),
    ).toEqual([RESTRICTED]);
    expect(
      await lint(
        `apps/web/src/features/demo/users/${tag}.ts`,
        `export { routes } from '@/app/routes-table';\n`,
      ),
    ).toEqual([RESTRICTED]);
  });

  it("send the console's address through useAddressParams, not React Router's own setter", async () => {
    const file = `apps/web/src/features/platform/${tag}.ts`;
    expect(await lint(file, `export { useSearchParams } from 'react-router';\n`)).toEqual([
      'no-restricted-imports',
    ]);
    expect(
      await lint(file, `export { useAddressParams } from '@/lib/use-address-params';\n`),
    ).toEqual([]);
  });

  it('resolve @/ paths (an unknown one is an error, not silently allowed)', async () => {
    expect(
      await lint(`apps/web/src/lib/${tag}.ts`, `export * from '@/lib/no-such-module';\n`),
    ).toEqual(['import-x/no-unresolved']);
  });
});

describe('workspace boundaries', () => {
  it('keep the contracts free of our code and the apps apart', async () => {
    expect(
      await lint(
        `packages/contracts/src/${tag}.ts`,
        `export * from '../../../apps/server/src/lib/clock.js';\n`,
      ),
    ).toEqual([RESTRICTED]);
    expect(
      await lint(`apps/web/src/lib/${tag}.ts`, `export * from '../../../server/src/lib/clock';\n`),
    ).toEqual([RESTRICTED]);
    expect(
      await lint(`${SERVER}/lib/${tag}.ts`, `export * from '../../../web/src/lib/config';\n`),
    ).toEqual([RESTRICTED]);
  });
});
