import { describe, expect, it } from 'vitest';
import { SseParser } from './sse';

describe('SseParser', () => {
  it('parses events split across chunks at any point, with ids, types and multi-line data', () => {
    const text = 'retry: 2000\n\n: heartbeat\n\nid: 0\nevent: RunRequested\ndata: {"a":1}\n\nid: 1\r\nevent: RunLogged\r\ndata: line one\r\ndata: line two\r\n\r\n';
    for (let cut = 0; cut <= text.length; cut++) {
      const parser = new SseParser();
      const events = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut))];
      expect(events, `cut at ${cut}`).toEqual([
        { id: '0', event: 'RunRequested', data: '{"a":1}' },
        { id: '1', event: 'RunLogged', data: 'line one\nline two' },
      ]);
      expect(parser.lastEventId).toBe('1');
      expect(parser.retryMs).toBe(2000);
    }
  });

  it('keeps the last id for events without one, ignores comments and unknown fields, defaults the type', () => {
    const parser = new SseParser();
    expect(parser.push('id: 7\ndata: a\n\nfoo: bar\ndata: b\n\n')).toEqual([
      { id: '7', event: 'message', data: 'a' },
      { id: '7', event: 'message', data: 'b' },
    ]);
  });

  it('dispatches nothing for an event without data', () => {
    const parser = new SseParser();
    expect(parser.push('event: x\nid: 3\n\n')).toEqual([]);
    expect(parser.lastEventId).toBe('3');
  });
});
