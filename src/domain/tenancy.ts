// Tenancy of streams that belong to one organization (runs, proposals): a stream of another
// organization does not exist for the caller, so commands and reads answer "not found" for it
// exactly as for a stream that was never written (nothing tells one from the other).
import type { Decider, DomainEvent } from './decider.js';
import { notFound } from './errors.js';

export interface Tenancy<State, Command> {
  /** The organization the stream belongs to; undefined before the stream is created. */
  orgOf: (state: State) => string | undefined;
  /** Whether the command creates the stream: the one command allowed before it belongs to anyone. */
  creates: (command: Command) => boolean;
  /** The "not found" answer, naming the kind of stream. */
  notFoundMessage: string;
}

/** True when the folded stream belongs to the organization. */
export const belongsTo = <State>(tenancy: Pick<Tenancy<State, never>, 'orgOf'>, orgId: string, state: State): boolean => tenancy.orgOf(state) === orgId;

/** The state, when it belongs to the organization; throws "not found" otherwise. */
export function ownedState<State>(tenancy: Pick<Tenancy<State, never>, 'orgOf' | 'notFoundMessage'>, orgId: string, state: State): State {
  if (!belongsTo(tenancy, orgId, state)) throw notFound(tenancy.notFoundMessage);
  return state;
}

/** The decider, refusing every command but the creating one on streams of other organizations. */
export function scopedTo<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  tenancy: Tenancy<State, Command>,
  orgId: string,
): Decider<State, Command, Event> {
  return {
    ...decider,
    decide(command, state) {
      if (!tenancy.creates(command)) ownedState(tenancy, orgId, state);
      return decider.decide(command, state);
    },
  };
}
