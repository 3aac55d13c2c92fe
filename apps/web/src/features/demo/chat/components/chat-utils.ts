/** Time of a message: "14:05" today, otherwise a short date. */
export function formatListTime(iso: string, language: string, now = new Date()): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(
    language,
    sameDay ? { hour: '2-digit', minute: '2-digit' } : { month: 'short', day: 'numeric' },
  ).format(date);
}

/** Time of a message in the log: "Nov 21, 14:05". */
export function formatLogTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

export const STATUS_COLORS = {
  online: 'green',
  busy: 'red',
  away: 'yellow',
  offline: 'gray',
} as const;
