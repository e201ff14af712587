'use client';
/** The library on the page: opened once, listed again whenever this or another tab changes it. */
import { useCallback, useEffect, useState } from 'react';
import {
  libraryOnce,
  watchLibrary,
  type FileSummary,
  type Library,
  type StoredComparison,
  type StoredPlace,
} from '../../lib/library/library';

/** The page's connection to the library (a failure is retried on the next call). */
export const pageLibrary = libraryOnce();

export interface LibraryState {
  readonly entries: readonly FileSummary[] | undefined;
  readonly comparisons: readonly StoredComparison[];
  /** Where the user last was in each file, by file id. */
  readonly places: ReadonlyMap<string, StoredPlace>;
  readonly error: string | undefined;
  /** Runs a change, then lists again; its error is shown instead of thrown. */
  readonly change: (work: (lib: Library) => Promise<unknown>) => Promise<boolean>;
  readonly refresh: () => void;
}

export function useLibrary(): LibraryState {
  const [entries, setEntries] = useState<readonly FileSummary[] | undefined>(undefined);
  const [comparisons, setComparisons] = useState<readonly StoredComparison[]>([]);
  const [places, setPlaces] = useState<ReadonlyMap<string, StoredPlace>>(new Map());
  const [error, setError] = useState<string | undefined>(undefined);

  const refresh = useCallback(() => {
    pageLibrary()
      .then(async (lib) => {
        const [list, saved, where] = await Promise.all([
          lib.list(),
          lib.comparisons(),
          lib.places(),
        ]);
        setEntries(list);
        setComparisons(saved);
        setPlaces(new Map(where.map((p) => [p.fileId, p])));
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

  return { entries, comparisons, places, error, change, refresh };
}
