// The SQL side of the CSV exports: each column rendered as the text `safeCell` (csv.ts) gives the
// value node-postgres would return for it, and the query's parameters inlined as literals, since
// COPY takes no parameters.
// The select list is what PostgreSQL evaluates per cell, 100,000 times a column for a large export,
// so each kind costs as little as it can: the formula test reads the first character's code
// (`ascii`, no substring, no collation) of a column read in place, a number is tested by its sign
// rather than by its text, and a timestamp, which never starts with a formula character, is one
// `to_char` in the export session's UTC time zone (export-session.ts).
import { escapeLiteral } from 'pg';
import { DomainError } from '../../domain/errors.js';

/** How a column's value becomes text, as `safeCell` writes the value node-postgres returns. */
export type CsvKind = 'text' | 'integer' | 'boolean' | 'timestamp' | 'text[]';

export interface CsvColumn {
  header: string;
  /** Column of the query's rows. */
  field: string;
  kind: CsvKind;
  /**
   * SQL giving the value when it is not a plain column (a constant of the code, never user input);
   * it may be evaluated twice per cell.
   */
  expression?: string;
}

/** Codes of the first characters a spreadsheet reads as a formula: tab, CR, +, -, =, @ (safeCell's FORMULA). */
const FORMULA_CODES = '9, 13, 43, 45, 61, 64';

/** Date.toISOString: UTC (the session's time zone), milliseconds truncated as node-postgres truncates them, a Z. */
const ISO_INSTANT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

function cellSql(value: string, kind: CsvKind): string {
  switch (kind) {
    case 'text':
      return `CASE WHEN ascii(${value}) IN (${FORMULA_CODES}) THEN '''' || ${value} ELSE coalesce(${value}, '') END`;
    case 'integer':
      // A negative number starts with '-': defused as safeCell does.
      return `CASE WHEN ${value} < 0 THEN '''' || ${value}::text ELSE coalesce(${value}::text, '') END`;
    case 'boolean':
      return `coalesce(${value}::text, '')`;
    case 'timestamp':
      return `coalesce(to_char(${value}, ${ISO_INSTANT}), '')`;
    case 'text[]':
      // Elements joined by spaces, a NULL element empty (cellText); the text starts with the first element's.
      return `coalesce(CASE WHEN ascii(${value}[array_lower(${value}, 1)]) IN (${FORMULA_CODES}) THEN '''' ELSE '' END || array_to_string(${value}, ' ', ''), '')`;
  }
}

/** The select list of a CSV export: each column as its defused text, never NULL, in the columns' order. */
export function csvSelectList(columns: readonly CsvColumn[], qualifier = ''): string {
  return columns.map((c) => `${cellSql(c.expression ?? `${qualifier}${quoteIdent(c.field)}`, c.kind)} AS ${quoteIdent(c.header)}`).join(', ');
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
