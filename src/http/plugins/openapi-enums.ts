// Closed sets as `enum` in the OpenAPI document. Route schemas often spell a closed set as a union of
// literals (TypeBox `Type.Union([Type.Literal('a'), …])`, shared with the event schemas), which
// @fastify/swagger writes as `anyOf: [{type: string, enum: [a]}, …]`: correct, but a generated client
// or a reader sees N one-value schemas instead of one list of values. This rewrites every such union
// (and the same union with `null`) as one `{type: 'string', enum: [...]}`, keeping the outer keywords
// (description, default, examples). Only the document changes: requests are still validated by
// the route schemas themselves.

type Json = Record<string, unknown>;

/** A branch that allows exactly one string and says nothing else that would be lost. */
function literalOf(branch: unknown): string | undefined {
  if (!branch || typeof branch !== 'object' || Array.isArray(branch)) return undefined;
  const b = branch as Json;
  const extra = Object.keys(b).filter((k) => !['type', 'enum', 'const', 'title', 'description'].includes(k));
  if (extra.length > 0 || (b.type !== undefined && b.type !== 'string')) return undefined;
  if (typeof b.const === 'string' && b.enum === undefined) return b.const;
  if (Array.isArray(b.enum) && b.enum.length === 1 && typeof b.enum[0] === 'string' && b.const === undefined) return b.enum[0];
  return undefined;
}

const isNull = (branch: unknown): boolean =>
  !!branch && typeof branch === 'object' && Object.keys(branch).every((k) => k === 'type' || k === 'description') && (branch as Json).type === 'null';

/** The union as one enum, or undefined when it is not a union of string literals (optionally with null). */
function asEnum(node: Json): Json | undefined {
  const branches = node.anyOf ?? node.oneOf;
  if (!Array.isArray(branches) || branches.length < 2) return undefined;
  const values: string[] = [];
  let nullable = false;
  for (const branch of branches) {
    const literal = literalOf(branch);
    if (literal !== undefined) values.push(literal);
    else if (isNull(branch) && !nullable) nullable = true;
    else return undefined;
  }
  if (values.length < 2 && !(values.length === 1 && nullable)) return undefined;
  const { anyOf: _a, oneOf: _o, ...outer } = node;
  return nullable ? { ...outer, type: ['string', 'null'], enum: [...values, null] } : { ...outer, type: 'string', enum: values };
}

/** Every union of string literals in the document, rewritten as an enum. */
export function closedSetsAsEnums<T extends object>(document: T): T {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const rewritten = Object.fromEntries(Object.entries(node as Json).map(([k, v]) => [k, visit(v)]));
    return asEnum(rewritten) ?? rewritten;
  };
  return visit(document) as T;
}
