// The rule-based transcript extractor on realistic multi-speaker transcripts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractWithRules, splitUtterances } from '../../src/domain/extraction/rules.js';
import { extractionJsonSchema, normalizeExtraction } from '../../src/domain/extraction/extraction.js';
import { normalizeTitle } from '../../src/domain/proposal.decider.js';

const transcript = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../support/transcripts', name), 'utf8');
const summary = (name: string) => {
  const result = extractWithRules(transcript(name));
  return { items: result.items.map((i) => [i.kind, i.title, i.assignee]), follow_ups: result.follow_ups.map((f) => [f.ticket, f.note, f.assignee]) };
};

describe('rule-based extractor', () => {
  it('a product sync: bugs, commitments, needs, suggestions, action-item lines and a ticket follow-up', () => {
    expect(summary('checkout-sync.txt')).toEqual({
      items: [
        ['bug', 'The payment page is broken on Safari 17, the submit button does nothing', null],
        ['bug', 'Fix the Safari submit button before the release', 'Dev Patel'],
        ['bug', 'The nightly export job crashes when a project has more than ten thousand issues', null],
        ['task', 'Add pagination to the export job', null],
        ['task', 'Write a reproduction test', 'Sam'],
        ['story', 'Add a dark mode toggle to the settings page', null],
        ['task', 'Draft the release notes for 3.2', 'Priya'],
        ['task', 'Rotate the staging API keys', null],
        ['task', 'Remove the legacy feature flag from the billing service', null],
        ['task', 'Follow up with legal about the new cookie banner text', null],
      ],
      follow_ups: [['ENG-412', 'Update ENG-412 with the stack trace', "Sam O'Neil"]],
    });
  });

  it('a WebVTT stand-up: cue numbers and timings ignored, fixed things and meeting logistics skipped', () => {
    expect(summary('platform-standup.txt')).toEqual({
      items: [
        ['task', 'Write the migration guide for the v2 API', 'Aisha Khan'],
        ['bug', 'The staging deploy failed twice last night with a timeout on the database migration', null],
        ['task', 'Pair with Aisha on the deploy pipeline this afternoon', 'Tomás'],
        ['story', 'Build a webhook delivery log page', null],
        ['task', 'Schedule the incident review for Thursday', 'Jordan'],
      ],
      follow_ups: [['PLAT-88', 'Bump the migration timeout in PLAT-88', null]],
    });
  });

  it('keeps the evidence line with its speaker', () => {
    const { items } = extractWithRules(transcript('checkout-sync.txt'));
    expect(items.find((i) => i.title.startsWith('Add pagination'))!.evidence).toBe('Maria Chen: We need to add pagination to the export job.');
  });

  it('is deterministic and ignores small talk', () => {
    const text = 'Ana: Hi everyone, how was the weekend?\nBen: Great, thanks. The weather was lovely.\nAna: Okay, let\'s move on.';
    expect(extractWithRules(text)).toEqual({ items: [], follow_ups: [] });
    expect(extractWithRules(transcript('checkout-sync.txt'))).toEqual(extractWithRules(transcript('checkout-sync.txt')));
  });

  it('keeps one item per normalized title', () => {
    const text = 'Ana: We need to update the runbook.\nBen: Yes, we need to update the runbook!';
    expect(extractWithRules(text).items).toHaveLength(1);
  });

  it('a ticket that is only mentioned is neither an item nor a follow-up', () => {
    expect(extractWithRules('Ana: ENG-5 shipped on Monday, nice work.')).toEqual({ items: [], follow_ups: [] });
  });

  it('splits speakers, timestamps and continuation lines', () => {
    expect(splitUtterances('[00:01] Ana Lima: first\nstill Ana\n(00:02:03) Ben (PM): second\nAI: Ben to ship it')).toEqual([
      { speaker: 'Ana Lima', text: 'first still Ana' },
      { speaker: 'Ben', text: 'second' },
      { speaker: null, text: 'AI: Ben to ship it' },
    ]);
  });

  it('normalizes any extractor output: clipped titles, no empty or duplicate items', () => {
    const long = 'x'.repeat(300);
    const out = normalizeExtraction(
      {
        items: [
          { title: long, description: ' ', kind: 'task', assignee: '', evidence: 'e' },
          { title: '  ', description: null, kind: 'task', assignee: null, evidence: 'e' },
          { title: 'Ship it', description: null, kind: 'task', assignee: null, evidence: 'e' },
          { title: 'ship it!', description: null, kind: 'bug', assignee: null, evidence: 'e' },
        ],
        follow_ups: [],
      },
      normalizeTitle,
    );
    expect(out.items.map((i) => i.title.length)).toEqual([200, 7]);
    expect(out.items[0]).toMatchObject({ description: null, assignee: null });
  });

  it('the response schema follows OpenAI strict mode: every property required, no additional properties', () => {
    const check = (schema: Record<string, unknown>): void => {
      if (schema.type === 'object') {
        expect(schema.additionalProperties).toBe(false);
        expect(Object.keys(schema.properties as object).sort()).toEqual([...(schema.required as string[])].sort());
        for (const p of Object.values(schema.properties as Record<string, Record<string, unknown>>)) check(p);
      }
      if (schema.type === 'array') check(schema.items as Record<string, unknown>);
    };
    check(extractionJsonSchema);
  });
});
