import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export type FormValue = string | { data: Uint8Array | string; filename: string };

/** A multipart body (and its content-type header) as a browser's `FormData` would send it. */
export async function multipart(
  parts: Record<string, FormValue>,
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.data]), value.filename);
  }
  const res = new Response(form);
  const contentType = res.headers.get('content-type');
  if (!contentType) throw new Error('no content type');
  return { payload: Buffer.from(await res.arrayBuffer()), contentType };
}

/** POSTs a multipart form through `app.inject`. */
export async function postForm(
  app: FastifyInstance,
  url: string,
  parts: Record<string, FormValue>,
  headers: Record<string, string> = {},
) {
  const { payload, contentType } = await multipart(parts);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}

/** `POST /api/upload` of one file. */
export function uploadFile(
  app: FastifyInstance,
  headers: Record<string, string>,
  filename: string,
  data: Uint8Array | string,
) {
  return postForm(app, '/api/upload', { file: { data, filename } }, headers);
}

export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}
