// The deterministic, rule-based transcript extractor: the default, and the fallback whenever a
// language model is not configured, not enabled, or fails. Pure: same transcript, same output.
//
// 1. Split the transcript into utterances ("Speaker: text", optional [hh:mm:ss] timestamps, lines
//    without a speaker continue the previous utterance), then into sentences.
// 2. For each sentence, the first rule that matches wins:
//    - explicit markers  "AI:", "Action item:", "TODO:", "Follow-up:", "Next step:", "Bug:";
//    - commitments       "<Name> will …", "<Name> is going to …", "I'll …" (assignee: the name or speaker);
//    - group needs       "we need to …", "we should …", "someone needs to …";
//    - suggestions       "let's …" (except meeting flow: "let's move on", "let's wrap up"…);
//    - follow-ups        "follow up on/with …";
//    - bug reports       bug / broken / crash / error / fails / not working (unless negated or fixed).
//    Questions count only when they carry an explicit marker.
// 3. A sentence naming a ticket key (ENG-123) that matches a rule is a follow-up on that ticket, never
//    a new item. A ticket merely mentioned yields nothing.
// 4. A task within two sentences after one voicing a user's wish is a story.
// 5. Items with the same normalized title are kept once (the first).
import { normalizeTitle } from '../proposal.decider.js';
import type { ProposalKind } from '../proposal.events.js';
import { normalizeExtraction, type Extraction, type ExtractedFollowUp, type ExtractedItem } from './extraction.js';

export interface Utterance {
  speaker: string | null;
  text: string;
}

const MARKER_WORDS = /^(?:AI|A\.I\.|TODO|To-?do|Action(?:\s+items?)?|Follow[- ]?ups?|Next\s+steps?|Bug|Note)$/i;
const TIMESTAMP = String.raw`(?:[[(]?\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?[\])]?\s*[-–]?\s*)`;
const NAME = String.raw`[\p{Lu}][\p{L}.'’-]*(?:\s+(?:[\p{Lu}][\p{L}.'’-]*|\d{1,2})){0,2}`;
const SPEAKER_LINE = new RegExp(String.raw`^\s*${TIMESTAMP}?(${NAME})(?:\s*\([^)]{1,40}\))?\s*[:>]\s+(.*)$`, 'u');
const TIMESTAMP_ONLY = new RegExp(String.raw`^\s*${TIMESTAMP}`, 'u');

/** Speaker turns, in order. A line that does not start with "Name:" continues the previous turn. */
export function splitUtterances(transcript: string): Utterance[] {
  const out: Utterance[] = [];
  for (const raw of transcript.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || /^WEBVTT\b/.test(line) || /^\d+$/.test(line) || /-->/.test(line)) continue;
    const m = SPEAKER_LINE.exec(line);
    if (m && !MARKER_WORDS.test(m[1]!)) {
      out.push({ speaker: m[1]!.trim(), text: m[2]!.trim() });
      continue;
    }
    const text = line.replace(TIMESTAMP_ONLY, '').trim();
    // A marker line ("AI: …") is its own statement, not the previous speaker's words.
    const marker = m !== null;
    const last = out[out.length - 1];
    if (!marker && last) last.text = `${last.text} ${text}`;
    else out.push({ speaker: marker ? null : (last?.speaker ?? null), text });
  }
  return out;
}

