// Command handlers of the org stream.
import type { EventStore } from '../adapters/event-store.js';
import { orgDecider, type OrgCommand, type OrgState } from '../domain/org.decider.js';
import type { OrgEvent, OrgSettings, Schedule } from '../domain/org.events.js';
import type { AssignableRole } from '../domain/roles.js';
import { orgStreamId } from '../domain/streams.js';
import { handleCommand, loadStream, type CommandContext, type CommandResult } from './handle-command.js';

export interface OrgCommandDeps {
  store: EventStore;
  now: () => Date;
}

export function createOrgCommands(deps: OrgCommandDeps) {
  const run = (orgId: string, command: OrgCommand, context: CommandContext): Promise<CommandResult<OrgState, OrgEvent>> =>
    handleCommand({ store: deps.store, streamId: orgStreamId(orgId), decider: orgDecider, command, context });

  return {
    changeSettings: (orgId: string, changes: Partial<OrgSettings>, context: CommandContext) =>
      run(orgId, { type: 'ChangeOrgSettings', changes, now: deps.now() }, context),
    saveSchedule: (orgId: string, schedule: Schedule, context: CommandContext) =>
      run(orgId, { type: 'SaveSchedule', schedule, now: deps.now() }, context),
    setFeatureFlag: (orgId: string, name: string, enabled: boolean, context: CommandContext) =>
      run(orgId, { type: 'SetFeatureFlag', name, enabled, now: deps.now() }, context),
    /** `permissions` undefined: the member keeps their delegated permissions. */
    assignMemberRole: (orgId: string, userId: string, role: AssignableRole, permissions: readonly string[] | undefined, context: CommandContext) =>
      run(orgId, { type: 'AssignMemberRole', userId, role, permissions, now: deps.now() }, context),
    revokeMemberRole: (orgId: string, userId: string, context: CommandContext) => run(orgId, { type: 'RevokeMemberRole', userId, now: deps.now() }, context),
    /** The org's current state straight from its stream (for commands of other aggregates). */
    load: async (orgId: string): Promise<OrgState> => (await loadStream(deps.store, orgStreamId(orgId), orgDecider)).state,
  };
}

export type OrgCommands = ReturnType<typeof createOrgCommands>;
