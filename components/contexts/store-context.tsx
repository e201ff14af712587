'use client';
/** The debugger store of this page (created with the app's runtime, app-runtime.ts), read through hooks. */
import { createContext, useContext, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import type { DebuggerState, DebuggerStore } from '../../lib/state/debugger-store';

export const StoreContext = createContext<DebuggerStore | null>(null);

export function useDebuggerStoreApi(): DebuggerStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useDebuggerStore must be used inside <AppProviders>');
  return store;
}

export function useDebuggerStore<T>(selector: (state: DebuggerState) => T): T {
  return useStore(useDebuggerStoreApi(), selector);
}

const noSubscription = () => () => {};

/**
 * The selected step, or undefined outside the app's providers: for a part drawn both in the app and
 * alone (a chart in its own test) that marks the selection where there is one.
 */
export function useSelectedStepId(): string | undefined {
  const store = useContext(StoreContext);
  return useSyncExternalStore(
    store ? store.subscribe : noSubscription,
    () => store?.getState().selectedStepId,
    () => undefined,
  );
}
