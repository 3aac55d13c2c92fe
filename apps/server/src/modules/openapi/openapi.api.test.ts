import { Validator } from '@seriousme/openapi-schema-validator';
import { platformOps } from '@fiscus/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../../test/helpers.js';

type Json = Record<string, unknown>;

/** Every `$ref` anywhere in the document. */
function refsOf(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) refsOf(x, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && typeof x === 'string') out.push(x);
      else refsOf(x, out);
    }
  return out;
}

describe('GET /api/openapi.json', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let doc: Json;
  beforeAll(async () => {
    t = await makeTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    doc = res.json();
  });
  afterAll(async () => t.cleanup());

  it('is a valid OpenAPI 3.1 document whose every reference resolves', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    const schemas = (doc.components as { schemas: Json }).schemas;
    const missing = refsOf(doc).filter(
      (r) => !r.startsWith('#/components/schemas/') || !(r.slice(21) in schemas),
    );
    expect(missing).toEqual([]);
  });

  it('has every op of the contracts as an operation with its input and answer schemas', () => {
    const paths = doc.paths as Record<string, { post?: Json }>;
    const schemas = (doc.components as { schemas: Json }).schemas;
    const names = Object.keys(platformOps);
    expect(names.length).toBeGreaterThan(100);
    for (const name of names) {
      const op = paths[`/api/qry#${name}`]?.post;
      expect(op, name).toBeDefined();
      expect(op?.operationId).toBe(name);
      const body = (op?.requestBody as Json).content as Record<string, { schema: Json }>;
      const [opPart, input] = body['application/json']?.schema.allOf as Json[];
      expect(opPart).toEqual({
        type: 'object',
        properties: { op: { const: name } },
        required: ['op'],
      });
      expect(
        (input?.$ref as string) in schemas || (input?.$ref as string).slice(21) in schemas,
      ).toBe(true);
      const ok = ((op?.responses as Json)['200'] as Json).content as Record<
        string,
        { schema: { properties: { data: Json } } }
      >;
      const answer = ok['application/json']?.schema.properties.data.$ref as string;
      expect(answer.slice(21) in schemas, name).toBe(true);
      const samples = op?.['x-codeSamples'] as { label: string; source: string }[];
      expect(samples.map((s) => s.label)).toEqual(['curl', 'TypeScript (@fiscus/client)']);
      expect(samples[0]?.source).toContain(`"op":"${name}"`);
      expect(samples[1]?.source).toContain(`client.op('${name}'`);
    }
    // Operation ids are unique across the document.
    const ids = Object.values(paths).flatMap((p) =>
      Object.values(p).map((o) => (o as Json).operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('holds JSON Schemas (draft 2020-12) that accept and refuse inputs as the contracts do', () => {
    const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
    const base = 'https://fiscus.invalid/openapi';
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    // Checks every schema against the 2020-12 meta-schema as it is added.
    ajv.addSchema({
      $id: base,
      $defs: JSON.parse(JSON.stringify(schemas).replaceAll('#/components/schemas/', '#/$defs/')),
    });
    for (const name of Object.keys(schemas))
      ajv.compile({ $ref: `${base}#/$defs/${encodeURIComponent(name)}` });
    const cases: [keyof typeof platformOps, Json][] = [
      ['records.list', { objectId: 'o1', limit: 50 }],
      ['records.list', {}],
      ['records.list', { objectId: 'o1', limit: 5000 }],
      ['records.list', { objectId: 'o1', filter: { isactive: true } }],
      ['tokens.create', { name: 'ERP', scope: 'read', expiresInDays: 30 }],
      ['tokens.create', { name: 'ERP', scope: 'admin', expiresInDays: null }],
      ['tokens.create', { name: 'ERP', scope: 'write' }],
      ['records.delete', { objectId: 'o1', ids: ['r1'] }],
      ['records.delete', { objectId: 'o1', ids: 'r1' }],
    ];
    for (const [name, input] of cases) {
      const op = (doc.paths as Record<string, { post: Json }>)[`/api/qry#${name}`]?.post;
      const content = (op?.requestBody as Json).content as Record<string, { schema: Json }>;
      const schema = JSON.parse(
        JSON.stringify(content['application/json']?.schema).replaceAll(
          '#/components/schemas/',
          `${base}#/$defs/`,
        ),
      );
      const valid = ajv.validate(schema, { op: name, ...input });
      const byContract = platformOps[name].input.safeParse(input).success;
      expect({ name, input, valid }).toEqual({ name, input, valid: byContract });
    }
  });

  it('describes the inputs as the contracts check them', () => {
    const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
    const list = schemas['records.list.input'] as {
      properties: Record<string, Json>;
      required: string[];
    };
    expect(list.required).toEqual(['objectId']);
    expect(list.properties.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000 });
    const create = schemas['tokens.create.input'] as { properties: Record<string, Json> };
    expect(create.properties.scope).toMatchObject({ enum: ['read', 'write'] });
  });

  it('has the sign-in endpoints, uploads and bearer auth with access and API tokens', () => {
    const paths = doc.paths as Record<string, Record<string, Json>>;
    for (const p of [
      '/api/login',
      '/api/register',
      '/api/second-factor',
      '/jwt/refresh-token',
      '/api/logout',
      '/api/whoami',
      '/api/forgot',
      '/api/forgot-set-new',
      '/api/changepassword',
      '/api/upload',
      '/api/uploadchunk',
      '/api/download',
      '/api/qry',
    ])
      expect(paths[p]?.post, p).toBeDefined();
    expect(paths['/api/login']?.post?.security).toEqual([]);
    expect(paths['/api/upload']?.post?.security).toEqual([{ bearer: [] }]);
    const upload = (paths['/api/upload']?.post?.requestBody as Json).content as Json;
    expect(Object.keys(upload)).toEqual(['multipart/form-data']);
    const bearer = (doc.components as { securitySchemes: Record<string, Json> }).securitySchemes
      .bearer;
    expect(bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(String(bearer?.description)).toContain('API token');
    expect((doc.info as Json).description).toContain('fst_');
  });

  it('is served without a token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.1.0');
  });
});
