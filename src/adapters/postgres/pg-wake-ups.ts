// Wake-ups of the PostgreSQL event store's subscriptions. LISTEN/NOTIFY is only a hint sent after
// commit (NOTIFY inside the append transaction takes a cluster-wide lock at commit and halves
// throughput), backed by each subscription's fallback poll:
//   - WakeHub: in-memory fan-out to this process's subscriptions (local commits wake them at once);
//   - Notifier: the coalesced cross-process NOTIFY, sent after the append committed;
//   - Listener: one dedicated LISTEN session per store (opened through database.ts), feeding the hub.
import type pg from 'pg';
import { backoffDelay, type BackoffPolicy } from '../../lib/retry.js';
import { createDedicatedClient } from './database.js';
import { NOTIFY_SQL } from './pg-sql.js';

const CHANNEL = 'es_all';
/** At most one outgoing NOTIFY per this many ms per store. */
const NOTIFY_COALESCE_MS = 10;
/** NOTIFY payloads must stay under 8000 bytes; past this we send "wake everyone". */
const NOTIFY_PAYLOAD_MAX = 7000;
const WAKE_ALL = '*';
/**
 * NOTIFY payload: one line per stream, `stream<TAB>type,type…`. A line without a tab (a process of an
 * earlier version) names the stream alone, which wakes every subscription of that stream.
 */
const encodeWakes = (wakes: readonly { stream: string; types: readonly string[] }[]) =>
  wakes.map((w) => (w.types.length > 0 ? `${w.stream}\t${w.types.join(',')}` : w.stream)).join('\n');
const decodeWakes = (payload: string): Wake[] =>
  payload.split('\n').map((line) => {
    const tab = line.indexOf('\t');
    return tab < 0 ? { stream: line } : { stream: line.slice(0, tab), types: line.slice(tab + 1).split(',') };
  });
const unsafeInPayload = (name: string) => name === WAKE_ALL || /[\n\t,]/.test(name);
const RECONNECT_BACKOFF: BackoffPolicy = { initialMs: 100, maxMs: 5_000, jitter: 0.5 };

type Log = (msg: string, err?: unknown) => void;

export interface Waiter {
  /** Only wake-ups naming this stream matter (undefined: every wake-up, as the live tail of $all wants). */
  readonly stream: string | undefined;
  /** A wake-up arrived since the last read: the next wait returns at once. */
  pending: boolean;
  resume: (() => void) | undefined;
}

/**
 * What a wake-up names: a stream and the types of the events appended to it. This process no longer
 * filters on the types ($all subscriptions filter the live tail's events in process, live-tail.ts);
 * the NOTIFY still carries them for processes of earlier versions, whose type-filtered subscriptions
 * skip a wake-up by them.
 */
export interface Wake {
  stream: string;
  types?: readonly string[];
}

/** Whether a waiter has to read after this wake-up: a stream's subscription skips other streams' without a read. */
function concerns(waiter: Waiter, wake: Wake): boolean {
  return waiter.stream === undefined || wake.stream === waiter.stream;
}

/** In-memory fan-out of wake-ups (local commits and the LISTEN connection) to all subscriptions. */
export class WakeHub {
  private readonly waiters = new Set<Waiter>();

  register(stream: string | undefined): Waiter {
    const waiter: Waiter = { stream, pending: false, resume: undefined };
    this.waiters.add(waiter);
    return waiter;
  }

  unregister(waiter: Waiter): void {
    this.waiters.delete(waiter);
    waiter.resume?.();
  }

  wake(wakes: readonly Wake[] | 'all'): void {
    for (const waiter of this.waiters) {
      if (waiter.pending) continue;
      if (wakes !== 'all' && !wakes.some((w) => concerns(waiter, w))) continue;
      waiter.pending = true;
      waiter.resume?.();
    }
  }

  /** Resolves on a wake-up, after `timeoutMs` (the fallback poll) or on abort. */
  wait(waiter: Waiter, timeoutMs: number, signal: AbortSignal): Promise<void> {
    if (waiter.pending || signal.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        waiter.resume = undefined;
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal.addEventListener('abort', done, { once: true });
      waiter.resume = done;
    });
  }
}

/**
 * Sends the cross-process wake-up: one coalesced pg_notify per NOTIFY_COALESCE_MS, as its own
 * statement after the append committed. NOTIFY inside the append would take PostgreSQL's global
 * notify lock at every commit; synchronous_commit=off because losing a hint in a crash is harmless.
 */
export class Notifier {
  /** Stream → the types appended to it since the last NOTIFY. */
  private readonly streams = new Map<string, Set<string>>();
  private timer: NodeJS.Timeout | undefined;
  private lastSentAt = 0;
  private inFlight: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Log,
  ) {}

  schedule(wake: Wake): void {
    if (this.closed) return;
    let types = this.streams.get(wake.stream);
    if (!types) this.streams.set(wake.stream, (types = new Set()));
    for (const t of wake.types ?? []) types.add(t);
    if (this.timer) return;
    // None sent in the last NOTIFY_COALESCE_MS: send now. A zero timer would wait for the next turn
    // of the event loop, behind every I/O callback of this one (a busy process: tens of ms).
    const wait = this.lastSentAt + NOTIFY_COALESCE_MS - Date.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) this.flush();
    await this.inFlight;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.lastSentAt = Date.now();
    const wakes = [...this.streams].map(([stream, types]) => ({ stream, types: [...types] }));
    this.streams.clear();
    let payload = encodeWakes(wakes);
    if (payload.length > NOTIFY_PAYLOAD_MAX || wakes.some((w) => [w.stream, ...w.types].some(unsafeInPayload))) payload = WAKE_ALL;
    const sent = this.pool
      .query(NOTIFY_SQL, [CHANNEL, payload])
      .then(() => undefined)
      .catch((err: unknown) => this.log('event store: NOTIFY failed (subscribers fall back to polling)', err));
    this.inFlight = Promise.all([this.inFlight, sent]).then(() => undefined);
  }
}

/**
 * One dedicated connection per store runs LISTEN and fans notifications out through the hub. Started on
 * the first subscription; reconnects with backoff when it drops, then wakes everyone (notifications
 * sent while it was away are lost).
 */
export class Listener {
  private client: pg.Client | undefined;
  private started = false;
  private stopped = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly hub: WakeHub,
    private readonly log: Log,
  ) {}

  ensureStarted(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = createDedicatedClient(this.connectionString, { applicationName: 'sprintguard-es-listen' });
    client.on('notification', (msg) => {
      const payload = msg.payload ?? WAKE_ALL;
      this.hub.wake(payload === WAKE_ALL || payload === '' ? 'all' : decodeWakes(payload));
    });
    client.on('error', (err) => this.drop(client, err));
    client.on('end', () => this.drop(client, undefined));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      this.drop(client, err);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.attempt = 0;
    this.hub.wake('all');
  }

  private drop(client: pg.Client, err: unknown): void {
    if (this.stopped) return;
    if (this.client === client) this.client = undefined;
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    if (this.retryTimer) return;
    const delay = backoffDelay(this.attempt++, RECONNECT_BACKOFF);
    this.log(`event store: LISTEN connection lost, reconnecting in ${delay} ms`, err);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (!this.stopped) void this.connect();
    }, delay);
    // Subscriptions fall back to polling meanwhile; a timer must not keep the process alive.
    this.retryTimer.unref();
  }
}
