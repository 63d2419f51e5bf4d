// Caps on the vendor text that enters events. A board item's title, status or labels end up in run
// events (a planned run carries every item it acts on); a vendor answering megabyte titles would
// otherwise write a multi-megabyte event (EventStoreDB refuses appends over 1 MiB, and every reader
// of the stream pays for it). Longer texts are cut and end with TRUNCATED_MARKER, so a reader sees
// that the text was cut. The limits are listed in docs/integrations.md.
import type { BoardItem } from '../../domain/board.js';

export const TRUNCATED_MARKER = '…[truncated]';

export const BOARD_TEXT_LIMITS = {
  /** Item title (Jira allows 255, Linear more). */
  title: 500,
  /** Keys, ids, status names, priority names, label names. */
  short: 200,
  url: 2_000,
  /** Labels kept per item. */
  labels: 50,
  /** Pull-request or comment bodies (source control). */
  body: 4_000,
} as const;

/** `text` cut to at most `max` characters, ending with the marker when cut. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - TRUNCATED_MARKER.length))}${TRUNCATED_MARKER}`;
}

export function capBoardItem(item: BoardItem): BoardItem {
  const { title, short, url, labels } = BOARD_TEXT_LIMITS;
  return {
    ...item,
    id: capText(item.id, short),
    key: capText(item.key, short),
    title: capText(item.title, title),
    ...(item.url !== undefined ? { url: capText(item.url, url) } : {}),
    status: capText(item.status, short),
    assignee: item.assignee
      ? { ...item.assignee, id: capText(item.assignee.id, short), name: capText(item.assignee.name, short), ...(item.assignee.email !== undefined ? { email: capText(item.assignee.email, short) } : {}) }
      : null,
    priority: item.priority === null ? null : capText(item.priority, short),
    labels: item.labels.slice(0, labels).map((l) => capText(l, short)),
    ...(item.branchName !== undefined ? { branchName: capText(item.branchName, short) } : {}),
  };
}
