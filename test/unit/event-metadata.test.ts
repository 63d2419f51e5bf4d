// The metadata every command's events carry: what it holds in each case, and its members in the
// sorted order canonical JSON writes them, so the content digest does not sort them again.
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/adapters/audit-chain.js';
import { eventMetadata } from '../../src/commands/handle-command.js';

describe('eventMetadata', () => {
  it('holds who, the flow and the cause, with nothing absent written as a member', () => {
    const full = eventMetadata({ org_id: 'acme', user_id: 'ada', correlation_id: 'c-1', request_id: 'r-1', causation_id: 'msg-1', traceparent: '00-a-b-01' });
    expect(full).toEqual({ org_id: 'acme', user_id: 'ada', correlation_id: 'c-1', request_id: 'r-1', causation_id: 'r-1', traceparent: '00-a-b-01' });
    const bare = eventMetadata({ user_id: 'system', correlation_id: 'c-2', causation_id: 'msg-2' });
    expect(bare).toEqual({ user_id: 'system', correlation_id: 'c-2', causation_id: 'msg-2' });
    expect(Object.keys(bare)).not.toContain('org_id');
    const generated = eventMetadata({ user_id: 'system', correlation_id: 'c-3' });
    expect(generated.causation_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists its members in sorted order, as canonical JSON writes them', () => {
    for (const context of [
      { org_id: 'acme', user_id: 'ada', correlation_id: 'c', request_id: 'r', traceparent: 't' },
      { org_id: 'acme', user_id: 'ada', correlation_id: 'c', request_id: 'r' },
      { user_id: 'ada', correlation_id: 'c', causation_id: 'x' },
    ]) {
      const metadata = eventMetadata(context);
      const keys = Object.keys(metadata);
      expect(keys).toEqual([...keys].sort());
      expect(JSON.stringify(metadata)).toBe(canonicalJson(metadata));
    }
  });
});
