// The one append path on a real event store: creations expected on a new stream (`no_stream`),
// facts appended at `any` with ids derived from the events, the one metadata builder, and the
// tenancy helper that makes another organization's stream "not found".
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '../../src/adapters/event-store.js';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { eventStoreMigrations } from '../../src/adapters/postgres/event-store.schema.js';
import { runMigrations } from '../../src/adapters/postgres/migrate.js';
import { createPgEventStore } from '../../src/adapters/postgres/pg-event-store.js';
import { handleCommand } from '../../src/commands/handle-command.js';
import { nameBasedUuid } from '../../src/commands/suppression.commands.js';
import { DomainError } from '../../src/domain/errors.js';
import { proposalDecider, proposalTenancy } from '../../src/domain/proposal.decider.js';
import type { ProposalCreatedData } from '../../src/domain/proposal.events.js';
import { suppressionDecider } from '../../src/domain/suppression.decider.js';
import { ownedState, scopedTo } from '../../src/domain/tenancy.js';
import { createTestDatabaseUrl } from '../support/database.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The chain fields every appended event carries; the first event of a stream has no predecessor. */
const chain = { prev_hash: null, hash: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown };

let db: Database;
let store: EventStore;
/** The real store, counting stream reads: an append path that must not read is checked by it. */
let counted: EventStore;
let reads = 0;

beforeAll(async () => {
  db = createDatabase({ url: await createTestDatabaseUrl('handle_command'), poolSize: 4 });
  await runMigrations(db.knex, eventStoreMigrations);
  store = createPgEventStore({ pool: db.pool, connectionString: db.url });
  counted = Object.create(store, {
    readStream: {
      value: (...args: Parameters<EventStore['readStream']>) => {
        reads++;
        return store.readStream(...args);
      },
    },
  }) as EventStore;
});
afterAll(async () => {
  await store?.close();
  await db?.close();
});

const recorded = async (streamId: string): Promise<RecordedEvent[]> => {
  const out: RecordedEvent[] = [];
  for await (const e of store.readStream(streamId)) out.push(e);
  return out;
};

const proposal = (orgId: string): ProposalCreatedData => ({
  proposal_id: randomUUID(),
  org_id: orgId,
  board_type: 'jira',
  project_key: 'HC',
  source: 'import',
  title: 'Export to CSV',
  kind: 'task',
  labels: [],
  created_by: 'ada',
  at: '2026-11-22T10:00:00.000Z',
});

describe('handleCommand', () => {
  it('appends a creation at no_stream without reading first, and a second creation appends nothing', async () => {
    const data = proposal('org_a');
    const streamId = `proposal-${data.proposal_id}`;
    const create = () =>
      handleCommand({
        store: counted,
        streamId,
        decider: proposalDecider,
        command: { type: 'CreateProposal', proposal: data },
        context: { org_id: 'org_a', user_id: 'ada', correlation_id: 'c-1', request_id: 'r-1' },
        expectedRevision: 'no_stream',
      });
    reads = 0;
    const first = await create();
    expect(first.events.map((e) => e.type)).toEqual(['ProposalCreated']);
    expect(reads).toBe(0);
    // The store refuses `no_stream`; the command is decided again on what the stream holds.
    const second = await create();
    expect(second.events).toEqual([]);
    expect(second.state.proposal?.proposal_id).toBe(data.proposal_id);
    const events = await recorded(streamId);
    expect(events).toHaveLength(1);
    // Ids that grow with time (UUIDv7, src/lib/uuid-v7.ts): the store's id index takes them at its right edge.
    expect(events[0]!.id).toMatch(UUID_V7);
    // Plus the store's tamper-evidence chain (src/adapters/audit-chain.ts).
    expect(events[0]!.metadata).toEqual({ org_id: 'org_a', user_id: 'ada', correlation_id: 'c-1', causation_id: 'r-1', request_id: 'r-1', ...chain });
  });

  it('appends facts at any with ids derived from the events: the same command again adds nothing, and nothing is read', async () => {
    const streamId = `suppressions-test-${randomUUID()}`;
    const record = () =>
      handleCommand({
        store: counted,
        streamId,
        decider: suppressionDecider,
        command: { type: 'RecordSuppressions', reason: 'bounce', kindType: 'Permanent', subType: null, recipients: ['a@x.io', 'b@x.io'], sourceMessageId: 'm-1', at: new Date('2026-11-22T10:00:00Z') },
        context: { user_id: 'sns', correlation_id: 'm-1', causation_id: 'm-1' },
        expectedRevision: 'any',
        eventId: (e) => nameBasedUuid(`sns:m-1:${e.data.email}`),
      });
    reads = 0;
    expect((await record()).events).toHaveLength(2);
    await record();
    expect(reads).toBe(0);
    const events = await recorded(streamId);
    expect(events.map((e) => e.id)).toEqual([nameBasedUuid('sns:m-1:a@x.io'), nameBasedUuid('sns:m-1:b@x.io')]);
    // Without a request, the cause the context names is the causation.
    expect(events[0]!.metadata).toEqual({ user_id: 'sns', correlation_id: 'm-1', causation_id: 'm-1', ...chain });
  });

  it("answers not found for another organization's stream, as for one that does not exist", async () => {
    const data = proposal('org_a');
    const streamId = `proposal-${data.proposal_id}`;
    const context = { user_id: 'ada', correlation_id: 'c-2' };
    await handleCommand({ store, streamId, decider: scopedTo(proposalDecider, proposalTenancy, 'org_a'), command: { type: 'CreateProposal', proposal: data }, context });
    const decide = (orgId: string) =>
      handleCommand({
        store,
        streamId,
        decider: scopedTo(proposalDecider, proposalTenancy, orgId),
        command: { type: 'DecideProposal', decision: 'accept', by: 'ada', now: new Date() },
        context,
      });
    const refused = await decide('org_b').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'not_found', message: 'Proposal not found' });
    expect((await recorded(streamId)).map((e) => e.type)).toEqual(['ProposalCreated']);
    expect((await decide('org_a')).events.map((e) => e.type)).toEqual(['ProposalAccepted']);
    expect(() => ownedState(proposalTenancy, 'org_b', { proposal: data, status: 'pending' })).toThrow('Proposal not found');
  });
});
