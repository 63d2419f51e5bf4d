// A decorator of the board-provider port: one client span per call to the board (docs/observability.md,
// "Traces"), the child of the span that asked for the provider (`parent`: the run executor's reactor
// step, a request that plans a run, the proposal applier's step); a provider is made per use. Spans
// carry the board kind, the operation and the outcome's HTTP status; never an item's content, a
// comment, a URL or a credential. Applied by the composition only when tracing is on.
import { BoardProviderError, type BoardProvider } from '../boards/board-provider.js';
import { inSpan, SpanKind } from './spans.js';

type Operation = Exclude<keyof BoardProvider, 'kind'>;

export function withBoardTracing(provider: BoardProvider, parent?: string): BoardProvider {
  const traced =
    <A extends unknown[], R>(operation: Operation, call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      inSpan(`board ${operation}`, { kind: SpanKind.CLIENT, parent, attributes: { 'sprintguard.board.kind': provider.kind, 'sprintguard.board.operation': operation } }, async (span) => {
        try {
          return await call(...args);
        } catch (err) {
          if (err instanceof BoardProviderError && err.details.status !== undefined) span.setAttribute('http.response.status_code', err.details.status);
          throw err;
        }
      });
  return {
    kind: provider.kind,
    testConnection: traced('testConnection', (projectKey?: string) => provider.testConnection(projectKey)),
    listActiveItems: traced('listActiveItems', (projectKey: string, options?: { limit?: number }) => provider.listActiveItems(projectKey, options)),
    getItem: traced('getItem', (key: string) => provider.getItem(key)),
    comment: traced('comment', (key: string, body: string, marker?: string) => provider.comment(key, body, marker)),
    hasComment: traced('hasComment', (key: string, marker: string) => provider.hasComment(key, marker)),
    transition: traced('transition', (key: string, target: Parameters<BoardProvider['transition']>[1]) => provider.transition(key, target)),
    assign: traced('assign', (key: string, assignee: string | null) => provider.assign(key, assignee)),
    addLabel: traced('addLabel', (key: string, label: string) => provider.addLabel(key, label)),
    createItem: traced('createItem', (projectKey: string, item: Parameters<BoardProvider['createItem']>[1]) => provider.createItem(projectKey, item)),
    linkPullRequest: traced('linkPullRequest', (key: string, link: Parameters<BoardProvider['linkPullRequest']>[1]) => provider.linkPullRequest(key, link)),
  };
}
