'use client';
/** The library on the page: opened once, listed again whenever this or another tab changes it. */
import { useCallback, useEffect, useState } from 'react';
import {
  libraryOnce,
  watchLibrary,
  type FileSummary,
  type Library,
  type StoredComparison,
} from '../../lib/library/library';

/** The page's connection to the library (a failure is retried on the next call). */
export const pageLibrary = libraryOnce();

export interface LibraryState {
  readonly entries: readonly FileSummary[] | undefined;
  readonly comparisons: readonly StoredComparison[];
  readonly error: string | undefined;
  /** Runs a change, then lists again; its error is shown instead of thrown. */
  readonly change: (work: (lib: Library) => Promise<unknown>) => Promise<boolean>;
  readonly refresh: () => void;
}

export function useLibrary(): LibraryState {
  const [entries, setEntries] = useState<readonly FileSummary[] | undefined>(undefined);
  const [comparisons, setComparisons] = useState<readonly StoredComparison[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);

  const refresh = useCallback(() => {
    pageLibrary()
      .then(async (lib) => {
        const [list, saved] = await Promise.all([lib.list(), lib.comparisons()]);
        setEntries(list);
        setComparisons(saved);
      })
      .catch((e: unknown) => {
        setEntries([]);
        setError((e as Error).message);
      });
  }, []);

  useEffect(() => {
    refresh();
    return watchLibrary(refresh);
  }, [refresh]);

  const change = useCallback(
    async (work: (lib: Library) => Promise<unknown>) => {
      try {
        await work(await pageLibrary());
        setError(undefined);
        return true;
      } catch (e) {
        setError((e as Error).message);
        return false;
      } finally {
        refresh();
      }
    },
    [refresh],
  );

  return { entries, comparisons, error, change, refresh };
}
