// The notifier (docs/notifications.md): run awaiting confirmation, actions awaiting approval, run completed or
// failed, and new proposals from a meeting become messages on the organization's channels — Slack,
// Teams, Discord webhooks and e-mail over SMTP.
//
// For each event:
//   1. build the notification from the event and its stream (pure, domain/notification.message.ts);
//   2. load the organization's channels (webhook URLs decrypted) and stop if it does not want this kind;
//   3. read the delivery ledger: targets already settled for this event id are skipped, which is
//      what makes a redelivered event (the runner is at-least-once) send nothing twice;
//   4. deliver to every other target — chat channels concurrently, e-mail recipients one after the
//      other, suppressed addresses skipped — each with bounded retries (only on answers that prove
//      non-delivery, honouring the vendor's wait hint), then record the outcome in the ledger.
// A channel that keeps failing is recorded as failed and logged (never its URL), and the event is
// done: one broken channel never holds back the others, the runner, or the run (the run executor is
// another reactor with its own checkpoint). Only infrastructure failures (the database, the event
// store) throw, so that the runner handles the event again later; the ledger then prevents repeats.
// Retries wait inside the handler, bounded by maxAttempts and maxDelayMs; a shutdown cancels the wait
// and leaves the delivery unrecorded, so it is made after the restart.
import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '../adapters/event-store.js';
import type { AttemptOutcome, NotificationChannel } from '../adapters/chat/channel.js';
import { loadStream } from '../commands/handle-command.js';
import type { SavedNotificationChannels } from '../commands/notification.commands.js';
import { meetingDecider } from '../domain/meeting.decider.js';
import type { ProposalsExtractedData } from '../domain/meeting.events.js';
import { chatChannels, type ChatChannelKind } from '../domain/notification.events.js';
import { meetingNotification, notificationLink, runNotification, runNotificationKind, type Notification } from '../domain/notification.message.js';
import { runDecider } from '../domain/run.decider.js';
import type { RunEvent } from '../domain/run.events.js';
import { streamCategories } from '../domain/streams.js';
import { backoffDelay, sleep as abortableSleep } from '../lib/retry.js';
import type { ProjectorLog } from '../projections/projector.js';
import { createNotificationLedger, targetKey, type DeliveryStatus } from './notification-ledger.js';
import type { Reactor } from './reactor.js';

export interface NotifierDeps {
  store: EventStore;
  knex: Knex;
  loadChannels: (orgId: string) => Promise<SavedNotificationChannels | undefined>;
  /** A chat channel for a saved webhook URL; `signal` cancels an attempt at shutdown. */
  chatChannel: (kind: ChatChannelKind, url: string, signal: AbortSignal) => NotificationChannel;
  /** Undefined when SMTP is not configured: e-mail deliveries are then recorded as failed. */
  mailer?: NotificationChannel;
  /** Addresses that bounced or complained (the suppressions read model) receive nothing. */
  isSuppressed: (email: string) => Promise<boolean>;
  /** Public base URL of the API, to turn link paths into links. */
  linkBaseUrl?: string;
  /** The console's public address (<PUBLIC_URL>/app/): links then open the console's page instead of the API. */
  consoleBaseUrl?: string;
  /** Attempts per delivery (default 4); waits between them (default 1 s doubling, at most 30 s). */
  retry?: { maxAttempts?: number; baseDelayMs?: number; maxDelayMs?: number };
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /**
   * Events older than this are not announced (default 24 h): a new notifier catching up on the
   * log, or a reset checkpoint, must not flood channels with the past.
   */
  maxEventAgeMs?: number;
  /** The composition's one clock: ages events and dates the ledger's rows. */
  now: () => Date;
  log?: ProjectorLog;
  /** Told each settled delivery: channel (slack, teams, discord, email) and outcome, for the metrics. */
  onSettled?: (channel: string, status: DeliveryStatus) => void;
}

export const NOTIFIER_REACTOR = 'notifier';

const silent: ProjectorLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

type Settled = { status: DeliveryStatus; attempts: number; error: string | null } | { status: 'aborted' };

