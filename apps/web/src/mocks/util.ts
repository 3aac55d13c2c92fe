/**
 * Helpers shared by the demo handlers. Query values arrive as strings over HTTP and are parsed
 * here ("false" is false, "10" is 10); new ids are max id + 1.
 */

/** Next id of a collection: the highest id + 1 (1 for an empty collection). */
export function nextId(items: readonly { id: number }[]): number {
  return items.reduce((max, item) => Math.max(max, item.id), 0) + 1;
}

/** A path id as a positive integer, or null when it is not one. */
export function parseId(value: string | readonly string[] | undefined): number | null {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A query flag: "true"/"1" are true, "false"/"0"/absent are false. */
export function parseBool(value: string | null | undefined, fallback = false): boolean {
  if (value == null || value === '') return fallback;
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return fallback;
}

/** A query integer within [min, max], or the fallback when absent or not a number. */
export function parseIntParam(
  value: string | null | undefined,
  fallback: number,
  min = Number.MIN_SAFE_INTEGER,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value == null || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

/** The JSON object of a request body; an empty or malformed body reads as `{}`. */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json();
    return body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Slice of a list for a 1-based page. */
export function paginate<T>(items: readonly T[], page: number, perPage: number): T[] {
  return items.slice((page - 1) * perPage, page * perPage);
}
