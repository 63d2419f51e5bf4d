// The proposal applier on a real event store and a Jira stand-in: accepted proposals become one
// board item each; an intent left without outcome by a crash is resolved by finding the marker
// label on the board, never by creating a second item; failures are recorded, not retried forever.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoardProvider } from '../../src/adapters/boards/create-board-provider.js';
import type { EventStore } from '../../src/adapters/event-store.js';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { eventStoreMigrations } from '../../src/adapters/postgres/event-store.schema.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { createPgEventStore } from '../../src/adapters/postgres/pg-event-store.js';
import { createBacklogCommands } from '../../src/commands/backlog.commands.js';
import { initialOrgState } from '../../src/domain/org.decider.js';
import { proposalMarkerLabel } from '../../src/domain/proposal.decider.js';
import { proposalStreamId } from '../../src/domain/streams.js';
import { createProposalApplier } from '../../src/reactors/proposal-applier.reactor.js';
import { BoardNotConfiguredError, type BoardProviders } from '../../src/reactors/run-processor.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';

let db: Database;
let store: EventStore;
let jira: JiraStandIn;
let applier: ReturnType<typeof createProposalApplier>;
const context = { user_id: 'ada', correlation_id: 'test' };

beforeAll(async () => {
  db = createDatabase({ url: await createTestDatabaseUrl('proposal_applier'), poolSize: 6 });
  await runMigrations(db.knex, eventStoreMigrations);
  store = createPgEventStore({ pool: db.pool, connectionString: db.url });
  jira = await startJiraStandIn({ pageSize: 50 });
  jira.seedProject('APL');
  applier = createProposalApplier({ store, boards, now });
});
afterAll(async () => {
  await store?.close();
  await db?.close();
  await jira?.close();
});

const boards: BoardProviders = {
  async forOrg(orgId) {
    if (orgId === 'org_unconfigured') throw new BoardNotConfiguredError('No board integration is configured');
    return createBoardProvider({ board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token }, { allowPrivateUrls: true });
  },
};
const now = () => new Date('2026-11-22T10:00:00Z');
const backlog = () => createBacklogCommands({ store, now, loadOrg: async () => initialOrgState });
const creates = () => jira.writes().filter((w) => w.method === 'POST' && w.path === '/rest/api/3/issue');
const types = async (id: string) => {
  const out: string[] = [];
  for await (const e of store.readStream(proposalStreamId(id))) out.push(e.type);
  return out;
};

async function acceptedProposal(org: string, title: string): Promise<string> {
  const commands = backlog();
  const { created } = await commands.importBacklog(org, { board_type: 'jira', project_key: 'APL', items: [{ title, kind: 'bug', labels: ['ops'] }] }, context);
  await commands.decide(org, created[0]!.id, 'accept', undefined, context);
  return created[0]!.id;
}

describe('proposal applier', () => {
  it('creates the item once with the marker label; reconciling again does nothing', async () => {
    const id = await acceptedProposal('org_a', 'Rotate the TLS certificates');
    const before = creates().length;
    await applier.reconcile(id);
    await applier.reconcile(id);
    expect(creates().length - before).toBe(1);
    const issue = [...jira.issues.values()].find((i) => i.summary === 'Rotate the TLS certificates')!;
    expect(issue.labels).toEqual(['ops', proposalMarkerLabel(id)]);
    expect(await types(id)).toEqual(['ProposalCreated', 'ProposalAccepted', 'ProposalApplyStarted', 'ProposalApplied']);
    expect((await applier.load(id)).provider_key).toBe(issue.key);
  });

  it('after a crash between the intent and the outcome, finds the item by its label instead of creating another', async () => {
    const id = await acceptedProposal('org_a', 'Archive the old dashboards');
    // The crash: the intent is appended and the item created, the outcome never recorded.
    await store.append(proposalStreamId(id), [{ type: 'ProposalApplyStarted', data: { marker_label: proposalMarkerLabel(id), at: now().toISOString() } }], { expectedRevision: 1n });
    const made = await (await boards.forOrg('org_a', 'jira')).createItem('APL', { title: 'Archive the old dashboards', labels: [proposalMarkerLabel(id)] });
    const before = creates().length;
    await applier.reconcile(id);
    expect(creates().length).toBe(before);
    const state = await applier.load(id);
    expect(state).toMatchObject({ status: 'applied', provider_key: made.key });
  });

  it('after a crash before the board call, creates the item (nothing carries the label yet)', async () => {
    const id = await acceptedProposal('org_a', 'Write the on-call handbook');
    await store.append(proposalStreamId(id), [{ type: 'ProposalApplyStarted', data: { marker_label: proposalMarkerLabel(id), at: now().toISOString() } }], { expectedRevision: 1n });
    const before = creates().length;
    await applier.reconcile(id);
    expect(creates().length - before).toBe(1);
    expect((await applier.load(id)).status).toBe('applied');
  });

  it('records a failure: no board configured, or the board refuses', async () => {
    const unconfigured = await acceptedProposal('org_unconfigured', 'Anything');
    await applier.reconcile(unconfigured);
    expect(await types(unconfigured)).toEqual(['ProposalCreated', 'ProposalAccepted', 'ProposalApplyStarted', 'ProposalApplyFailed']);

    const refused = await acceptedProposal('org_a', 'Refused by Jira');
    jira.failNext(1, 400);
    await applier.reconcile(refused);
    expect((await applier.load(refused)).status).toBe('apply_failed');
  });
});
