/**
 * What one page of the app runs on, made once per page (zustand's Next.js guide: no module-level
 * store): the debugger store, the history worker's client and the loader that feeds the store, and
 * the query cache that keeps the worker's answers by key. They refer to one another, so they are
 * made together: the store asks the client for runs, the client hands streamed messages to the
 * loader, the loader drops the cache when a new file is on screen.
 */
import { QueryClient } from '@tanstack/react-query';
import { createDebuggerStore, type DebuggerStore } from '../../lib/state/debugger-store';
import { createWorkerClient, type WorkerClient, type WorkerPort } from '../../lib/worker/client';
import type { WorkerResponse } from '../../lib/worker/protocol';
import { createLoader, type Loader } from '../worker/loader';
import { createProgress, type Progress } from '../worker/progress';

export interface AppRuntime {
  readonly store: DebuggerStore;
  readonly client: WorkerClient;
  readonly loader: Loader;
  readonly queries: QueryClient;
  /** Progress of the asks that report it (sweeps), by query key. */
  readonly progress: Progress;
  /** Starts the worker ahead of the first request (the page mounted). */
  start(): void;
}

/** Makes the port the client talks through: a Web Worker in the browser, the dispatcher in tests. */
export type ConnectPort = (
  onMessage: (message: WorkerResponse) => void,
  onError: (message: string) => void,
) => WorkerPort & { start?(): void };

export function createAppRuntime(connect: ConnectPort): AppRuntime {
  const queries = new QueryClient({
    defaultOptions: {
      queries: {
        // An answer is a pure function of its key and the open file: never refetched on its own.
        staleTime: Infinity,
        gcTime: 5 * 60_000,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // Answers are fresh objects from the worker, some large (a comparison of 10,000 calls):
        // comparing them with the previous answer field by field would only cost time.
        structuralSharing: false,
      },
    },
  });
  const store = createDebuggerStore(
    {},
    { fetchRun: (index) => client.ask({ type: 'run', index }).then((m) => m.history) },
  );
  const loader = createLoader(
    store,
    (request) => client.stream(request),
    () => queries.removeQueries(),
  );
  const port = connect(
    (message) => client.receive(message),
    (message) => store.getState().actions.loadFailed(message),
  );
  const client = createWorkerClient(port, loader.receive);
  return {
    store,
    client,
    loader,
    queries,
    progress: createProgress(),
    start: () => port.start?.(),
  };
}
