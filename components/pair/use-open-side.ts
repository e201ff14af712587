'use client';
/**
 * Opening a paired task's run on either side. Fleet A is the loaded file: its run opens as from the
 * runs overview (Back returns). Fleet B is not loaded: its picked files load in A's place (the
 * library keeps them as it keeps every picked file), pointed at the run as a link points at one, so
 * the run opens once B is in (the store's `loading.at`, applied when the file arrives).
 */
import { useCallback } from 'react';
import { useDebuggerStore, useDebuggerStoreApi } from '../contexts/store-context';
import { useLoader } from '../contexts/app-providers';

export type PairSideName = 'a' | 'b';

export function useOpenSide(
  /** B's picked paths that held runs (the worker's answer): only they load. */
  runPaths: readonly string[],
): (side: PairSideName, index: number) => void {
  const actions = useDebuggerStore((s) => s.actions);
  const store = useDebuggerStoreApi();
  const loader = useLoader();
  return useCallback(
    (side, index) => {
      if (side === 'a') return actions.openRun(index);
      const files = store.getState().pair.files?.filter((f) => runPaths.includes(f.path));
      if (!files || files.length === 0) return;
      loader.loadFiles(files);
      // The load just started (loadStarted without a place): say which run to open when it is in,
      // and in the timeline (a place named keeps the view on screen).
      actions.loadStarted({ at: { run: index } });
      actions.setView('timeline');
    },
    [actions, store, loader, runPaths],
  );
}
