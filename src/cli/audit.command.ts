// `sprintguard audit org <org_id>` (the organization's audit log, as GET /api/audit/events) and
// `sprintguard audit verify` (recompute the tamper-evidence chains; exit code 2 on a broken link).
import { CommanderError, type Command } from 'commander';
import { listAuditEvents, parseAuditCursor, type AuditFilters } from '../queries/audit-events.query.js';
import { streamsInScope, verifyStreams } from '../queries/audit-verify.js';
import type { Runtime } from './runtime.js';

interface OrgOptions extends AuditFilters {
  order: 'asc' | 'desc';
  json?: boolean;
}

/** Exit code of `audit verify` when a chain is broken (1 stays "the command failed"). */
export const BROKEN_CHAIN_EXIT_CODE = 2;

export function registerAuditCommands(audit: Command, open: () => Promise<Runtime>): void {
  audit
    .command('org <org_id>')
    .description("print the organization's audit log (every event of its streams with actor, correlation and causation), as GET /api/audit/events")
    .option('--kind <kind>', 'stream kind: run, org, proposal, meeting, chat, suppressions')
    .option('--type <type>', 'event type')
    .option('--actor <user_id>', 'who did it (metadata user_id)')
    .option('--from <iso>', 'created at or after')
    .option('--to <iso>', 'created before')
    .option('--order <order>', 'asc (oldest first) or desc', 'asc')
    .option('--json', 'one JSON object per line, as the items of GET /api/audit/events')
    .action(async (orgId: string, opts: OrgOptions) => {
      if (opts.order !== 'asc' && opts.order !== 'desc') throw new CommanderError(1, 'sprintguard.audit', '--order is asc or desc');
      const runtime = await open();
      try {
        const filters: AuditFilters = { kind: opts.kind, type: opts.type, actor: opts.actor, from: opts.from, to: opts.to };
        let cursor: string | null = null;
        let count = 0;
        do {
          const after = cursor === null ? undefined : parseAuditCursor(cursor);
          const page = await listAuditEvents(runtime.db.knex, orgId, filters, { order: opts.order, after, limit: 500 });
          for (const item of page.items) {
            count++;
            process.stdout.write(
              opts.json
                ? `${JSON.stringify(item)}\n`
                : `${item.position.padEnd(14)} ${item.created}  ${item.stream.padEnd(24)} ${item.revision.padStart(4)}  ${item.type.padEnd(28)} ${(item.actor ?? '').padEnd(12)} ${item.correlation_id ?? ''}\n`,
            );
          }
          cursor = page.next_cursor;
        } while (cursor !== null);
        if (!opts.json) process.stderr.write(`${count} events\n`);
      } finally {
        await runtime.close();
      }
    });

  audit
    .command('verify')
    .description('recompute the hash chains of the event log and name the first broken link of each stream (exit code 2 when one is broken)')
    .option('--org <org_id>', "only the organization's streams")
    .option('--stream <name>', 'only this stream')
    .action(async (opts: { org?: string; stream?: string }) => {
      const runtime = await open();
      let broken = 0;
      try {
        const reports = await verifyStreams(runtime.store, await streamsInScope(runtime.store, opts));
        let events = 0;
        let unsealed = 0;
        for (const r of reports) {
          events += r.events;
          unsealed += r.unsealedPrefix;
          if (r.broken) {
            broken++;
            process.stdout.write(`BROKEN ${r.stream} at revision ${r.broken.revision}: ${r.broken.kind} (${r.broken.detail})\n`);
          } else if (r.unsealedPrefix > 0) {
            process.stdout.write(`ok     ${r.stream}: ${r.events} events, unsealed prefix of ${r.unsealedPrefix} (written before the chain existed)\n`);
          }
        }
        process.stdout.write(`${reports.length} streams, ${events} events, ${unsealed} unsealed, ${broken} broken\n`);
      } finally {
        await runtime.close();
      }
      if (broken > 0) throw new CommanderError(BROKEN_CHAIN_EXIT_CODE, 'sprintguard.audit.broken', `${broken} broken chain(s)`);
    });
}
