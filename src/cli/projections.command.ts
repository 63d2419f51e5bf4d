// `sprintguard projections rebuild [name...]`, `status` (with the parked events) and `retry <name>`.
// Progress goes to stderr (a bar on a terminal, plain lines otherwise); results go to stdout.
import { CommanderError, type Command } from 'commander';
import { shadowRebuild } from '../projections/shadow.js';
import { formatPosition, type Position } from '../adapters/event-store.js';
import { createProjector, type ProjectionStatus } from '../projections/projector.js';
import { countParkedEvents, listParkedEvents, requestRetry, type ParkedEvent } from '../projections/parked-events.js';
import { retryParkedEvents } from '../projections/parked-retry.js';
import {
  ProjectionLockedError,
  rebuildProjections,
  selectProjections,
  UnknownProjectionError,
  type RebuildProgress,
} from '../projections/rebuild.js';
import type { Runtime } from './runtime.js';

/**
 * Opens the runtime, runs `work`, closes the runtime. An unknown projection or a held lock is a
 * usage problem, not a crash: one clear line and exit code 1.
 */
async function withRuntime(open: () => Promise<Runtime>, work: (runtime: Runtime) => Promise<void>): Promise<void> {
  const runtime = await open();
  let failure: Error | undefined;
  try {
    await work(runtime);
  } catch (err) {
    if (!(err instanceof UnknownProjectionError || err instanceof ProjectionLockedError)) throw err;
    failure = err;
  } finally {
    await runtime.close();
  }
  // Not command.error(): with the program's showHelpAfterError it printed the usage under a state
  // the usage does not explain (a live projector holds the lock), and the message twice.
  if (failure) throw new CommanderError(1, 'sprintguard.projections', failure.message);
}

