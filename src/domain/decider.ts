// The Decider pattern (Chassaing): a pure decide/evolve pair over one stream. No I/O, no clock:
// time and ids arrive inside the command.

/** An event as the domain sees it: a type and its JSON data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: State;
  evolve: (state: State, event: Event) => State;
  /** Returns the events the command causes: none when it is already satisfied; throws DomainError when impossible. */
  decide: (command: Command, state: State) => Event[];
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  events: Iterable<Event>,
  from: State = decider.initialState,
): State {
  let state = from;
  for (const event of events) state = decider.evolve(state, event);
  return state;
}
