// An import is validated whole before anything is appended: one 400 that names every bad item,
// not only the first error the route's validator meets.
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ImportBodySchema, ImportItemSchema } from './backlog.schemas.js';

const ImportEnvelopeSchema = Type.Omit(ImportBodySchema, ['items']);

/** One line per bad field outside the items and per bad item (its first error), in order. */
export function importBodyErrors(body: unknown): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return ['body must be object'];
  const { items, ...envelope } = body as Record<string, unknown>;
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const e of Value.Errors(ImportEnvelopeSchema, envelope)) {
    if (seen.has(e.path)) continue;
    seen.add(e.path);
    errors.push(`body${e.path} ${e.message}`);
  }
  if (items === undefined) errors.push("body must have the field 'items'");
  else if (!Array.isArray(items)) errors.push('body/items must be array');
  else if (items.length === 0) errors.push('body/items must hold at least 1 item');
  else {
    items.forEach((item, i) => {
      const first = Value.Errors(ImportItemSchema, item).First();
      if (first) errors.push(`body/items/${i}${first.path} ${first.message}`);
    });
  }
  return errors;
}
