// given(events) / when(command) / then(events | error) for pure deciders: no mocks, no I/O.
import { expect } from 'vitest';
import { fold, type Decider, type DomainEvent } from '../../src/domain/decider.js';
import { DomainError, type ErrorCode } from '../../src/domain/errors.js';

export function deciderSpec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given: (history: Event[] = []) => ({
      when: (command: Command) => {
        const run = () => decider.decide(command, fold(decider, history));
        return {
          then: (expected: Event[]) => expect(run()).toEqual(expected),
          thenNothing: () => expect(run()).toEqual([]),
          thenFails: (code: ErrorCode, message?: RegExp) => {
            let error: unknown;
            try {
              run();
            } catch (e) {
              error = e;
            }
            expect(error, 'the command should have failed').toBeInstanceOf(DomainError);
            expect((error as DomainError).code).toBe(code);
            if (message) expect((error as DomainError).message).toMatch(message);
          },
        };
      },
    }),
  };
}