export function registerProjectionsCommands(program: Command, open: () => Promise<Runtime>): void {
  const projections = program.command('projections').description('read-model projections');

  projections
    .command('rebuild')
    .description('empty the named projections (all when none is named) and replay the event log into them')
    .argument('[name...]', 'projection names')
    .option('--batch-size <n>', 'events per transaction', (v) => parsePositiveInt(v, '--batch-size'))
    .option('--shadow', 'rebuild into shadow tables while the live ones keep serving, then swap them in (zero downtime)')
    .action(async (names: string[], options: { batchSize?: number; shadow?: boolean }) =>
      withRuntime(open, async (runtime) => {
        const selected = selectProjections(runtime.projections, names);
        const bar = new ProgressBar(process.stderr);
        const deps = { store: runtime.store, db: runtime.db, projections: runtime.projections, batchSize: options.batchSize };
        if (options.shadow) {
          for (const projection of selected) {
            const r = await shadowRebuild(deps, projection, 'rebuild', (p) => bar.update(p));
            bar.done();
            process.stdout.write(`${r.name}: rebuilt from ${r.events.toLocaleString('en-US')} events in ${r.seconds.toFixed(1)} s and swapped in\n`);
          }
          return;
        }
        const results = await rebuildProjections(deps, names, (p) => bar.update(p)).catch((err: unknown) => {
          // What an operator beside a running server wants to know: the rebuild that runs beside it.
          if (err instanceof ProjectionLockedError) err.message += ', or rebuild it beside them with --shadow';
          throw err;
        });
        bar.done();
        for (const r of results) {
          process.stdout.write(
            `${r.name}: ${r.events.toLocaleString('en-US')} events in ${r.seconds.toFixed(1)} s ` +
              `(${r.eventsPerSecond.toLocaleString('en-US')} events/s)\n`,
          );
        }
      }),
    );

  projections
    .command('verify')
    .description('rebuild the named projections (all when none is named) into shadow tables and report every row that differs from the live read model')
    .argument('[name...]', 'projection names')
    .action(async (names: string[]) => {
      let differing = 0;
      await withRuntime(open, async (runtime) => {
        const selected = selectProjections(runtime.projections, names);
        const bar = new ProgressBar(process.stderr);
        for (const projection of selected) {
          const r = await shadowRebuild({ store: runtime.store, db: runtime.db, projections: runtime.projections }, projection, 'verify', (p) => bar.update(p));
          bar.done();
          if (r.differences.length === 0) {
            process.stdout.write(`${r.name}: matches a rebuild from ${r.events.toLocaleString('en-US')} events\n`);
            continue;
          }
          for (const d of r.differences) {
            differing += d.onlyLiveCount + d.onlyRebuiltCount;
            process.stdout.write(`${r.name}.${d.table}: ${d.onlyLiveCount} live rows a rebuild would not produce, ${d.onlyRebuiltCount} rebuilt rows missing or different in the live table\n`);
            for (const row of d.onlyLive) process.stdout.write(`  live:    ${JSON.stringify(row)}\n`);
            for (const row of d.onlyRebuilt) process.stdout.write(`  rebuilt: ${JSON.stringify(row)}\n`);
          }
        }
      });
      // Differences are a finding, not a failure of the command: exit code 2 lets scripts tell.
      if (differing > 0) process.exitCode = 2;
    });

  projections
    .command('status')
    .description('checkpoint, lag and version of every projection, and the events parked by projections and reactors')
    .option('--json', 'print JSON instead of a table')
    .action(async (options: { json?: boolean }) => {
      const runtime = await open();
      try {
        // A projector that is never started: status() only reads the checkpoints and the store.
        const projector = createProjector({ store: runtime.store, db: runtime.db, projections: runtime.projections });
        const rows = await projector.status();
        const parked = await listParkedEvents(runtime.db.knex);
        process.stdout.write(options.json ? `${statusJson(rows, parked)}\n` : statusTable(rows, new Date()) + parkedTable(parked));
      } finally {
        await runtime.close();
      }
    });

  projections
    .command('retry')
    .description('apply the parked events of a projection again (after a fix), in log order; for `reactor:<name>`, ask the running worker to handle them again')
    .argument('<name>', 'projection name, or reactor:<name>')
    .action(async (name: string) => {
      let failed = 0;
      await withRuntime(open, async (runtime) => {
        if (name.startsWith('reactor:')) {
          const requested = await requestRetry(runtime.db.knex, name);
          process.stdout.write(`${name}: ${requested} parked events handed back to the running worker\n`);
          return;
        }
        const [projection] = selectProjections(runtime.projections, [name]);
        const outcomes = await retryParkedEvents(runtime, projection!);
        for (const o of outcomes) {
          if (o.result !== 'applied') failed++;
          const what = `${formatPosition(o.event.position)} ${o.event.eventType} ${o.event.eventId} (${o.event.streamName})`;
          process.stdout.write(`${name}: ${what} ${o.result}${o.error ? `: ${o.error}` : ''}\n`);
        }
        const left = (await countParkedEvents(runtime.db.knex))[name] ?? 0;
        process.stdout.write(`${name}: ${outcomes.length - failed} applied, ${left} still parked\n`);
      });
      // Events that still fail are a finding for the operator: exit code 2, as `verify` does.
      if (failed > 0) process.exitCode = 2;
    });
}

