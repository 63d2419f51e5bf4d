// The one catalogue of business error codes. The HTTP layer renders them (src/http/plugins/errors.ts);
// the domain only says what went wrong.

export const errorStatus = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
