// Exports are fetched with the bearer header (a plain link would carry no token) and saved from a blob.
import { ApiError, authHeaders, errorText } from '../api/client';

export async function download(url: string, fallbackName: string): Promise<void> {
  const res = await fetch(url, { headers: await authHeaders() });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => undefined);
    throw new ApiError(res.status, errorText(res.status, body));
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
