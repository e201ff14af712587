'use client';
/**
 * The app's providers: the page's runtime (store, history worker, loader, query cache; made once,
 * app-runtime.ts) put where every view reads it, so no view passes the loader or the store down.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { WorkerClient } from '../../lib/worker/client';
import type { Loader } from '../worker/loader';
import type { Progress } from '../worker/progress';
import { createBrowserPort } from '../worker/browser-port';
import { createAppRuntime, type AppRuntime } from './app-runtime';
import { StoreContext } from './store-context';

interface WorkerContextValue {
  readonly client: WorkerClient;
  readonly loader: Loader;
  readonly progress: Progress;
}

const WorkerContext = createContext<WorkerContextValue | null>(null);

function useWorkerContext(): WorkerContextValue {
  const value = useContext(WorkerContext);
  if (!value) throw new Error('The history worker is only reachable inside <AppProviders>');
  return value;
}

/** The history worker's client: its `ask` is what queries call (use-worker-query.ts). */
export const useWorkerClient = (): WorkerClient => useWorkerContext().client;
/** Opening files and recounting them. */
export const useLoader = (): Loader => useWorkerContext().loader;
/** Progress of long answers by query key. */
export const useProgress = (): Progress => useWorkerContext().progress;

export function AppProviders({
  runtime: given,
  children,
}: {
  /** Tests give a runtime on an in-process worker; the app makes one on a Web Worker. */
  runtime?: AppRuntime;
  children: ReactNode;
}) {
  const [runtime] = useState(() => given ?? createAppRuntime(createBrowserPort));
  // Started with the page, not with the first file: the tokenizers load while the user picks one.
  useEffect(() => runtime.start(), [runtime]);
  const [worker] = useState<WorkerContextValue>(() => ({
    client: runtime.client,
    loader: runtime.loader,
    progress: runtime.progress,
  }));
  return (
    <StoreContext.Provider value={runtime.store}>
      <WorkerContext.Provider value={worker}>
        <QueryClientProvider client={runtime.queries}>{children}</QueryClientProvider>
      </WorkerContext.Provider>
    </StoreContext.Provider>
  );
}
