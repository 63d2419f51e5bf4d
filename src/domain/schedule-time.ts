// When a saved schedule fires: at `time` local to its IANA time zone, on its days of the week.
// Daylight-saving rules, by the convention of cron-like schedulers:
// - a local time that does not exist (spring forward gap) fires at the first instant after the gap;
// - a local time that exists twice (fall back) fires once, at the first occurrence.
// Pure: no clock; `after` is passed in.

export interface ScheduleTimes {
  enabled: boolean;
  timezone: string;
  /** 0 = Sunday … 6 = Saturday, in the schedule's time zone. */
  days_of_week: number[];
  /** HH:MM, 24-hour. */
  time: string;
}

export interface Slot {
  /** The instant the slot fires. */
  at: Date;
  /** Stable name of the slot, e.g. 2026-03-08T02:30@America/New_York: the same on every instance. */
  key: string;
}

const partsFormatter = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatter.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    partsFormatter.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** Offset of the zone from UTC at `instant`, in ms (local = utc + offset). */
function offsetAt(instant: number, timeZone: string): number {
  const p = localParts(new Date(instant), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The first instant whose local wall time is at or after the given one (see the DST rules above). */
export function zonedTimeToInstant(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Candidates: the wall time read with the offsets in force a day before and a day after; the
  // earliest one that really shows this wall time wins (first occurrence in an overlap).
  const candidates = [offsetAt(wall - 86_400_000, timeZone), offsetAt(wall + 86_400_000, timeZone)]
    .map((offset) => wall - offset)
    .sort((a, b) => a - b);
  for (const t of candidates) {
    if (offsetAt(t, timeZone) === wall - t) return new Date(t);
  }
  // In a gap: no instant shows this wall time. Fire when the gap ends, the transition instant.
  let lo = candidates[0]!;
  let hi = candidates[1]!;
  const before = (t: number) => t + offsetAt(t, timeZone) < wall;
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2 / 1000) * 1000;
    if (before(mid)) lo = mid;
    else hi = mid;
  }
  return new Date(hi);
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** The next slot strictly after `after`, or null when the schedule never fires. */
export function nextSlot(schedule: ScheduleTimes, after: Date): Slot | null {
  if (!schedule.enabled || schedule.days_of_week.length === 0) return null;
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  const start = localParts(after, schedule.timezone);
  // Walk local calendar days (UTC arithmetic on the local date avoids DST in the walk itself).
  for (let i = 0; i <= 8; i++) {
    const d = new Date(Date.UTC(start.year, start.month - 1, start.day + i));
    if (!schedule.days_of_week.includes(d.getUTCDay())) continue;
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth() + 1;
    const day = d.getUTCDate();
    const at = zonedTimeToInstant(y, m, day, hour, minute, schedule.timezone);
    if (at.getTime() > after.getTime()) {
      return { at, key: `${y}-${pad(m)}-${pad(day)}T${schedule.time}@${schedule.timezone}` };
    }
  }
  return null;
}

/** The latest slot at or before `now` and after `since`, or null: what a scheduler should fire now. */
export function dueSlot(schedule: ScheduleTimes, since: Date, now: Date): Slot | null {
  let slot = nextSlot(schedule, since);
  let due: Slot | null = null;
  while (slot && slot.at.getTime() <= now.getTime()) {
    due = slot;
    slot = nextSlot(schedule, slot.at);
  }
  return due;
}
