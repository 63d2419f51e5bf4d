// The `sprintguard` command. `npm start` runs `sprintguard serve`.
import { Command, CommanderError } from 'commander';
import { StreamNotFoundError } from '../adapters/event-store.js';
import { signDevToken } from '../adapters/identity/dev-identity.js';
import { runStreamId } from '../domain/streams.js';
import { toHistoryEntry } from '../queries/run-history.js';
import { runMigrations } from '../adapters/postgres/migrate.js';
import { eventStoreMigrations } from '../adapters/postgres/event-store.schema.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { readModelMigrations } from '../adapters/postgres/migrations.js';
import { createLogger, openInfrastructure } from '../composition/infrastructure.js';
import { routeProcessOutputToLog } from '../composition/process-log.js';
import { closeOnSignals, startProjector, startServer, startWorker } from '../server.js';
import { registerProjectionsCommands } from './projections.command.js';
import { registerSecretsCommands } from './secrets.command.js';
import { registerAuditCommands } from './audit.command.js';
import { registerDemoCommand } from './demo.command.js';
import { registerOpenApiCommand } from './openapi.command.js';
import type { Runtime } from './runtime.js';

function config(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const problem of err.problems) process.stderr.write(`sprintguard: ${problem}\n`);
      process.exit(1);
    }
    throw err;
  }
}

/** Infrastructure for one-shot commands: quiet logs unless LOG_LEVEL says otherwise. */
async function openRuntime(): Promise<Runtime> {
  const cfg = config();
  const log = createLogger({ ...cfg, LOG_LEVEL: process.env.LOG_LEVEL ? cfg.LOG_LEVEL : 'warn' });
  return openInfrastructure(cfg, log);
}

const program = new Command()
  .name('sprintguard')
  .description('Guarded automation cycles against a project board, event-sourced and audited.')
  .showHelpAfterError()
  .exitOverride();

program
  .command('serve', { isDefault: true })
  .description('run the API, the projector and the reactors in one process')
  .action(async () => {
    const cfg = config();
    const log = createLogger(cfg);
    routeProcessOutputToLog(log);
    const server = await startServer(cfg, log);
    log.info({ url: server.url }, `Sprintguard listening on ${server.url}`);
    closeOnSignals(server, log, cfg.SHUTDOWN_GRACE_MS);
  });

program
  .command('api')
  .description('run the API only; read models are kept by a separate `sprintguard projector`')
  .action(async () => {
    const cfg = { ...config(), PROJECTOR_ENABLED: false, REACTORS_ENABLED: false };
    const log = createLogger(cfg);
    routeProcessOutputToLog(log);
    const server = await startServer(cfg, log);
    log.info({ url: server.url }, `Sprintguard API listening on ${server.url}`);
    closeOnSignals(server, log, cfg.SHUTDOWN_GRACE_MS);
  });

program
  .command('projector')
  .description('keep the read models up to date (one active instance per projection; others stand by)')
  .action(async () => {
    const cfg = config();
    const log = createLogger(cfg);
    routeProcessOutputToLog(log);
    const projector = await startProjector(cfg, log);
    log.info({ projections: projector.names }, 'projector running');
    closeOnSignals(projector, log, cfg.SHUTDOWN_GRACE_MS);
  });

program
  .command('worker')
  .description('run the reactors (run executor, proposal applier, notifier) and the scheduler; one instance of each is active at a time')
  .action(async () => {
    const cfg = config();
    const log = createLogger(cfg);
    routeProcessOutputToLog(log);
    const worker = await startWorker(cfg, log);
    log.info('worker running');
    closeOnSignals(worker, log, cfg.SHUTDOWN_GRACE_MS);
  });

program
  .command('migrate')
  .description('create or update the event-store and read-model schemas, then exit')
  .action(async () => {
    const runtime = await openRuntime();
    try {
      // openInfrastructure already migrated; say what is there.
      const es = runtime.store.kind === 'postgres' ? await runMigrations(runtime.db.knex, eventStoreMigrations) : [];
      const rm = await runMigrations(runtime.db.knex, readModelMigrations);
      process.stdout.write(`Schemas are up to date (${es.length + rm.length} migrations applied now).\n`);
    } finally {
      await runtime.close();
    }
  });

program
  .command('token')
  .description('print a development bearer token (only when no identity provider is configured)')
  .requiredOption('--org <id>', 'organization id')
  .option('--user <id>', 'user id', 'dev-user')
  .option('--admin', 'make the user an organization administrator (org:admin)', false)
  .option('--role <role>', 'identity-provider organization role, e.g. org:member')
  .option('--expires <duration>', 'lifetime, e.g. 12h or 30m', '12h')
  .action(async (opts: { org: string; user: string; admin: boolean; role?: string; expires: string }) => {
    const cfg = config();
    if (cfg.AUTH_JWKS_URL || cfg.isProduction) {
      throw new CommanderError(1, 'sprintguard.token', 'An identity provider is configured: get tokens from it, not from this command.');
    }
    const token = await signDevToken(cfg.dataDir, {
      orgId: opts.org,
      userId: opts.user,
      admin: opts.admin,
      ...(opts.role ? { orgRole: opts.role } : {}),
      expiresIn: opts.expires,
    });
    process.stdout.write(`${token}\n`);
  });

const audit = program.command('audit').description('read the event log as auditors do');
audit
  .command('run <run_id>')
  .description("print a run's events in order: revision, time, type, who, data (all organizations: an operator tool)")
  .option('--json', 'one JSON object per line, as GET /api/runs/{run_id}/history: revision, type, data, metadata, created')
  .action(async (runId: string, opts: { json?: boolean }) => {
    const runtime = await openRuntime();
    try {
      let count = 0;
      for await (const e of runtime.store.readStream(runStreamId(runId))) {
        count++;
        const entry = toHistoryEntry(e);
        process.stdout.write(
          opts.json
            ? `${JSON.stringify(entry)}\n`
            : `${entry.revision.padStart(4)}  ${entry.created}  ${entry.type.padEnd(24)} ${String(e.metadata.user_id ?? '').padEnd(12)} ${JSON.stringify(e.data)}\n`,
        );
      }
      if (!opts.json) process.stderr.write(`${count} events\n`);
    } catch (err) {
      if (err instanceof StreamNotFoundError) throw new CommanderError(1, 'sprintguard.audit', `No run ${runId}`);
      throw err;
    } finally {
      await runtime.close();
    }
  });

registerAuditCommands(audit, openRuntime);
registerProjectionsCommands(program, openRuntime);
registerSecretsCommands(program, openRuntime, config);
registerDemoCommand(program);
registerOpenApiCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    if (err.exitCode !== 0 && !['commander.helpDisplayed', 'commander.version'].includes(err.code)) {
      if (err.code.startsWith('sprintguard')) process.stderr.write(`sprintguard: ${err.message}\n`);
    }
    process.exit(err.exitCode);
  }
  process.stderr.write(`sprintguard: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
