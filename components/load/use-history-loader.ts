'use client';
/** Loads files through the history worker and feeds its answers to the store. */
import { useCallback, useEffect, useRef } from 'react';
import type { Dialect } from '../../lib/messages/types';
import type {
  AnswerOf,
  AskFields,
  AskRequest,
  FailedResponse,
  PickedFile,
  WorkerRequest,
  WorkerResponse,
} from '../../lib/worker/protocol';
import { pickedFromList } from './picked-files';
import { ArrivingRun } from './arriving-run';
import {
  compareRequest,
  contextsRequest,
  recordRequest,
  searchRequest,
  stepRequest,
  sweepRequest,
  useBound,
  wholeRequest,
} from './worker-requests';
import { findSample } from './samples';
import type { TokenizerId } from '../../lib/tokens/tokenizer';
import { useDebuggerStoreApi } from '../state/debugger-provider';
import type { Loading } from '../../lib/state/debugger-store';

/** One loader (one worker) per app: it holds the loaded file for record lookups. */
export type HistoryLoader = ReturnType<typeof useHistoryLoader>;

export function useHistoryLoader() {
  const store = useDebuggerStoreApi();
  const worker = useRef<Worker | null>(null);
  const latest = useRef(0);
  // Record lookups and comparisons have their own ids, so they never cancel a load or a recount.
  const records = useRef(new Map<number, (answer: WorkerResponse) => void>());
  // Long requests (sweeps) report progress under their own id before they answer.
  const progressOf = useRef(new Map<number, (fraction: number) => void>());
  const nextRecord = useRef(-1);
  const arriving = useRef(new ArrivingRun());

  /** How the store says to count: the worker counts in the dialect every view shows. */
  const counting = useCallback(() => {
    const { tokenizer, dialect } = store.getState();
    return { tokenizer, dialect };
  }, [store]);

  const ensureWorker = useCallback(() => {
    if (worker.current) return worker.current;
    const w = new Worker(new URL('./history.worker.ts', import.meta.url));
    w.onmessage = (event: MessageEvent<WorkerResponse>) => {
      const m = event.data;
      const onProgress = progressOf.current.get(m.requestId);
      if (onProgress && m.type === 'progress') {
        onProgress(m.progress);
        return;
      }
      progressOf.current.delete(m.requestId);
      const waiting = records.current.get(m.requestId);
      if (waiting) {
        records.current.delete(m.requestId);
        waiting(m);
        return;
      }
      // Answers to a request the user has since replaced are dropped.
      if (m.requestId !== latest.current) return;
      const { actions } = store.getState();
      if (m.type === 'progress') actions.loadProgressed(m.progress);
      else if (m.type === 'loaded' || m.type === 'steps') {
        // The first run's steps arrive in parts (small tasks); the store gets the run whole.
        const run = arriving.current.add(m);
        // The store knows what was loading (an example, where a link points) and applies it.
        if (run) actions.loadSucceeded(run.file, run.first);
      } else if (m.type === 'counts')
        actions.countsArrived({
          tokenizer: m.tokenizer,
          dialect: m.dialect,
          exact: m.exact,
          byHistory: m.byHistory,
        });
      else if (m.type === 'failed') actions.loadFailed(m.message);
      // Kept: the URL names the entry, so a reload, a second tab or a restart opens it again.
      else if (m.type === 'stored') actions.libraryStored(m.entry.id);
      else if (m.type === 'store-failed') actions.libraryFailed(m.message);
    };
    w.onerror = (event) =>
      store.getState().actions.loadFailed(`The history worker failed: ${event.message}`);
    worker.current = w;
    return w;
  }, [store]);

  // Started with the page, not with the first file: the worker and its counting helpers load the
  // tokenizers (3 MB of script) while the user picks a file (600 ms of the first paint otherwise).
  useEffect(() => void ensureWorker(), [ensureWorker]);

  /** Every request goes through here, typed by the protocol. */
  const send = useCallback(
    (request: WorkerRequest) => ensureWorker().postMessage(request),
    [ensureWorker],
  );

  /** One text: `keep` adds it to the library (pasted JSON); bundled examples are not kept. */
  const loadText = useCallback(
    (name: string, text: string, keep = false, loading: Loading = {}) => {
      const requestId = ++latest.current;
      store.getState().actions.loadStarted(loading);
      send({ type: 'load', requestId, name, text, ...counting(), keep });
    },
    [counting, send, store],
  );

  /** Reopens a library entry from its stored bytes (a link, a reload, the library page). */
  const loadFromLibrary = useCallback(
    (id: string, at?: { step?: string; run?: number; sub?: string[] }) => {
      const requestId = ++latest.current;
      store.getState().actions.loadStarted(at ? { at } : {});
      send({ type: 'open-library', requestId, id, ...counting() });
    },
    [counting, send, store],
  );

  /** Opens one file, or several at once (each file's runs join one list). */
  const loadFiles = useCallback(
    (list: FileList | readonly PickedFile[]) => {
      const files = list instanceof FileList ? pickedFromList(list) : [...list];
      if (files.length === 0) {
        store.getState().actions.loadFailed('Nothing to open: the folder has no files');
        return;
      }
      const requestId = ++latest.current;
      store.getState().actions.loadStarted();
      send({ type: 'read-files', requestId, files, ...counting() });
    },
    [counting, send, store],
  );

  const loadSample = useCallback(
    async (id: string, at?: { step?: string; run?: number; sub?: string[] }) => {
      const sample = findSample(id);
      if (!sample) {
        store.getState().actions.loadFailed(`There is no example named "${id}"`);
        return;
      }
      // Loading from now on (the fetch too): the URL keeps naming what is on its way.
      const loading: Loading = { sample: id, ...(at ? { at } : {}) };
      store.getState().actions.loadStarted(loading);
      try {
        const files = await Promise.all(
          sample.files.map(async (path) => {
            const response = await fetch(
              `/samples/${path.split('/').map(encodeURIComponent).join('/')}`,
            );
            if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
            return { name: path, text: await response.text() };
          }),
        );
        const [only] = files;
        if (files.length === 1 && only) loadText(only.name, only.text, false, loading);
        else {
          const requestId = ++latest.current;
          store.getState().actions.loadStarted(loading);
          send({ type: 'load-many', requestId, files, ...counting() });
        }
      } catch (error) {
        store
          .getState()
          .actions.loadFailed(
            `Example ${sample.title} could not be fetched (${(error as Error).message})`,
          );
      }
    },
    [counting, send, loadText, store],
  );

  /** Counts the loaded file again with another tokenizer or in another dialect. */
  const recount = useCallback(
    (change: { tokenizer?: TokenizerId; dialect?: Dialect }) => {
      const { actions } = store.getState();
      if (change.tokenizer) actions.setTokenizer(change.tokenizer);
      if (change.dialect) actions.setDialect(change.dialect);
      if (!store.getState().loaded) return;
      const requestId = ++latest.current;
      send({ type: 'count', requestId, ...counting() });
    },
    [counting, send, store],
  );

  /** Sends a request that answers once (record, compare, contexts, sweep) and resolves with its answer or a failure. */
  const ask = useCallback(
    <T extends keyof AnswerOf>(
      type: T,
      fields: AskFields<T>,
      onProgress?: (fraction: number) => void,
    ) =>
      new Promise<AnswerOf[T] | FailedResponse>((resolve) => {
        const requestId = nextRecord.current--;
        records.current.set(requestId, resolve as (answer: WorkerResponse) => void);
        if (onProgress) progressOf.current.set(requestId, onProgress);
        // The fields and the type together are the request of that type (TypeScript cannot follow the generic).
        send({ ...fields, type, requestId } as unknown as AskRequest);
      }),
    [send],
  );

  // The one-answer requests (worker-requests.ts), bound to this loader's ask.
  const requestRecord = useBound(recordRequest, ask);
  const requestStep = useBound(stepRequest, ask);
  const requestWhole = useBound(wholeRequest, ask);
  const requestSearch = useBound(searchRequest, ask);
  const requestCompare = useBound(compareRequest, ask);
  const requestContexts = useBound(contextsRequest, ask);
  const requestSweep = useBound(sweepRequest, ask);

  // The worker owns the file: when the page asks for another run (the run picker, a link, Back),
  // it is fetched, and shown once it is here.
  useEffect(() => {
    let asked: number | undefined;
    return store.subscribe((s) => {
      if (!s.loaded || s.run?.index === s.historyIndex || asked === s.historyIndex) return;
      const index = s.historyIndex;
      asked = index;
      void ask('run', { index }).then((m) => {
        asked = undefined;
        if (m.type === 'run') store.getState().actions.runArrived(m.index, m.history);
        else store.getState().actions.loadFailed(m.message);
      });
    });
  }, [ask, store]);

  return {
    loadText,
    loadFiles,
    loadSample,
    loadFromLibrary,
    recount,
    requestRecord,
    requestStep,
    requestWhole,
    requestSearch,
    requestCompare,
    requestContexts,
    requestSweep,
  };
}