export function createNotifier(deps: NotifierDeps) {
  const ledger = createNotificationLedger(deps.knex);
  const log = deps.log ?? silent;
  const { now } = deps;
  const maxAttempts = Math.max(1, deps.retry?.maxAttempts ?? 4);
  const baseDelayMs = deps.retry?.baseDelayMs ?? 1_000;
  const maxDelayMs = deps.retry?.maxDelayMs ?? 30_000;
  const sleep = deps.sleep ?? abortableSleep;
  const maxEventAgeMs = deps.maxEventAgeMs ?? 24 * 3_600_000;

  /** The notification an event causes, or undefined. */
  async function notificationFor(event: RecordedEvent): Promise<Notification | undefined> {
    if (event.streamName.startsWith(streamCategories.run)) {
      if (!runNotificationKind(event.type as RunEvent['type'])) return undefined;
      const { state } = await loadStream(deps.store, event.streamName, runDecider);
      const orgId = event.metadata.org_id ?? state.request?.org_id;
      return orgId ? runNotification(orgId, state, { type: event.type, data: event.data } as RunEvent) : undefined;
    }
    if (event.streamName.startsWith(streamCategories.meeting) && event.type === 'ProposalsExtracted') {
      const { state } = await loadStream(deps.store, event.streamName, meetingDecider);
      return state.meeting ? meetingNotification(state.meeting, (event.data as ProposalsExtractedData).proposals) : undefined;
    }
    return undefined;
  }

  /** Attempts one delivery until it succeeds, fails for good, or the attempts are spent. */
  async function deliver(attempt: () => Promise<AttemptOutcome>, signal: AbortSignal): Promise<Settled> {
    for (let n = 1; ; n++) {
      const outcome = await attempt();
      if (outcome.ok) return { status: 'delivered', attempts: n, error: null };
      if (signal.aborted) return { status: 'aborted' };
      if (!outcome.retryable || n >= maxAttempts) {
        return { status: 'failed', attempts: n, error: n > 1 ? `${outcome.message} (after ${n} attempts)` : outcome.message };
      }
      // The vendor's hint wins over our backoff; a hint longer than we are willing to wait ends the
      // delivery now (waiting less would only be refused again).
      if (outcome.retryAfterMs !== undefined && outcome.retryAfterMs > maxDelayMs) {
        return { status: 'failed', attempts: n, error: `${outcome.message} (asked to wait ${Math.ceil(outcome.retryAfterMs / 1000)} s, more than ${Math.ceil(maxDelayMs / 1000)} s)` };
      }
      // No jitter: a delivery's waits are its own (tests and docs/notifications.md state them exactly),
      // and the vendor's Retry-After already spreads clients it rate limited.
      await sleep(outcome.retryAfterMs ?? backoffDelay(n - 1, { initialMs: baseDelayMs, maxMs: maxDelayMs, jitter: 0 }), signal);
      if (signal.aborted) return { status: 'aborted' };
    }
  }

  async function settle(event: RecordedEvent, n: Notification, channel: string, recipient: string, result: Settled): Promise<void> {
    if (result.status === 'aborted') return;
    deps.onSettled?.(channel, result.status);
    if (result.status === 'failed') {
      // The message says what failed (vendor, status, its error code); never the URL or the address's diagnostics.
      log.warn({ org_id: n.org_id, event_id: event.id, kind: n.kind, channel, attempts: result.attempts, error: result.error }, 'notification not delivered');
    }
    await ledger.record({ event_id: event.id, channel, recipient, org_id: n.org_id, kind: n.kind, status: result.status, attempts: result.attempts, error: result.error, settled_at: now() });
  }

  async function handle(event: RecordedEvent, signal: AbortSignal): Promise<void> {
    if (now().getTime() - event.created.getTime() > maxEventAgeMs) return;
    const n = await notificationFor(event);
    if (!n) return;
    const channels = await deps.loadChannels(n.org_id);
    if (!channels || !channels.events.includes(n.kind)) return;
    const link = notificationLink(n, { consoleUrl: deps.consoleBaseUrl, apiUrl: deps.linkBaseUrl });
    const notification: Notification = link ? { ...n, link_url: link } : n;
    const done = await ledger.settled(event.id);

    const chats = chatChannels
      .filter((kind) => channels.webhooks[kind] && !done.has(targetKey(kind, '')))
      .map(async (kind) => {
        const saved = channels.webhooks[kind]!;
        const result: Settled =
          'unusable' in saved
            ? { status: 'failed', attempts: 0, error: saved.unusable }
            : await deliver(() => deps.chatChannel(kind, saved.url, signal).send(notification), signal);
        await settle(event, notification, kind, '', result);
      });

    const emails = (async () => {
      for (const to of channels.email_recipients) {
        if (signal.aborted) return;
        if (done.has(targetKey('email', to))) continue;
        let result: Settled;
        if (await deps.isSuppressed(to)) result = { status: 'suppressed', attempts: 0, error: null };
        else if (!deps.mailer) result = { status: 'failed', attempts: 0, error: 'SMTP is not configured (SMTP_HOST, SMTP_FROM)' };
        else {
          const mailer = deps.mailer;
          result = await deliver(() => mailer.send(notification, to), signal);
        }
        await settle(event, notification, 'email', to, result);
      }
    })();

    // allSettled first, so that every target gets its chance and its ledger row before an
    // infrastructure error (a ledger write) is rethrown for the runner to retry.
    const results = await Promise.allSettled([...chats, emails]);
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
  }

  return { handle, ledger };
}

export type Notifier = ReturnType<typeof createNotifier>;

export function createNotifierReactor(notifier: Notifier): Reactor {
  return {
    name: NOTIFIER_REACTOR,
    // Only the events that can cause a notification reach the handler (both lists must match).
    filter: {
      streamPrefixes: [streamCategories.run, streamCategories.meeting],
      eventTypePrefixes: ['ConfirmationRequested', 'ApprovalRequested', 'RunCompleted', 'RunFailed', 'ProposalsExtracted'],
    },
    handle: (event, signal) => notifier.handle(event, signal),
  };
}
