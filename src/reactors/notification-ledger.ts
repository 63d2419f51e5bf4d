// The notifier's delivery ledger: one row per (event id, channel, recipient) once that delivery is
// settled — delivered, failed after its bounded retries, or skipped because the address is
// suppressed. The runner delivers events at least once; before sending, the notifier reads the
// ledger, so an event handled again sends nothing already settled. Not a read model: no projection
// lists the table, so a rebuild never truncates it. Its table is in notification-ledger.schema.ts.
import type { Knex } from 'knex';

export type DeliveryStatus = 'delivered' | 'failed' | 'suppressed';

export interface DeliveryRecord {
  event_id: string;
  channel: string;
  recipient: string;
  org_id: string;
  kind: string;
  status: DeliveryStatus;
  attempts: number;
  error: string | null;
  settled_at: Date;
}

export const targetKey = (channel: string, recipient: string) => `${channel}\u0000${recipient}`;

export function createNotificationLedger(knex: Knex) {
  return {
    /** Keys (targetKey) of the deliveries of this event that are already settled. */
    async settled(eventId: string): Promise<Set<string>> {
      const rows = await knex('notification_deliveries').where({ event_id: eventId }).select<{ channel: string; recipient: string }[]>('channel', 'recipient');
      return new Set(rows.map((r) => targetKey(r.channel, r.recipient)));
    },
    async record(row: DeliveryRecord): Promise<void> {
      await knex('notification_deliveries').insert(row).onConflict(['event_id', 'channel', 'recipient']).ignore();
    },
    async forEvent(eventId: string): Promise<DeliveryRecord[]> {
      return knex('notification_deliveries').where({ event_id: eventId }).orderBy(['channel', 'recipient']).select<DeliveryRecord[]>('*');
    },
  };
}

export type NotificationLedger = ReturnType<typeof createNotificationLedger>;
