// Strict ISO 8601 dates and times for query values. `Date.parse` takes "2024-02-30" (as 1 March)
// while PostgreSQL refuses it, which made such a value fail deep in a query; here it is a 400.

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The instant an ISO date (UTC midnight) or date-time names, or undefined when it names none. */
export function parseIsoDate(value: string): Date | undefined {
  const m = ISO.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return undefined;
  const instant = m[4] === undefined ? date : new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}
