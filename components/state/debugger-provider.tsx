'use client';
/** One store per app instance (zustand's Next.js guide): created in state, read through hooks. */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import {
  createDebuggerStore,
  type DebuggerState,
  type DebuggerStore,
} from '../../lib/state/debugger-store';

const StoreContext = createContext<DebuggerStore | null>(null);

export function DebuggerStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createDebuggerStore());
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useDebuggerStoreApi(): DebuggerStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useDebuggerStore must be used inside <DebuggerStoreProvider>');
  return store;
}

export function useDebuggerStore<T>(selector: (state: DebuggerState) => T): T {
  return useStore(useDebuggerStoreApi(), selector);
}