/** The parked events (empty when none): a count per consumer, then one line per event. */
export function parkedTable(parked: readonly ParkedEvent[]): string {
  if (parked.length === 0) return '';
  const counts = new Map<string, number>();
  for (const p of parked) counts.set(p.consumer, (counts.get(p.consumer) ?? 0) + 1);
  const header = ['consumer', 'position', 'stream', 'type', 'event id', 'attempts', 'parked at', 'error'];
  const body = parked.map((p) => [p.consumer, formatPosition(p.position), p.streamName, p.eventType, p.eventId, String(p.attempts), p.parkedAt.toISOString(), p.error]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  const summary = [...counts].map(([consumer, n]) => `${consumer} ${n}`).join(', ');
  return `\nparked events: ${summary}\n` + [line(header), ...body.map(line)].join('\n') + '\n';
}

function parsePositiveInt(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag} must be a positive integer`);
  return n;
}

export function statusTable(rows: readonly ProjectionStatus[], now: Date): string {
  const header = ['name', 'version', 'checkpoint', 'updated', 'behind', 'lag'];
  const body = rows.map((r) => [
    r.name,
    r.needsRebuild ? `${r.version} (stored ${r.storedVersion}: rebuild)` : String(r.version),
    r.checkpoint ? formatPosition(r.checkpoint) : '-',
    r.updatedAt ? `${formatDuration(now.getTime() - r.updatedAt.getTime())} ago` : 'never',
    r.behind ? 'yes' : 'no',
    r.behind ? formatDuration(r.lagMs) : '0',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), ...body.map(line)].join('\n') + '\n';
}

function statusJson(rows: readonly ProjectionStatus[], parked: readonly ParkedEvent[]): string {
  const position = (p: Position | null) => (p ? formatPosition(p) : null);
  return JSON.stringify(
    rows.map((r) => ({
      ...r,
      checkpoint: position(r.checkpoint),
      head: position(r.head),
      updatedAt: r.updatedAt?.toISOString() ?? null,
      parkedEvents: parked
        .filter((p) => p.consumer === r.name)
        .map((p) => ({ ...p, position: formatPosition(p.position), parkedAt: p.parkedAt.toISOString(), retryRequestedAt: p.retryRequestedAt?.toISOString() ?? null })),
    })),
    null,
    2,
  );
}

export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.max(0, Math.round(ms))}ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(Math.floor(s % 60)).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * A tiny progress display. On a terminal it redraws one line (at most 10 times a second); otherwise
 * it prints a plain line every 2 seconds. The completed fraction is an estimate from the positions
 * (the `prepare` part grows with the log in both adapters), good enough for an ETA.
 */
export class ProgressBar {
  private lastDraw = 0;
  private current: RebuildProgress | undefined;
  private started = Date.now();
  private readonly tty: boolean;

  constructor(
    private readonly out: NodeJS.WriteStream,
    private readonly width = 24,
  ) {
    this.tty = out.isTTY === true;
  }

  update(p: RebuildProgress): void {
    if (this.current?.name !== p.name) {
      this.finishLine();
      this.started = Date.now();
    }
    this.current = p;
    const now = Date.now();
    if (now - this.lastDraw < (this.tty ? 100 : 2_000)) return;
    this.lastDraw = now;
    this.draw(p);
  }

  done(): void {
    this.finishLine();
  }

  private finishLine(): void {
    if (!this.current) return;
    this.draw(this.current);
    if (this.tty) this.out.write('\n');
    this.current = undefined;
    this.lastDraw = 0;
  }

  private draw(p: RebuildProgress): void {
    const fraction = estimateFraction(p.position, p.head);
    const parts = [`${p.name}`];
    if (fraction !== undefined && this.tty) {
      const filled = Math.round(fraction * this.width);
      parts.push(`[${'#'.repeat(filled)}${'-'.repeat(this.width - filled)}] ${Math.floor(fraction * 100)}%`);
    } else if (fraction !== undefined) {
      parts.push(`${Math.floor(fraction * 100)}%`);
    }
    parts.push(`${p.events.toLocaleString('en-US')} events`, `${p.eventsPerSecond.toLocaleString('en-US')} events/s`);
    if (fraction !== undefined && fraction > 0 && fraction < 1) {
      const elapsed = Date.now() - this.started;
      parts.push(`ETA ${formatDuration((elapsed * (1 - fraction)) / fraction)}`);
    }
    const text = parts.join('  ');
    this.out.write(this.tty ? `\r\x1b[2K${text}` : `${text}\n`);
  }
}

function estimateFraction(position: Position, head: Position | null): number | undefined {
  if (!head || head.prepare <= 0n) return undefined;
  const f = Number(position.prepare) / Number(head.prepare);
  return Number.isFinite(f) ? Math.min(1, Math.max(0, f)) : undefined;
}
