// Response shapes shared by every route (docs/security.md, "Error shapes").
import { Type, type TSchema } from '@sinclair/typebox';

/**
 * A closed set of strings as `enum` on a string rather than a union of literals: the document lists
 * the values, and the response serializer writes a plain string (no anyOf branch to pick per value).
 * Its static type is `string`, as the read models' rows are; a request field whose handler needs
 * the literal type is a `Type.Union` of literals, which the document shows as an enum too
 * (plugins/openapi-enums.ts).
 */
export const OneOf = (values: readonly string[], options: { description?: string; examples?: string[]; default?: string } = {}) =>
  Type.String({ enum: [...values], ...options });

/** The schema with a description (and examples) for the OpenAPI document; validation is unchanged. */
export const documented = <T extends TSchema>(schema: T, description: string, examples?: unknown[]): T => ({
  ...schema,
  description,
  ...(examples ? { examples } : {}),
});

export const DetailErrorSchema = Type.Object({ detail: Type.String() }, { $id: 'DetailError' });
export const MiddlewareErrorSchema = Type.Object(
  { error: Type.String(), retry_after_seconds: Type.Optional(Type.Integer()) },
  { $id: 'MiddlewareError' },
);
export const PermissionErrorSchema = Type.Object(
  {
    detail: Type.Union([
      Type.String(),
      Type.Object({ error: Type.String(), required_permission: Type.String(), role: Type.String() }),
    ]),
  },
  { $id: 'PermissionError' },
);

/** Error responses every authenticated route can give. */
export const authErrorResponses = {
  400: DetailErrorSchema,
  401: MiddlewareErrorSchema,
  403: Type.Union([PermissionErrorSchema, MiddlewareErrorSchema]),
  429: MiddlewareErrorSchema,
  503: Type.Union([DetailErrorSchema, MiddlewareErrorSchema]),
};
