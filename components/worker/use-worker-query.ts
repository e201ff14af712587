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

/** What to ask: the answer's key (everything it depends on), and how to get it. */
export interface WorkerQuerySpec<T> {
  readonly key: QueryKey;
  /** Gets the answer with the client's `ask`; must depend only on what `key` names. */
  readonly fetch: (ask: Ask, context: FetchContext) => Promise<T>;
}

export interface WorkerQueryOptions {
  /** Waits this long before asking, so typing asks once it pauses (a new key in between aborts it). */
  readonly delayMs?: number;
  /** Keeps the previous key's answer on screen while the new one is computed (default true). */
  readonly keepPrevious?: boolean;
}

const NO_KEY: QueryKey = ['stepscope:none'];

/** The answer `query` asks for (undefined: nothing is wanted now). */
export function useWorkerQuery<T>(
  query: WorkerQuerySpec<T> | undefined,
  { delayMs = 0, keepPrevious = true }: WorkerQueryOptions = {},
): WorkerQuery<T> {
  const key = query?.key;
  const client = useWorkerClient();
  const progress = useProgress();
  const hash = key ? hashKey(key) : '';
  const result = useQuery({
    queryKey: key ?? NO_KEY,
    enabled: key !== undefined,
    queryFn: async ({ signal }) => {
      if (!query) throw new Error('No answer is wanted');
      if (delayMs > 0) await delay(delayMs, signal);
      try {
        return await query.fetch(client.ask, {
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
  const stale = result.isPlaceholderData;
  return {
    data: key === undefined ? undefined : result.data,
    stale,
    pending: key !== undefined && (result.isPending || stale),
    error: result.error && !stale ? result.error.message : undefined,
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
