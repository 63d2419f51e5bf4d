// Events are checked before they are appended (src/adapters/validating-event-store.ts, applied by the
// composition to either store): data against its type's schema, and no NUL character in any string.
// A refused event is a 400 naming the field, and nothing reaches the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import { eventProblem } from '../../src/domain/event-schemas.js';
import { orgStreamId } from '../../src/domain/streams.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ label: 'event_validation' });
  admin = await t.auth({ orgId: 'org_valid', userId: 'ada', admin: true });
});
afterAll(async () => t?.close());

async function countEvents(prefix: string): Promise<number> {
  const { rows } = await t.infra.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM es.events WHERE stream_name LIKE $1', [`${prefix}%`]);
  return Number(rows[0]!.n);
}

describe('event validation at the write boundary', () => {
  it('refuses an event that does not match its schema, naming the field, and appends nothing', async () => {
    const schedule = { enabled: true, timezone: 'UTC', days_of_week: ['mon'], time: '09:00', board_type: 'jira', project_key: 'ENG' };
    const append = t.infra.store.append(orgStreamId('org_valid'), [{ type: 'ScheduleSaved', data: { schedule, at: new Date().toISOString() } }]);
    await expect(append).rejects.toBeInstanceOf(DomainError);
    await expect(append).rejects.toMatchObject({ code: 'invalid', message: expect.stringMatching(/^ScheduleSaved: data\/schedule\/days_of_week\/0 /) });
    expect(await countEvents('org-org_valid')).toBe(0);
  });

  it('answers 400 naming the field for a NUL character, and appends nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/import/backlog',
      headers: admin,
      payload: { board_type: 'jira', project_key: 'ENG', items: [{ title: 'Fix the\u0000login' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/title(: text)? must not (contain|hold) a NUL character/);
    expect(await countEvents('proposal-')).toBe(0);
  });

  it('has a schema for every event the service writes, and accepts what the commands write', async () => {
    const put = await t.app.inject({ method: 'PUT', url: '/api/org/settings', headers: admin, payload: { action_cap: 5 } });
    expect(put.statusCode).toBe(200);
    const ok = await t.app.inject({ method: 'POST', url: '/api/import/backlog', headers: admin, payload: { board_type: 'jira', project_key: 'ENG', items: [{ title: 'Fix login' }] } });
    expect(ok.statusCode).toBeLessThan(300);
    expect(eventProblem('RunCompleted', { at: 'x' })).toBeUndefined();
    expect(eventProblem('RunCompleted', {})).toMatch(/^data\/at /);
    expect(eventProblem('ActionExecuted', { action_id: 'a', reconciled: 'no', at: 'x' })).toMatch(/^data\/reconciled /);
    expect(eventProblem('ChatRequestAnswered', { request_key: 'k' })).toMatch(/^data\//);
    expect(eventProblem('Anything', { note: 'a\u0000b' })).toMatch(/^data\/note must not contain a NUL/);
  });

  it('names where a NUL character is: nested, in an array, in a key, the value itself, the metadata', () => {
    expect(eventProblem('Anything', { a: { list: ['ok', { b: 'x\u0000' }] } })).toBe('data/a/list/1/b must not contain a NUL character (\\u0000)');
    expect(eventProblem('Anything', { a: { 'k\u0000y': 1 } })).toBe('data/a/k\\u0000y must not contain a NUL character (\\u0000)');
    expect(eventProblem('Anything', 'x\u0000')).toBe('data must not contain a NUL character (\\u0000)');
    expect(eventProblem('Anything', { a: 1 }, { org_id: 'o', nested: { v: '\u0000' } })).toBe('metadata/nested/v must not contain a NUL character (\\u0000)');
    expect(eventProblem('Anything', { a: [1, null, { b: true }] }, { org_id: 'o' })).toBeUndefined();
  });
});
