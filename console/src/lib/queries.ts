// Shared queries and the live organization feed that keeps them fresh.
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { authHeaders, request } from '../api/client';
import { followStream, type SseEvent } from '../api/sse';
import type { RbacMe } from '../api/types';

export function useMe() {
  return useQuery({ queryKey: ['rbac', 'me'], queryFn: () => request<RbacMe>('/api/rbac/me'), staleTime: 60_000 });
}

export type StreamState = 'connecting' | 'open' | 'reconnecting';

/** Follows GET /api/runs/stream (one run, or the whole organization) while the component is mounted. */
export function useRunStream(runId: string | undefined, onEvent: (event: SseEvent) => void): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  useEffect(() => {
    const abort = new AbortController();
    const url = runId ? `/api/runs/stream?run_id=${encodeURIComponent(runId)}` : '/api/runs/stream';
    void followStream({ url, headers: authHeaders, onEvent, onState: setState, signal: abort.signal });
    return () => abort.abort();
    // onEvent is read through the closure of each render's effect; the stream restarts only for another run.
  }, [runId]);
  return state;
}

/** Refetches the given queries whenever a run event arrives on the organization feed (at most every 300 ms). */
export function useLiveInvalidation(keys: readonly (readonly unknown[])[]): StreamState {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(0);
  useEffect(() => {
    if (pending === 0) return;
    const timer = setTimeout(() => {
      for (const key of keys) void queryClient.invalidateQueries({ queryKey: key });
    }, 300);
    return () => clearTimeout(timer);
  }, [pending, keys, queryClient]);
  const state = useRunStream(undefined, () => setPending((n) => n + 1));
  // The organization's feed starts at "now": what happened between the page's first read and the
  // stream's (re)connection would be missed, so read again once it is open.
  useEffect(() => {
    if (state === 'open') setPending((n) => n + 1);
  }, [state]);
  return state;
}
