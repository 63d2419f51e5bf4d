// Command handlers of chat request streams. One stream per delivered request, so recording is
// a `no_stream` append: of two deliveries of the same request, the second append fails on the
// expected revision, handleCommand reads the stream again and the decider finds it recorded.
import type { EventStore } from '../adapters/event-store.js';
import { chatRequestDecider } from '../domain/chat.decider.js';
import type { ChatRequestAnsweredData } from '../domain/chat.events.js';
import { chatRequestStreamId } from '../domain/streams.js';
import { handleCommand, loadStream, type CommandContext } from './handle-command.js';

export interface ChatCommandDeps {
  store: EventStore;
}

export function createChatCommands(deps: ChatCommandDeps) {
  return {
    /** The answer recorded for this request, or undefined when it was never answered. */
    async recorded(requestKey: string): Promise<ChatRequestAnsweredData | undefined> {
      const { state } = await loadStream(deps.store, chatRequestStreamId(requestKey), chatRequestDecider);
      return state.answered;
    },
    /**
     * Records the answer once. Returns the answer that stands (this one, or the one a concurrent
     * delivery of the same request recorded first) and whether this call appended it.
     */
    async record(answer: ChatRequestAnsweredData, context: CommandContext): Promise<{ answer: ChatRequestAnsweredData; appended: boolean }> {
      const result = await handleCommand({
        store: deps.store,
        streamId: chatRequestStreamId(answer.request_key),
        decider: chatRequestDecider,
        command: { type: 'RecordChatAnswer', answer },
        context,
      });
      return { answer: result.state.answered ?? answer, appended: result.events.length > 0 };
    },
  };
}

export type ChatCommands = ReturnType<typeof createChatCommands>;
