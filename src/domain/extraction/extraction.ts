// What a transcript extractor produces, whichever way it works (rules or a language model): new board
// items to propose, and follow-ups on tickets that already exist. The JSON schema below is both the
// language model's strict response format and what its answer is validated against (ajv), so the two
// paths cannot drift apart.
import type { ProposalKind } from '../proposal.events.js';

export interface ExtractedItem {
  title: string;
  description: string | null;
  kind: ProposalKind;
  /** Who said they would do it, when the transcript says so. */
  assignee: string | null;
  /** The transcript line(s) the item comes from, "Speaker: text". */
  evidence: string;
}

/** A referenced ticket (ENG-123) with something to do about it: never a new item. */
export interface ExtractedFollowUp {
  ticket: string;
  note: string;
  assignee: string | null;
  evidence: string;
}

export interface Extraction {
  items: ExtractedItem[];
  follow_ups: ExtractedFollowUp[];
}

/** An extractor port; the rule-based one is pure, the language-model one lives in src/adapters/llm. */
export interface TranscriptExtractor {
  extract(transcript: string, options: { title?: string; projectKey: string; signal?: AbortSignal }): Promise<ExtractorOutcome>;
}

export type ExtractorOutcome = { ok: true; extraction: Extraction } | { ok: false; reason: string };

export const MAX_TITLE_LENGTH = 200;
export const MAX_EXTRACTED_ITEMS = 100;

const nullableString = { type: ['string', 'null'] } as const;

/**
 * OpenAI strict structured output: every property required, additionalProperties false, optional =
 * nullable; only keywords strict mode accepts (no length or count limits: `normalizeExtraction`
 * applies those after validation).
 */
export const extractionJsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['items', 'follow_ups'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'description', 'kind', 'assignee', 'evidence'],
        properties: {
          title: { type: 'string' },
          description: nullableString,
          kind: { type: 'string', enum: ['story', 'bug', 'task'] },
          assignee: nullableString,
          evidence: { type: 'string' },
        },
      },
    },
    follow_ups: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['ticket', 'note', 'assignee', 'evidence'],
        properties: {
          ticket: { type: 'string', pattern: '^[A-Z][A-Z0-9]+-[0-9]+$' },
          note: { type: 'string' },
          assignee: nullableString,
          evidence: { type: 'string' },
        },
      },
    },
  },
} as const;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/**
 * The limits both extractors' output must respect: titles trimmed and clipped, empty entries
 * dropped, items with the same normalized title kept once, at most MAX_EXTRACTED_ITEMS of each.
 */
export function normalizeExtraction(extraction: Extraction, normalizeTitle: (title: string) => string): Extraction {
  const seen = new Set<string>();
  const items: ExtractedItem[] = [];
  for (const item of extraction.items) {
    const title = clip(item.title.replace(/\s+/g, ' ').trim(), MAX_TITLE_LENGTH);
    const key = normalizeTitle(title);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    items.push({ ...item, title, evidence: clip(item.evidence.trim(), 2_000), description: item.description?.trim() || null, assignee: item.assignee?.trim() || null });
    if (items.length === MAX_EXTRACTED_ITEMS) break;
  }
  const follow = new Set<string>();
  const follow_ups: ExtractedFollowUp[] = [];
  for (const f of extraction.follow_ups) {
    const note = clip(f.note.replace(/\s+/g, ' ').trim(), 1_000);
    const key = `${f.ticket}\u0000${note.toLowerCase()}`;
    if (!note || follow.has(key)) continue;
    follow.add(key);
    follow_ups.push({ ...f, note, evidence: clip(f.evidence.trim(), 2_000), assignee: f.assignee?.trim() || null });
    if (follow_ups.length === MAX_EXTRACTED_ITEMS) break;
  }
  return { items, follow_ups };
}
