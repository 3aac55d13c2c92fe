/**
 * The server's notion of "now". Everything time-dependent (token expiry, throttling windows,
 * reset links) reads it from here, so tests can move time with fake `Date`.
 */
export function nowMs(): number {
  return Date.now();
}

/** ISO-8601 UTC text of now (plus an offset in milliseconds), the format of every stored time. */
export function isoNow(offsetMs = 0): string {
  return new Date(nowMs() + offsetMs).toISOString();
}

export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}
