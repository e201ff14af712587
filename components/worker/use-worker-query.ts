'use client';
/**
 * The one way a view gets an answer from the history worker: a query keyed by everything the answer
 * depends on (TanStack Query), so an answer is asked once per key, kept while the file is open,
 * shared by every view that shows it, and an answer for a key no view wants any more is dropped
 * (its signal aborts; the worker's late answer finds no asker). While the answer for a new key is
 * on its way the previous key's answer stays on screen, marked `stale`.
 */
import { hashKey, keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Ask } from '../../lib/worker/client';
import { useProgress, useWorkerClient } from '../contexts/app-providers';

export interface FetchContext {
  readonly signal: AbortSignal;
  /** Reports progress from 0 to 1 (a sweep's values as they are done). */
  readonly onProgress: (fraction: number) => void;
}

export interface WorkerQuery<T> {
  /** The answer for the key, or while it is computed the previous key's (`stale`). */
  readonly data: T | undefined;
  readonly stale: boolean;
  /** The answer for the key is on its way. */
  readonly pending: boolean;
  /** Why the worker (or the fetch) could not answer, for the user. */
  readonly error: string | undefined;
  /** 0 to 1 while an answer that reports progress is on its way. */
  readonly progress: number | undefined;
}

export interface WorkerQueryOptions {
  /** Waits this long before asking, so typing asks once it pauses (a new key in between aborts it). */
  readonly delayMs?: number;
  /** Keeps the previous key's answer on screen while the new one is computed (default true). */
  readonly keepPrevious?: boolean;
}

const NO_KEY: QueryKey = ['stepscope:none'];

/**
 * Asks `fetch` for the answer under `key` (undefined: nothing wanted now). `fetch` gets the client's
 * `ask` and must depend only on what `key` names.
 */
export function useWorkerQuery<T>(
  key: QueryKey | undefined,
  fetch: (ask: Ask, context: FetchContext) => Promise<T>,
  { delayMs = 0, keepPrevious = true }: WorkerQueryOptions = {},
): WorkerQuery<T> {
  const client = useWorkerClient();
  const progress = useProgress();
  const hash = key ? hashKey(key) : '';
  const query = useQuery({
    queryKey: key ?? NO_KEY,
    enabled: key !== undefined,
    queryFn: async ({ signal }) => {
      if (delayMs > 0) await delay(delayMs, signal);
      try {
        return await fetch(client.ask, {
          signal,
          onProgress: (fraction) => progress.set(hash, fraction),
        });
      } finally {
        progress.set(hash, undefined);
      }
    },
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
  const reported = useSyncExternalStore(
    progress.subscribe,
    () => progress.get(hash),
    () => undefined,
  );
  const stale = query.isPlaceholderData;
  return {
    data: key === undefined ? undefined : query.data,
    stale,
    pending: key !== undefined && (query.isPending || stale),
    error: query.error && !stale ? query.error.message : undefined,
    progress: reported,
  };
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort, { once: true });
  });
}
