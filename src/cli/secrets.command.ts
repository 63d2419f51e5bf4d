// `sprintguard secrets rotate`: re-encrypts under SECRETS_KEY every stored secret that only
// SECRETS_KEY_PREVIOUS opens, so the previous key can then be removed (docs/operations.md).
import { CommanderError, type Command } from 'commander';
import { createSecretStore, loadSecretsKey, previousSecretsKey } from '../adapters/secrets/secret-store.js';
import type { Config } from '../config.js';
import type { Runtime } from './runtime.js';

export function registerSecretsCommands(program: Command, open: () => Promise<Runtime>, config: () => Config): void {
  const secrets = program.command('secrets').description('stored secrets (board tokens, webhook URLs)');
  secrets
    .command('rotate')
    .description('re-encrypt with SECRETS_KEY every secret stored under SECRETS_KEY_PREVIOUS; then SECRETS_KEY_PREVIOUS can be unset')
    .action(async () => {
      const cfg = config();
      const previousKey = previousSecretsKey(cfg.SECRETS_KEY_PREVIOUS);
      if (!previousKey) throw new CommanderError(1, 'sprintguard.secrets', 'SECRETS_KEY_PREVIOUS is not set: there is nothing to rotate from');
      const key = await loadSecretsKey({ configured: cfg.SECRETS_KEY, dataDir: cfg.dataDir, isProduction: cfg.isProduction });
      const runtime = await open();
      try {
        const report = await createSecretStore(runtime.db.knex, key, { previousKey }).reencryptAll();
        process.stdout.write(`${report.rotated} secrets re-encrypted, ${report.current} already under SECRETS_KEY, ${report.unreadable.length} unreadable\n`);
        if (report.unreadable.length > 0) {
          throw new CommanderError(
            1,
            'sprintguard.secrets',
            `neither key opens ${report.unreadable.length} secrets (${report.unreadable.slice(0, 10).join(', ')}${report.unreadable.length > 10 ? ', …' : ''}); keep SECRETS_KEY_PREVIOUS until they are saved again`,
          );
        }
      } finally {
        await runtime.close();
      }
    });
}
