import { describe, expect, it } from 'vitest';
import { dueSlot, nextSlot, zonedTimeToInstant } from '../../src/domain/schedule-time.js';

const ny = { enabled: true, timezone: 'America/New_York', days_of_week: [0, 1, 2, 3, 4, 5, 6], time: '09:00' };

describe('schedule times', () => {
  it('fires at the local time, in winter and in summer', () => {
    expect(nextSlot(ny, new Date('2026-01-15T00:00:00Z'))!.at.toISOString()).toBe('2026-01-15T14:00:00.000Z');
    expect(nextSlot(ny, new Date('2026-07-15T00:00:00Z'))!.at.toISOString()).toBe('2026-07-15T13:00:00.000Z');
  });

  it('keeps the local time across the spring-forward change', () => {
    // 2026-03-08: New York moves from UTC-5 to UTC-4 at 02:00 local.
    expect(nextSlot(ny, new Date('2026-03-07T15:00:00Z'))!.at.toISOString()).toBe('2026-03-08T13:00:00.000Z');
  });

  it('fires a time inside the spring-forward gap when the gap ends', () => {
    const at = zonedTimeToInstant(2026, 3, 8, 2, 30, 'America/New_York');
    expect(at.toISOString()).toBe('2026-03-08T07:00:00.000Z'); // 03:00 EDT
  });

  it('fires a time inside the fall-back overlap once, at the first occurrence', () => {
    // 2026-11-01: 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    const s = { ...ny, time: '01:30' };
    const first = nextSlot(s, new Date('2026-11-01T00:00:00Z'))!;
    expect(first.at.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    const second = nextSlot(s, first.at)!;
    expect(second.at.toISOString()).toBe('2026-11-02T06:30:00.000Z');
    expect(second.key).toBe('2026-11-02T01:30@America/New_York');
  });

  it('honours the days of the week in the schedule time zone', () => {
    // 2026-11-22 is a Sunday. Monday 08:00 in Tokyo is Sunday 23:00 UTC.
    const tokyo = { enabled: true, timezone: 'Asia/Tokyo', days_of_week: [1], time: '08:00' };
    const slot = nextSlot(tokyo, new Date('2026-11-22T00:00:00Z'))!;
    expect(slot.at.toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(slot.key).toBe('2026-11-23T08:00@Asia/Tokyo');
  });

  it('never fires when disabled or without days', () => {
    expect(nextSlot({ ...ny, enabled: false }, new Date())).toBeNull();
    expect(nextSlot({ ...ny, days_of_week: [] }, new Date())).toBeNull();
  });

  it('reports the latest due slot since a point, once', () => {
    const since = new Date('2026-01-15T13:00:00Z');
    expect(dueSlot(ny, since, new Date('2026-01-15T13:59:00Z'))).toBeNull();
    expect(dueSlot(ny, since, new Date('2026-01-15T14:00:30Z'))!.key).toBe('2026-01-15T09:00@America/New_York');
    expect(dueSlot(ny, since, new Date('2026-01-17T15:00:00Z'))!.key).toBe('2026-01-17T09:00@America/New_York');
  });
});
