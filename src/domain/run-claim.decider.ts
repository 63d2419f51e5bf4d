// The claim stream of one organization's board project (`run_claim-<org>:<board>:<project>`): it
// holds at most one active run. A claim is an append at the revision read, so two triggers racing
// for the same project cannot both claim: the second one's append is refused, it reads again and
// finds the first one's run. A claim is released (by the next claimer) once its run is terminal.
import type { Decider } from './decider.js';
import { Type } from '@sinclair/typebox';
import { runEventSchemas, type RunRequestedData } from './run.events.js';

export type RunClaimEvent =
  | { type: 'RunClaimed'; data: RunRequestedData }
  | { type: 'RunClaimReleased'; data: { run_id: string; at: string } };

/** Runtime schemas of the claim events (checked before an append: src/adapters/validating-event-store.ts). */
export const runClaimEventSchemas = {
  RunClaimed: runEventSchemas.RunRequested,
  RunClaimReleased: Type.Object({ run_id: Type.String({ minLength: 1 }), at: Type.String({ minLength: 1 }) }),
} as const satisfies Record<RunClaimEvent['type'], unknown>;

export interface RunClaimState {
  /** The request of the claimed run, as the claimer will request it. */
  active: RunRequestedData | undefined;
}

export type RunClaimCommand = {
  type: 'ClaimRun';
  request: RunRequestedData;
  /** A claimed run the caller found terminal: released before claiming. */
  releasing?: string;
  now: Date;
};

function decide(command: RunClaimCommand, state: RunClaimState): RunClaimEvent[] {
  const { active } = state;
  if (active && active.run_id === command.request.run_id) return []; // ours already
  if (active && active.run_id !== command.releasing) return []; // another run holds it: the caller resumes it
  const events: RunClaimEvent[] = [];
  if (active) events.push({ type: 'RunClaimReleased', data: { run_id: active.run_id, at: command.now.toISOString() } });
  events.push({ type: 'RunClaimed', data: command.request });
  return events;
}

function evolve(state: RunClaimState, event: RunClaimEvent): RunClaimState {
  switch (event.type) {
    case 'RunClaimed':
      return { active: event.data };
    case 'RunClaimReleased':
      return state.active?.run_id === event.data.run_id ? { active: undefined } : state;
  }
}

export const runClaimDecider: Decider<RunClaimState, RunClaimCommand, RunClaimEvent> = {
  initialState: { active: undefined },
  decide,
  evolve,
};
