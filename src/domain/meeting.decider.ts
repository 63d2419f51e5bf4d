// Decider of a meeting stream: the ingest is recorded first, then what the extractor found.
import type { Decider } from './decider.js';
import { conflict, notFound } from './errors.js';
import type { MeetingEvent, MeetingIngestedData, ProposalsExtractedData } from './meeting.events.js';

export interface MeetingState {
  meeting: MeetingIngestedData | undefined;
  extracted: boolean;
}

export type MeetingCommand =
  | { type: 'RecordIngest'; meeting: MeetingIngestedData }
  | { type: 'RecordExtraction'; extraction: ProposalsExtractedData };

function decide(command: MeetingCommand, state: MeetingState): MeetingEvent[] {
  switch (command.type) {
    case 'RecordIngest':
      if (state.meeting) return [];
      return [{ type: 'MeetingIngested', data: command.meeting }];
    case 'RecordExtraction':
      if (!state.meeting) throw notFound('Meeting not found');
      if (state.extracted) throw conflict('The extraction of this meeting is already recorded');
      return [{ type: 'ProposalsExtracted', data: command.extraction }];
  }
}

function evolve(state: MeetingState, event: MeetingEvent): MeetingState {
  switch (event.type) {
    case 'MeetingIngested':
      return { ...state, meeting: event.data };
    case 'ProposalsExtracted':
      return { ...state, extracted: true };
    default:
      return state;
  }
}

export const meetingDecider: Decider<MeetingState, MeetingCommand, MeetingEvent> = {
  initialState: { meeting: undefined, extracted: false },
  decide,
  evolve,
};
