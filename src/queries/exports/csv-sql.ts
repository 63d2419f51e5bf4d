// The SQL side of the CSV exports: each column rendered as the text `safeCell` (csv.ts) gives the
// value node-postgres would return for it, and the query's parameters inlined as literals, since
// COPY takes no parameters.
// The select list is what PostgreSQL evaluates per cell, 100,000 times a column for a large export,
// so each kind does as little as it can (backend CPU measured in docs/read-side.md):
// - the formula test reads the first character's code (`ascii`: no substring, no collation); a text
//   starting with a letter or above (code > 64; every formula character is below) is returned as it
//   is after one comparison;
// - a number is written as PostgreSQL writes it, with no test and no cast: its text is only digits
//   and a sign, which no spreadsheet reads as a formula (a cast to text cost ~20% more backend time
//   than the number's own output);
// - a timestamp never starts with a formula character. Where the projection wrote its text
//   (isoField: the runs' created_at and completed_at), that text is copied; the formatting below
//   is for the other timestamps and for rows written before those columns. `to_char` cost about
//   three times the timestamp's own text output. Instead the instant is floored to the millisecond plus one
//   microsecond (`date_bin`: integer arithmetic), so its text in the export session's UTC and ISO
//   DateStyle (export-session.ts), `2026-11-23 10:00:00.123001+00`, always has six fraction digits;
//   two replacements make it `2026-11-23T10:00:00.123Z`: Date.toISOString of the value
//   node-postgres returns (milliseconds truncated, as node-postgres truncates them).
import { escapeLiteral } from '../../adapters/postgres/database.js';
import { DomainError } from '../../domain/errors.js';

/**
 * How a column's value becomes text, as `safeCell` writes the value node-postgres returns. `integer`
 * is an int2 or int4 column (node-postgres returns a number; an int8 comes back as text).
 */
export type CsvKind = 'text' | 'integer' | 'boolean' | 'timestamp' | 'text[]';

export interface CsvColumn {
  header: string;
  /** Column of the export's source rows. */
  field: string;
  kind: CsvKind;
  /**
   * A timestamp's cell text as the projection wrote it (Date.toISOString), when the source has it:
   * copied as it is, and the timestamp formatted in the query only where it is NULL (rows written
   * before the column existed).
   */
  isoField?: string;
}

/** What one CSV export reads. */
export interface CsvExport {
  /** SELECT of the rows: the code's own text, with $1… standing for `params`. */
  source: string;
  /** The only input of the query: inlined as literals (inlineParams). */
  params: readonly InlineValue[];
  /** ORDER BY over the source's columns, each named `src.<column>`. */
  orderBy: string;
  columns: readonly CsvColumn[];
}

/** Codes of the first characters a spreadsheet reads as a formula: tab, CR, +, -, =, @ (safeCell's FORMULA). */
const FORMULA_CODES = '9, 13, 43, 45, 61, 64';

/** Bins start one microsecond past each millisecond, from before any instant stored (years 1 to 9999). */
const MILLISECOND_BINS = `timestamptz '0001-01-01 00:00:00.000001+00'`;

/** `text` (an expression of type text) defused, never NULL. */
function defusedText(text: string): string {
  return `CASE WHEN ascii(${text}) > 64 THEN ${text} WHEN ascii(${text}) IN (${FORMULA_CODES}) THEN '''' || ${text} ELSE coalesce(${text}, '') END`;
}

function cellSql(value: string, kind: CsvKind, iso?: string): string {
  if (kind === 'timestamp' && iso) return `coalesce(${iso}, ${cellSql(value, kind)})`;
  switch (kind) {
    case 'text':
      return defusedText(value);
    case 'integer':
      // NULL is an empty field, unquoted (FORCE_QUOTE quotes values, not NULLs); the columns
      // exported are NOT NULL.
      return value;
    case 'boolean':
      return `coalesce(${value}::text, '')`;
    case 'timestamp':
      return `coalesce(replace(replace(date_bin('1 millisecond', ${value} + interval '1 microsecond', ${MILLISECOND_BINS})::text, ' ', 'T'), '001+00', 'Z'), '')`;
    case 'text[]':
      // Elements joined by spaces, a NULL element empty (cellText). When the first element (x[1]:
      // arrays start at 1 unless written otherwise) starts with a letter or above, so does the
      // joined text: it is joined once, not once for the test and once for the cell.
      return `CASE WHEN ascii(${value}[1]) > 64 AND array_lower(${value}, 1) = 1 THEN array_to_string(${value}, ' ', '') ELSE ${defusedText(`array_to_string(${value}, ' ', '')`)} END`;
  }
}

/**
 * The query of a CSV export: its source first (a long statement shows only its beginning in
 * pg_stat_activity, which then names what the export reads; the planner inlines the CTE), then each
 * column as its defused text, never NULL, in the columns' order.
 */
export function csvQuery(e: CsvExport): string {
  const cells = e.columns
    .map((c) => `${cellSql(`src.${quoteIdent(c.field)}`, c.kind, c.isoField && `src.${quoteIdent(c.isoField)}`)} AS ${quoteIdent(c.header)}`)
    .join(', ');
  return `WITH src AS (${inlineParams(e.source, e.params)}) SELECT ${cells} FROM src ORDER BY ${e.orderBy}`;
}

export type InlineValue = string | number | Date;

/**
 * `sql` with each `$n` replaced by the n-th value as an escaped literal (`escapeLiteral`: quotes and
 * backslashes doubled). `sql` is the code's own text; the values are the only input it carries, and
 * they reach the query as literals only: the replacement is a single pass, so a `$2` inside a value
 * stays text.
 */
export function inlineParams(sql: string, params: readonly InlineValue[]): string {
  return sql.replace(/\$(\d+)/g, (_match, n: string) => {
    const index = Number(n) - 1;
    if (!(index in params)) throw new Error(`inlineParams: no value for $${n}`);
    return literal(params[index]!);
  });
}

function literal(value: InlineValue): string {
  if (value instanceof Date) return escapeLiteral(value.toISOString());
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`inlineParams: ${value} is not a finite number`);
    return escapeLiteral(String(value));
  }
  // The query text is a C string for the server: a NUL would end it. The routes refuse it first
  // (http/plugins/storable-text.ts); this keeps it out whatever the caller.
  if (value.includes('\u0000')) throw new DomainError('invalid', 'A filter value must not hold a NUL character');
  return escapeLiteral(value);
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
