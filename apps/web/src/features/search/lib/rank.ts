/**
 * Search ranking of the navbar: case-insensitive; items whose key starts with the query come
 * first, then those containing it; at most `limit` items.
 */
export function rank<T>(
  items: readonly T[],
  query: string,
  keyOf: (item: T) => string,
  limit = 4,
): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const starts: T[] = [];
  const contains: T[] = [];
  for (const item of items) {
    const key = keyOf(item).toLowerCase();
    if (key.startsWith(q)) starts.push(item);
    else if (key.includes(q)) contains.push(item);
  }
  return [...starts, ...contains].slice(0, limit);
}
