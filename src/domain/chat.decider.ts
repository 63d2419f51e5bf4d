// Decider of a chat request stream: a request is recorded once. A second delivery of the same
// request (a retry, a replay, two concurrent copies) decides nothing, and the caller answers with
// what the first one recorded.
import type { Decider } from './decider.js';
import type { ChatEvent, ChatRequestAnsweredData } from './chat.events.js';

export interface ChatRequestState {
  /** The recorded answer; undefined until the request was answered once. */
  answered: ChatRequestAnsweredData | undefined;
}

export type ChatCommand = { type: 'RecordChatAnswer'; answer: ChatRequestAnsweredData };

export const initialChatRequestState: ChatRequestState = { answered: undefined };

function decide(command: ChatCommand, state: ChatRequestState): ChatEvent[] {
  switch (command.type) {
    case 'RecordChatAnswer':
      // Already satisfied: the first recording wins, whatever this attempt computed.
      if (state.answered) return [];
      return [{ type: 'ChatRequestAnswered', data: command.answer }];
  }
}

function evolve(state: ChatRequestState, event: ChatEvent): ChatRequestState {
  switch (event.type) {
    case 'ChatRequestAnswered':
      return state.answered ? state : { answered: event.data };
    default:
      return state;
  }
}

export const chatRequestDecider: Decider<ChatRequestState, ChatCommand, ChatEvent> = {
  initialState: initialChatRequestState,
  decide,
  evolve,
};
