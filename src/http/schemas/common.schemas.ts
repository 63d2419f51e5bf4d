// Response shapes shared by every route (docs/security.md, "Error shapes").
import { Type } from '@sinclair/typebox';

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
