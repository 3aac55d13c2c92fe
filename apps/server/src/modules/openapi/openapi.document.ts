import {
  changePasswordAnswerSchema,
  changePasswordBodySchema,
  downloadInput,
  errorEnvelopeSchema,
  FILE_LIMITS,
  filterNodeSchema,
  forgotBodySchema,
  forgotSetNewBodySchema,
  healthSchema,
  loginAnswerSchema,
  loginBodySchema,
  logoutBodySchema,
  okSchema,
  platformOps,
  readySchema,
  refreshAnswerSchema,
  refreshBodySchema,
  registerBodySchema,
  secondFactorAnswerSchema,
  secondFactorBodySchema,
  signedInSchema,
  uploadChunkFields,
  uploadChunkOutput,
  uploadOutput,
  whoamiAnswerSchema,
  whoamiBodySchema,
  type PlatformOpName,
} from '@fiscus/contracts';
import { z } from 'zod';

/**
 * The OpenAPI 3.1 document of the API, made from the contracts' zod schemas (zod's own JSON
 * Schema conversion, draft 2020-12 — the dialect of OpenAPI 3.1). Every op of `POST /api/qry`
 * is an operation of its own under the path `/api/qry#<op>`: OpenAPI keys operations by path and
 * method, and a fragment is never sent, so the path is the real endpoint while each op keeps its
 * own input and answer schemas; the body carries `op` as on the wire.
 */

type Json = Record<string, unknown>;

/** Components are named after the op or endpoint (dots and dashes are allowed in names). */
const REF = '#/components/schemas/';

interface Endpoint {
  path: string;
  method: 'get' | 'post';
  id: string;
  tag: string;
  summary: string;
  description: string;
  /** False: no bearer token needed. */
  auth: boolean;
  body?: z.ZodType;
  answer?: z.ZodType;
}

const TAGS: Record<string, string> = {
  auth: 'Sign-in, token refresh, sign-out, two-step verification and passwords.',
  files: 'Uploads (one request or in chunks, resumable) and downloads.',
  qry: 'The generic endpoint: one op or a batch of ops in one request.',
  health: 'Liveness and readiness probes.',
  domains: 'Domains (tenants) of the caller and switching between them.',
  members: 'Members of the current domain and their roles.',
  objects: 'Objects: the tables of the domain (definitions).',
  fields: 'Fields of objects (columns, types, rules).',
  records: 'Records of objects: lists, counts, groups, writes, history, exports.',
  views: 'Saved views of record lists.',
  tables: 'The tables the caller may read.',
  imports: 'Imports of CSV and XLSX files into objects.',
  exports: 'Export jobs of record lists.',
  account: 'The caller’s own account.',
  ribbon: 'The notification ribbon.',
  events: 'Tickets for the live event stream.',
  jobs: 'Long-running jobs of the caller.',
  expressions: 'Checks of formula expressions.',
  procedures: 'Procedures: scripted steps over records, and their runs.',
  actions: 'Buttons that run procedures on records.',
  cubes: 'Cubes: multidimensional views over records, queries and writes into cells.',
  datasources: 'External databases (connection details for mounts).',
  reports: 'Report definitions and generated reports.',
  mounts: 'Tables of external databases mounted as objects.',
  tokens: 'API tokens of the caller (for scripts and other systems).',
};

/** A body that satisfies the schema's required parts, to show in examples. */
function exampleOf(schema: unknown, defs: Json, depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 6) return null;
  const s = schema as Json;
  if (typeof s.$ref === 'string') {
    const target = defs[s.$ref.slice(REF.length)];
    return exampleOf(target, defs, depth + 1);
  }
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.default !== undefined) return s.default;
  for (const k of ['anyOf', 'oneOf'] as const)
    if (Array.isArray(s[k])) return exampleOf((s[k] as unknown[])[0], defs, depth + 1);
  if (Array.isArray(s.allOf)) {
    return Object.assign(
      {},
      ...(s.allOf as unknown[]).map((x) => exampleOf(x, defs, depth + 1) as Json),
    );
  }
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const props = (s.properties ?? {}) as Json;
      const required = (s.required ?? []) as string[];
      const out: Json = {};
      for (const k of required) out[k] = exampleOf(props[k], defs, depth + 1);
      return out;
    }
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 0;
      return min > 0 ? [exampleOf(s.items, defs, depth + 1)] : [];
    }
    case 'string':
      return s.format === 'date' ? '2026-01-31' : 'string';
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/**
 * Converts the named schemas with zod: one registry per direction (`input` with defaults
 * optional, `output` as the server sends them). Schemas zod pulls out of several places (a
 * recursive filter) become components `<prefix>.shared.<n>`; `$id` and `$schema` are dropped
 * (the document is one resource).
 */
