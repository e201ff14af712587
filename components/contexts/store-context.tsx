'use client';
/** The debugger store of this page (created with the app's runtime, app-runtime.ts), read through hooks. */
import { createContext, useContext } from 'react';
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
