// fetch against the API on this origin with the session's bearer token. Errors keep the status and
// the server's words ({detail}, {error} or the 403 {detail: {error, required_permission}}).
import type { ApiPath } from './types';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The server's explanation in an error body, whichever of its shapes it has. */
export function errorText(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as { detail?: unknown; error?: unknown };
    if (typeof b.detail === 'string') return b.detail;
    if (b.detail && typeof b.detail === 'object') {
      const d = b.detail as { error?: unknown; required_permission?: unknown };
      if (typeof d.error === 'string') return typeof d.required_permission === 'string' ? `${d.error} (needs ${d.required_permission})` : d.error;
    }
    if (typeof b.error === 'string') return b.error;
  }
  return `HTTP ${status}`;
}

export type TokenSource = () => Promise<string | undefined>;

let tokenSource: TokenSource = async () => undefined;
/** Set by the session once signed in; every request asks it for a current token. */
export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}

export async function authHeaders(): Promise<Record<string, string>> {
  const token = await tokenSource();
  return token ? { authorization: `Bearer ${token}` } : {};
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

/** A URL on this origin: a documented path with its parameters filled, or any /api path (routes newer than the types). */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...(await authHeaders()) };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(apiUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = await res.text();
  const body: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) throw new ApiError(res.status, errorText(res.status, body));
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Fills `{name}` segments of a documented path. */
export function pathOf<P extends ApiPath>(template: P, params: Record<string, string> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