function convert(named: Map<z.ZodType, string>, io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of named) registry.add(schema, { id });
  const shared = `${io}.shared.`;
  const result = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    uri: (id) => `${REF}${id}`,
  });
  const out: Record<string, Json> = {};
  const fix = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(fix);
    if (!v || typeof v !== 'object') return v;
    const o: Json = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === '$id' || k === '$schema') continue;
      if (k === '$ref' && typeof x === 'string') {
        const m = /^#\/components\/schemas\/__shared#\/\$defs\/(.+)$/.exec(x);
        o.$ref = m ? `${REF}${shared}${m[1]}` : x.replace(/^#\/\$defs\//, `${REF}${shared}`);
        continue;
      }
      o[k] = fix(x);
    }
    return o;
  };
  for (const [id, schema] of Object.entries(result.schemas)) {
    if (id === '__shared') {
      const defs = ((schema as Json).$defs ?? {}) as Record<string, unknown>;
      for (const [d, s] of Object.entries(defs)) out[`${shared}${d}`] = fix(s) as Json;
      continue;
    }
    out[id] = fix(schema) as Json;
  }
  return out;
}

const errorRef = { $ref: `${REF}ErrorEnvelope` };

function errorResponses(auth: boolean): Json {
  const e = (description: string) => ({
    description,
    content: { 'application/json': { schema: errorRef } },
  });
  return {
    '400': e('The input breaks a rule: `validation_failed` names each field and its rule.'),
    ...(auth
      ? {
          '401': e(
            'No valid bearer token: `token_expired` for an access token past its lifetime (refresh and retry), otherwise `unauthorized`.',
          ),
          '403': e('`forbidden`: the caller’s role or the API token’s scope does not allow it.'),
        }
      : {}),
    '429': e('`too_many_requests`: throttled; wait `Retry-After` seconds.'),
  };
}

const CLIENT_IMPORT = "import { createClient } from '@fiscus/client';";

function samples(curl: string, ts: string): Json[] {
  return [
    { lang: 'Shell', label: 'curl', source: curl },
    { lang: 'TypeScript', label: 'TypeScript (@fiscus/client)', source: ts },
  ];
}