/** Sentences of one utterance; a marker ("AI:", "TODO:") inside a turn starts a new sentence. */
export function splitSentences(text: string): string[] {
  return text
    .replace(/\s+(?=(?:AI|Action items?|TODO|Follow[- ]?up|Next steps?)\s*[:\-–]\s)/gi, '\n')
    .split(/(?<=[.!?])\s+(?=["'“(]?[\p{Lu}\d])|\n|;\s+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

const TICKET = /\b[A-Z][A-Z0-9]{1,9}-\d{1,7}\b/g;
const BUG = /\b(?:bugs?|broken|breaks|crash(?:es|ed|ing)?|errors?|exceptions?|fail(?:s|ed|ing|ures?)?|regressions?|5\d\d(?:s)?|not working|doesn['’]t work|does not work|timing out|times out)\b/i;
const NOT_A_BUG = /\b(?:no (?:bugs?|errors?|crash(?:es)?)|not a bug|(?:isn['’]t|is not|wasn['’]t|aren['’]t) (?:broken|a bug|failing)|(?:was|were|got|been|is|are) (?:fixed|resolved)|without (?:any )?errors?|error[- ]free|zero errors)\b/i;
const STORY = /\b(?:new feature|feature request|as an? (?:user|admin|customer)|users? (?:want|need|should be able|can['’]?t|cannot|would like)|customers? (?:want|asked|are asking|keep asking)|user story)\b/i;

const MARKER = /^(?:AI|A\.I\.|Action(?:\s+items?)?|TODO|To-?do|Follow[- ]?ups?|Next\s+steps?|(Bug))\s*(?:\(([^)]{1,40})\))?\s*[:\-–]\s*(.+)$/i;
const COMMITMENT = new RegExp(String.raw`(?:^|[\s,;])(${NAME}?)\s+(?:will|is going to|['’]ll|are going to)\s+(.+)$`, 'u');
const SELF_COMMITMENT = /\b(?:I['’]ll|I will|I['’]m going to|I am going to|I can take|I['’]ll take)\s+(.+)$/i;
const GROUP_NEED = /\b(?:we|someone|somebody|the team)\s+(?:really\s+)?(?:need(?:s)? to|have to|has to|should|must|['’]ve got to|gotta|ought to)\s+(.+)$/i;
const SUGGESTION = /\b(?:let['’]s|let us)\s+(.+)$/i;
const FOLLOW_UP = /\b(follow(?:[- ])?up (?:on|with)\s+.+)$/i;

/** Words that look like names at a sentence start but are not people. */
const NOT_NAMES = new Set(
  ('I It That This There These Those We They He She You Which What Who Everything Nothing Someone Somebody Something Everyone Anyone ' +
    'Ok Okay So And But Then Also Yes Yeah No Maybe Hopefully Probably Sprint Today Tomorrow Monday Tuesday Wednesday Thursday Friday ' +
    'Saturday Sunday Next Last The A An If When Once After Before Otherwise Oh Well Right Sure Great Cool Fine Alright Honestly Actually ' +
    'Which Where Why How Release Deploy Deployment Build Migration Team Nobody QA Design Product Engineering Support Marketing Sales Legal').split(' '),
);

/** Verbs after "will" that state no task ("I'll be honest", "we'll see"). */
const NO_TASK = /^(?:be|been|have|see|say|admit|talk|think|wait|guess|pass|defer|leave|keep (?:it|this) short|let you|hand (?:it )?(?:back|over)|probably be|likely be|never|not)\b/i;
/** "let's …" that only runs the meeting. */
const MEETING_FLOW = /^(?:move on|start|begin|get started|kick off|wrap(?: up| it up)?|take .{0,30}offline|circle back(?! to \w+ (?:on|about))|recap|go(?: on| ahead)?\b(?! with)|see|keep going|table|skip|jump|call it|do (?:a )?(?:quick )?(?:round|intros|standup|retro)|look at (?:the )?(?:board|agenda)|hear from|pause|stop|continue|quickly|just)\b/i;

const FILLER = /^(?:(?:so|and|but|also|oh|um+|uh+|er|yeah|yes|well|okay|ok|right|alright|honestly|actually|basically|btw|by the way|fyi|anyway|then|plus|just|and then|one more thing)\b[,:]?\s+)+/i;
const LEAD_IN = /^(?:i (?:think|noticed|saw|found|believe)(?: that)?|we (?:noticed|saw|found)(?: that)?|it (?:looks|seems) like|looks like|seems like|apparently|turns out)\s+/i;
const TASK_LEAD = /^(?:to\s+|please\s+|just\s+|go ahead and\s+|also\s+|quickly\s+|definitely\s+|actually\s+)+/i;
const TRAILING = /(?:[,\s]+(?:okay|ok|right|yeah|then|first|as well|too|I guess|I think|please|thanks))+[.!?]*$|[\s.!?,;:]+$/i;

function clean(text: string): string {
  let t = text.trim().replace(FILLER, '').replace(LEAD_IN, '').replace(TASK_LEAD, '').replace(/^["'“]|["'”]$/g, '');
  t = t.replace(TRAILING, '').trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}

function kindOf(sentence: string, forced?: ProposalKind): ProposalKind {
  if (forced) return forced;
  if ((BUG.test(sentence) || /\bfix(?:es|ing)?\b/i.test(sentence)) && !NOT_A_BUG.test(sentence)) return 'bug';
  if (STORY.test(sentence)) return 'story';
  return 'task';
}

interface Match {
  title: string;
  assignee: string | null;
  kind: ProposalKind;
}

/** The first rule matching the sentence, or undefined. */
function matchSentence(sentence: string, speaker: string | null): Match | undefined {
  const s = sentence.replace(FILLER, '').trim();
  const question = /\?\s*$/.test(s);

  const marker = MARKER.exec(s);
  if (marker) {
    let body = marker[3]!.trim();
    let assignee = marker[2]?.trim() ?? null;
    // "AI: Priya to update the runbook" / "TODO: @sam fix the flaky test"
    const owner = new RegExp(String.raw`^@?(${NAME})\s*(?:to|will|:|-|–)\s+(.+)$`, 'u').exec(body);
    if (owner && !NOT_NAMES.has(owner[1]!.split(/\s+/)[0]!)) {
      assignee = owner[1]!;
      body = owner[2]!;
    }
    return { title: clean(body), assignee, kind: kindOf(s, marker[1] ? 'bug' : undefined) };
  }
  if (question) return undefined;

  const self = SELF_COMMITMENT.exec(s);
  if (self && !NO_TASK.test(self[1]!)) return { title: clean(self[1]!), assignee: speaker, kind: kindOf(s) };

  const commitment = COMMITMENT.exec(s);
  if (commitment && commitment[1]) {
    const name = commitment[1].trim();
    if (!NOT_NAMES.has(name.split(/\s+/)[0]!) && !NO_TASK.test(commitment[2]!)) {
      return { title: clean(commitment[2]!), assignee: name, kind: kindOf(s) };
    }
  }

  const need = GROUP_NEED.exec(s);
  if (need && !NO_TASK.test(need[1]!)) return { title: clean(need[1]!), assignee: null, kind: kindOf(s) };

  const suggestion = SUGGESTION.exec(s);
  if (suggestion && !MEETING_FLOW.test(suggestion[1]!)) return { title: clean(suggestion[1]!), assignee: null, kind: kindOf(s) };

  const follow = FOLLOW_UP.exec(s);
  if (follow) return { title: clean(follow[1]!), assignee: speaker, kind: 'task' };

  // A wish ("as a user I want to see why X failed") is a story cue, not a bug report.
  if (BUG.test(s) && !NOT_A_BUG.test(s) && !STORY.test(s)) return { title: clean(s), assignee: null, kind: 'bug' };
  return undefined;
}

export function extractWithRules(transcript: string): Extraction {
  const items: ExtractedItem[] = [];
  const follow_ups: ExtractedFollowUp[] = [];
  let recent: string[] = [];
  for (const utterance of splitUtterances(transcript)) {
    for (const sentence of splitSentences(utterance.text)) {
      const before = recent.join(' ');
      recent = [...recent.slice(-1), sentence];
      const match = matchSentence(sentence, utterance.speaker);
      if (!match || match.title.length < 3) continue;
      // "Customers keep asking for X." — "Agreed." — "We should build X.": the wish makes the task a story.
      if (match.kind === 'task' && STORY.test(before)) match.kind = 'story';
      const evidence = utterance.speaker ? `${utterance.speaker}: ${sentence}` : sentence;
      const tickets = [...new Set(sentence.match(TICKET) ?? [])];
      if (tickets.length > 0) {
        for (const ticket of tickets) follow_ups.push({ ticket, note: match.title, assignee: match.assignee, evidence });
        continue;
      }
      items.push({ title: match.title, description: null, kind: match.kind, assignee: match.assignee, evidence });
    }
  }
  return normalizeExtraction({ items, follow_ups }, normalizeTitle);
}
