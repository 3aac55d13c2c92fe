import { lookup } from 'node:dns/promises';

async function addresses(host: string): Promise<Set<string>> {
  try {
    return new Set((await lookup(host, { all: true })).map((a) => a.address));
  } catch {
    return new Set([host]);
  }
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Whether settings point at the platform's own PostgreSQL database (same server and database
 * name): a domain admin must never reach other domains' data through a data source.
 */
export async function isOwnDatabase(
  appUrl: string | undefined,
  s: { host?: string | null; port?: number | null; database?: string | null },
): Promise<boolean> {
  if (!appUrl || !/^postgres(ql)?:\/\//.test(appUrl) || !s.host) return false;
  let app: URL;
  try {
    app = new URL(appUrl);
  } catch {
    return false;
  }
  const appDb = decodeURIComponent(app.pathname.replace(/^\//, '')) || app.username;
  if ((s.database ?? '') !== appDb) return false;
  if (Number(app.port || 5432) !== Number(s.port ?? 5432)) return false;
  const [mine, theirs] = await Promise.all([
    addresses(app.hostname.replace(/^\[(.*)\]$/, '$1')),
    addresses(s.host.replace(/^\[(.*)\]$/, '$1')),
  ]);
  for (const a of theirs) {
    if (mine.has(a)) return true;
    if (LOOPBACK.test(a) && [...mine].some((m) => LOOPBACK.test(m))) return true;
  }
  return false;
}