function json(v: unknown): string {
  return JSON.stringify(v, null, 2);
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export interface OpenApiOptions {
  version: string;
}

/** Builds the whole document (pure: the same contracts give the same document). */
export function buildOpenApiDocument(opts: OpenApiOptions): Json {
  const opNames = Object.keys(platformOps) as PlatformOpName[];

  const endpoints: Endpoint[] = [
    {
      path: '/api/register',
      method: 'post',
      id: 'auth.register',
      tag: 'auth',
      summary: 'Create an account',
      description:
        'Makes an account and signs it in (when registration is open). Each field is checked with per-field messages.',
      auth: false,
      body: registerBodySchema,
      answer: signedInSchema,
    },
    {
      path: '/api/login',
      method: 'post',
      id: 'auth.login',
      tag: 'auth',
      summary: 'Sign in',
      description:
        'Answers an access token (a JWT, valid 10 minutes by default), a single-use refresh token and the session — or, with two-step verification on, a challenge to answer at `/api/second-factor`.',
      auth: false,
      body: loginBodySchema,
      answer: loginAnswerSchema,
    },
    {
      path: '/api/second-factor',
      method: 'post',
      id: 'auth.secondFactor',
      tag: 'auth',
      summary: 'Two-step verification',
      description:
        '`verify` answers a sign-in challenge with a code (no bearer token); `setup`, `enable` and `disable` need the bearer token of a sign-in.',
      auth: false,
      body: secondFactorBodySchema,
      answer: secondFactorAnswerSchema,
    },
    {
      path: '/jwt/refresh-token',
      method: 'post',
      id: 'auth.refresh',
      tag: 'auth',
      summary: 'Refresh the token pair',
      description:
        'Trades a refresh token for a new pair. Each refresh token works once: keep the new one. The same token sent again within a few seconds (parallel requests) gets the same successor; later, the whole sign-in ends.',
      auth: false,
      body: refreshBodySchema,
      answer: refreshAnswerSchema,
    },
    {
      path: '/api/logout',
      method: 'post',
      id: 'auth.logout',
      tag: 'auth',
      summary: 'Sign out',
      description:
        'Ends the sign-in of the refresh token (and of the bearer access token, if sent). Always 200.',
      auth: false,
      body: logoutBodySchema,
      answer: okSchema,
    },
    {
      path: '/api/whoami',
      method: 'post',
      id: 'auth.whoami',
      tag: 'auth',
      summary: 'Session of a token',
      description:
        'The session an access token belongs to, or null with the reason (`missing`, `expired`, `invalid`).',
      auth: false,
      body: whoamiBodySchema,
      answer: whoamiAnswerSchema,
    },
    {
      path: '/api/forgot',
      method: 'post',
      id: 'auth.forgot',
      tag: 'auth',
      summary: 'Ask for a password reset link',
      description: 'Always `{ ok: true }`; the mailed link is valid 20 minutes, once.',
      auth: false,
      body: forgotBodySchema,
      answer: okSchema,
    },
    {
      path: '/api/forgot-set-new',
      method: 'post',
      id: 'auth.forgotSetNew',
      tag: 'auth',
      summary: 'Set a new password with a reset link',
      description: 'Every sign-in of the user ends.',
      auth: false,
      body: forgotSetNewBodySchema,
      answer: okSchema,
    },
    {
      path: '/api/changepassword',
      method: 'post',
      id: 'auth.changePassword',
      tag: 'auth',
      summary: 'Change the password',
      description:
        'Needs the current password (or a code while two-step verification is on). Every sign-in ends; the answer is a fresh token pair for the caller. Not open to API tokens.',
      auth: true,
      body: changePasswordBodySchema,
      answer: changePasswordAnswerSchema,
    },
    {
      path: '/api/health',
      method: 'get',
      id: 'health.live',
      tag: 'health',
      summary: 'Liveness',
      description: 'The process is alive and its database answers.',
      auth: false,
      answer: healthSchema,
    },
    {
      path: '/api/ready',
      method: 'get',
      id: 'health.ready',
      tag: 'health',
      summary: 'Readiness',
      description:
        'The process should get traffic: not shutting down, the database answers within 2 s, every migration is applied; otherwise 503.',
      auth: false,
      answer: readySchema,
    },
  ];

  // Schemas by direction; an object used by several ops is converted once, named by the first.
  const inputs = new Map<z.ZodType, string>();
  const outputs = new Map<z.ZodType, string>();
  const nameOnce = (m: Map<z.ZodType, string>, s: z.ZodType, id: string) => {
    if (!m.has(s)) m.set(s, id);
    return m.get(s) as string;
  };
  outputs.set(errorEnvelopeSchema, 'ErrorEnvelope');
  // The filter tree is recursive: one named component per direction.
  inputs.set(filterNodeSchema, 'FilterNode');
  outputs.set(filterNodeSchema, 'FilterNode.answer');
  const opIn = new Map<string, string>();
  const opOut = new Map<string, string>();
  for (const name of opNames) {
    const c = platformOps[name];
    opIn.set(name, nameOnce(inputs, c.input, `${name}.input`));
    opOut.set(name, nameOnce(outputs, c.output, `${name}.answer`));
  }
  for (const e of endpoints) {
    if (e.body) opIn.set(e.id, nameOnce(inputs, e.body, `${e.id}.body`));
    if (e.answer) opOut.set(e.id, nameOnce(outputs, e.answer, `${e.id}.answer`));
  }
  opIn.set('files.uploadChunk', nameOnce(inputs, uploadChunkFields, 'files.uploadChunk.fields'));
  opIn.set('files.download', nameOnce(inputs, downloadInput, 'files.download.body'));
  opOut.set('files.upload', nameOnce(outputs, uploadOutput, 'files.upload.answer'));
  opOut.set('files.uploadChunk', nameOnce(outputs, uploadChunkOutput, 'files.uploadChunk.answer'));

  const schemas: Record<string, Json> = {
    ...convert(inputs, 'input'),
    ...convert(outputs, 'output'),
  };
  const ref = (id: string) => ({ $ref: `${REF}${id}` });
  const security = (auth: boolean) => (auth ? [{ bearer: [] }] : []);

  const paths: Record<string, Json> = {};

  for (const e of endpoints) {
    const body = e.body ? opIn.get(e.id) : undefined;
    const example = body ? exampleOf(schemas[body], schemas) : undefined;
    const authHeader = e.auth ? ` \\\n  -H "Authorization: Bearer $FISCUS_TOKEN"` : '';
    const curl =
      e.method === 'get'
        ? `curl "$FISCUS_URL${e.path}"`
        : `curl -X POST "$FISCUS_URL${e.path}"${authHeader} \\\n  -H 'Content-Type: application/json' \\\n  -d ${shellQuote(JSON.stringify(example ?? {}))}`;
    const ts =
      e.id === 'auth.login'
        ? `${CLIENT_IMPORT}\n\nconst client = createClient({ baseUrl: process.env.FISCUS_URL! });\n// Keeps the token pair and refreshes it when the access token expires.\nconst session = await client.signIn({ login: 'ada', password: process.env.FISCUS_PASSWORD! });`
        : `const res = await fetch(\`\${process.env.FISCUS_URL}${e.path}\`, {\n  method: '${e.method.toUpperCase()}',${e.method === 'post' ? `\n  headers: { 'Content-Type': 'application/json'${e.auth ? ', Authorization: `Bearer ${process.env.FISCUS_TOKEN}`' : ''} },\n  body: JSON.stringify(${json(example ?? {}).replace(/\n/g, '\n  ')}),` : ''}\n});\nconst answer = await res.json();`;
    paths[e.path] = {
      [e.method]: {
        operationId: e.id,
        tags: [e.tag],
        summary: e.summary,
        description: e.description,
        security: security(e.auth),
        ...(body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: ref(body) } },
              },
            }
          : {}),
        responses: {
          '200': {
            description: 'Done.',
            content: { 'application/json': { schema: ref(opOut.get(e.id) as string) } },
          },
          ...errorResponses(e.auth),
        },
        'x-codeSamples': samples(curl, ts),
      },
    };
  }

  paths['/api/upload'] = {
    post: {
      operationId: 'files.upload',
      tags: ['files'],
      summary: 'Upload a file',
      description: `One file in one multipart request (a part named \`file\`), up to ${FILE_LIMITS.uploadMaxBytes / 1024 / 1024} MB by default. The answer's \`fileId\` goes into an op's input (an import, an attachment field). The type is detected from the content.`,
      security: security(true),
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                file: { type: 'string', contentMediaType: 'application/octet-stream' },
              },
              required: ['file'],
            },
          },
        },
      },
      responses: {
        '200': {
          description: 'Stored.',
          content: { 'application/json': { schema: ref(opOut.get('files.upload') as string) } },
        },
        '413': {
          description: '`payload_too_large`.',
          content: { 'application/json': { schema: errorRef } },
        },
        '415': {
          description: '`unsupported_media_type`: a type the server does not take.',
          content: { 'application/json': { schema: errorRef } },
        },
        ...errorResponses(true),
      },
      'x-codeSamples': samples(
        `curl -X POST "$FISCUS_URL/api/upload" \\\n  -H "Authorization: Bearer $FISCUS_TOKEN" \\\n  -F 'file=@actuals.csv'`,
        `${CLIENT_IMPORT}\nimport { readFile } from 'node:fs/promises';\n\nconst client = createClient({ baseUrl: process.env.FISCUS_URL!, token: process.env.FISCUS_TOKEN });\nconst bytes = await readFile('actuals.csv');\nconst { fileId } = await client.upload(new Blob([bytes]), 'actuals.csv');`,
      ),
    },
  };
  paths['/api/uploadchunk'] = {
    post: {
      operationId: 'files.uploadChunk',
      tags: ['files'],
      summary: 'Upload a large file in chunks',
      description: `Multipart: the fields first, then the bytes in a part named \`chunk\` (at most ${FILE_LIMITS.chunkMaxBytes / 1024 / 1024} MB). Without \`uploadId\` an upload starts (\`name\` and \`size\` required); without a \`chunk\` part the server answers what it holds, to resume. \`fileId\` appears once every byte arrived and was checked. A chunk at the wrong offset answers 409 with what the server holds.`,
      security: security(true),
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              allOf: [
                ref(opIn.get('files.uploadChunk') as string),
                {
                  type: 'object',
                  properties: {
                    chunk: { type: 'string', contentMediaType: 'application/octet-stream' },
                  },
                },
              ],
            },
          },
        },
      },
      responses: {
        '200': {
          description: 'What the server holds.',
          content: {
            'application/json': { schema: ref(opOut.get('files.uploadChunk') as string) },
          },
        },
        '409': {
          description: 'The offset does not follow what the server holds: go on from `received`.',
          content: {
            'application/json': {
              schema: {
                allOf: [
                  errorRef,
                  {
                    type: 'object',
                    properties: {
                      uploadId: { type: 'string' },
                      received: { type: 'integer' },
                      size: { type: 'integer' },
                    },
                  },
                ],
              },
            },
          },
        },
        ...errorResponses(true),
      },
      'x-codeSamples': samples(
        `# 1. start: the server answers an uploadId\ncurl -X POST "$FISCUS_URL/api/uploadchunk" \\\n  -H "Authorization: Bearer $FISCUS_TOKEN" \\\n  -F name=big.csv -F size=$(stat -c %s big.csv)\n# 2. each chunk, in order\ncurl -X POST "$FISCUS_URL/api/uploadchunk" \\\n  -H "Authorization: Bearer $FISCUS_TOKEN" \\\n  -F uploadId=$UPLOAD_ID -F offset=0 -F 'chunk=@part-0'`,
        `${CLIENT_IMPORT}\n\nconst client = createClient({ baseUrl: process.env.FISCUS_URL!, token: process.env.FISCUS_TOKEN });\n// Files above the single-request limit go in 8 MB chunks.\nconst { fileId } = await client.upload(blob, 'big.csv', { chunked: true });`,
      ),
    },
  };
  paths['/api/download'] = {
    post: {
      operationId: 'files.download',
      tags: ['files'],
      summary: 'Download a stored file',
      description: 'The bytes, with `Content-Disposition` naming the file.',
      security: security(true),
      requestBody: {
        required: true,
        content: { 'application/json': { schema: ref(opIn.get('files.download') as string) } },
      },
      responses: {
        '200': {
          description: 'The file.',
          content: {
            'application/octet-stream': {
              schema: { type: 'string', contentMediaType: 'application/octet-stream' },
            },
          },
        },
        '404': {
          description: '`not_found`.',
          content: { 'application/json': { schema: errorRef } },
        },
        ...errorResponses(true),
      },
      'x-codeSamples': samples(
        `curl -X POST "$FISCUS_URL/api/download" \\\n  -H "Authorization: Bearer $FISCUS_TOKEN" \\\n  -H 'Content-Type: application/json' \\\n  -d '{"fileId":"…"}' -o file`,
        `${CLIENT_IMPORT}\n\nconst client = createClient({ baseUrl: process.env.FISCUS_URL!, token: process.env.FISCUS_TOKEN });\nconst blob = await client.download(fileId);`,
      ),
    },
  };

  paths['/api/qry'] = {
    post: {
      operationId: 'qry',
      tags: ['qry'],
      summary: 'Run an op, or a batch of ops',
      description: `The one query and command endpoint: the body is \`{ "op": "<name>", ...input }\` and the answer \`{ "data": … }\` (each op below documents its input and answer). A batch \`{ "op": "batch", "ops": [ … ] }\` of up to 20 ops runs them in order and answers \`{ "data": [ { "data": … } | { "error": … } ] }\`.`,
      security: security(true),
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              oneOf: [
                {
                  type: 'object',
                  properties: { op: { type: 'string', enum: opNames } },
                  required: ['op'],
                },
                {
                  type: 'object',
                  properties: {
                    op: { const: 'batch' },
                    ops: {
                      type: 'array',
                      minItems: 1,
                      maxItems: 20,
                      items: {
                        type: 'object',
                        properties: { op: { type: 'string', enum: opNames } },
                        required: ['op'],
                      },
                    },
                  },
                  required: ['op', 'ops'],
                },
              ],
            },
          },
        },
      },
      responses: {
        '200': {
          description: 'The op’s answer in `data` (for a batch, one entry per op).',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { data: {} }, required: ['data'] },
            },
          },
        },
        ...errorResponses(true),
      },
      'x-codeSamples': samples(
        `curl -X POST "$FISCUS_URL/api/qry" \\\n  -H "Authorization: Bearer $FISCUS_TOKEN" \\\n  -H 'Content-Type: application/json' \\\n  -d '{"op":"batch","ops":[{"op":"objects.list"},{"op":"tokens.list"}]}'`,
        `${CLIENT_IMPORT}\n\nconst client = createClient({ baseUrl: process.env.FISCUS_URL!, token: process.env.FISCUS_TOKEN });\nconst objects = await client.op('objects.list', {});`,
      ),
    },
  };

  for (const name of opNames) {
    const c = platformOps[name];
    const inId = opIn.get(name) as string;
    const input = exampleOf(schemas[inId], schemas) as Json;
    const body = { op: name, ...input };
    const tag = name.split('.')[0] as string;
    const readOnly = c.action === 'read';
    paths[`/api/qry#${name}`] = {
      post: {
        operationId: name,
        tags: [tag],
        summary: name,
        description: `\`POST /api/qry\` with \`{ "op": "${name}", ...input }\`. Needs the right to ${c.action} ${c.subject}${readOnly ? '; open to API tokens with the `read` scope.' : '; API tokens need the `write` scope.'}`,
        security: security(true),
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                allOf: [
                  { type: 'object', properties: { op: { const: name } }, required: ['op'] },
                  ref(inId),
                ],
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The op’s answer.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { data: ref(opOut.get(name) as string) },
                  required: ['data'],
                },
              },
            },
          },
          '404': {
            description: '`not_found`: nothing of that id in the caller’s domain.',
            content: { 'application/json': { schema: errorRef } },
          },
          '409': {
            description: '`conflict`: the change collides with the current state.',
            content: { 'application/json': { schema: errorRef } },
          },
          ...errorResponses(true),
        },
        'x-codeSamples': samples(
          `curl -X POST "$FISCUS_URL/api/qry" \\\n  -H "Authorization: Bearer $FISCUS_TOKEN" \\\n  -H 'Content-Type: application/json' \\\n  -d ${shellQuote(JSON.stringify(body))}`,
          `${CLIENT_IMPORT}\n\nconst client = createClient({ baseUrl: process.env.FISCUS_URL!, token: process.env.FISCUS_TOKEN });\nconst data = await client.op('${name}', ${json(input).replace(/\n/g, '\n')});`,
        ),
      },
    };
  }

  const usedTags = new Set<string>();
  for (const p of Object.values(paths))
    for (const o of Object.values(p))
      for (const t of (o as { tags: string[] }).tags) usedTags.add(t);

  return {
    openapi: '3.1.0',
    info: {
      title: 'Fiscus API',
      version: opts.version,
      description: [
        'The API the Fiscus console itself uses. Every call but sign-in and the probes needs `Authorization: Bearer <token>`, with either',
        '',
        '- an **access token** of a sign-in (`/api/login`, a JWT valid 10 minutes by default; renew it with the refresh token at `/jwt/refresh-token` — each refresh token works once), or',
        '- an **API token** (`fst_…`), made in Account Settings → API tokens: it acts as its maker in the domain it was made in, with the `read` or `write` scope, until it expires or is revoked; requests are throttled per token.',
        '',
        'Errors answer `{ "error": { "code", "message", "fields"?, "requestId" } }` with a 4xx or 5xx status; `fields` names each field that broke a rule. Messages follow `Accept-Language` (en, de, fr, pt, ru).',
        '',
        'Every op of `POST /api/qry` is listed as its own operation under `/api/qry#<op>`: the fragment only names the op, the request goes to `/api/qry` with `op` in the body.',
      ].join('\n'),
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: [...usedTags].map((name) => ({
      name,
      ...(TAGS[name] ? { description: TAGS[name] } : {}),
    })),
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT access token or fst_ API token',
          description:
            'An access token of a sign-in (`/api/login`, refreshed at `/jwt/refresh-token`) or an API token made in Account Settings.',
        },
      },
      schemas,
    },
  };
}
