// Reads of the deployment-wide suppression list (email_suppressions). No organization filter, by
// design: see src/projections/email-suppressions.projection.ts. Served only to the system API key;
// the notifier asks isSuppressed before sending.
import type { Knex } from 'knex';
import { normalizeEmail } from '../domain/suppression.events.js';
import type { SuppressionView } from '../http/schemas/suppressions.schemas.js';

/** The email_suppressions columns the feed shows. */
interface SuppressionRow {
  email: string;
  reason: string;
  type: string | null;
  sub_type: string | null;
  first_suppressed_at: Date;
  last_suppressed_at: Date;
  suppression_count: number;
}

/** The one mapping of a suppression row to the feed's Suppression. */
export const toSuppressionView = (r: SuppressionRow): SuppressionView => ({
  email: r.email,
  reason: r.reason,
  type: r.type,
  sub_type: r.sub_type,
  first_suppressed_at: r.first_suppressed_at.toISOString(),
  last_suppressed_at: r.last_suppressed_at.toISOString(),
  count: r.suppression_count,
});

/** True when the address (matched ignoring case and surrounding spaces) is suppressed now. */
export async function isSuppressed(knex: Knex, email: string): Promise<boolean> {
  const row: unknown = await knex('email_suppressions').where({ email: normalizeEmail(email), suppressed: true }).first('email');
  return row !== undefined;
}

/** Current suppressions, newest first, with the total count. Never the SMTP diagnostic text (not stored). */
export async function listSuppressions(knex: Knex, page: { limit: number; offset: number }): Promise<{ items: SuppressionView[]; total: number }> {
  const [rows, countRow] = await Promise.all([
    knex('email_suppressions')
      .where({ suppressed: true })
      .orderBy([
        { column: 'last_suppressed_at', order: 'desc' },
        { column: 'email', order: 'asc' },
      ])
      .limit(page.limit)
      .offset(page.offset)
      .select('email', 'reason', 'type', 'sub_type', 'first_suppressed_at', 'last_suppressed_at', 'suppression_count'),
    knex('email_suppressions').where({ suppressed: true }).count<{ count: string }[]>({ count: '*' }).first(),
  ]);
  return {
    total: Number(countRow?.count ?? 0),
    items: (rows as SuppressionRow[]).map(toSuppressionView),
  };
}
