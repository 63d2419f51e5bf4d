// What a chat request asks for. Pure: the route parses, the answerer acts.
//
// A request is a command when its first word is one (`status`, `next`, `blocked`, `help`, with or
// without a leading slash or trailing punctuation) followed by nothing or by one project key
// ("next ENG"). Anything else is a free question: "what is blocked in ENG?" goes to the assistant,
// not to `blocked`, because only the assistant reads the rest of such a sentence.
import type { ChatCommandName } from './chat.events.js';

export interface ParsedChatRequest {
  command: ChatCommandName;
  /** Upper-cased project (Jira) or team (Linear) key named after the command. */
  projectKey: string | null;
  /** The request text, trimmed. */
  text: string;
}

const COMMANDS = new Set<ChatCommandName>(['help', 'status', 'next', 'blocked']);
/** Jira project keys and Linear team keys: a letter, then letters, digits or underscores. */
const PROJECT_KEY = /^[A-Za-z][A-Za-z0-9_]{0,19}$/;

export function parseChatRequest(raw: string): ParsedChatRequest {
  const text = raw.trim();
  const words = text.split(/\s+/).filter(Boolean);
  const first = (words[0] ?? '').toLowerCase().replace(/^\//, '').replace(/[?!.:]+$/, '');
  const rest = words.slice(1);
  if (COMMANDS.has(first as ChatCommandName)) {
    const command = first as ChatCommandName;
    if (rest.length === 0) return { command, projectKey: null, text };
    if (rest.length === 1 && command !== 'help') {
      const key = rest[0]!.replace(/[?!.]+$/, '');
      if (PROJECT_KEY.test(key)) return { command, projectKey: key.toUpperCase(), text };
    }
  }
  return { command: 'question', projectKey: null, text };
}
