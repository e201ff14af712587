/**
 * Opening files: each way in (a pasted text, picked files and folders, a bundled example, a library
 * entry) becomes one streaming request to the history worker, and what it streams back (progress,
 * the file with its first run, counts, whether the library kept it, a failure) becomes store
 * actions, through one switch over the stream's message types. Only the latest load or recount is
 * heard: a file picked while another loads replaces it. No React: the app's providers create one
 * loader per page, tests drive it with an in-process worker.
 */
import { assertUnreachable } from '../../lib/model/steps';
import type { Dialect } from '../../lib/messages/types';
import type { DebuggerStore, Loading } from '../../lib/state/debugger-store';
import type { TokenizerId } from '../../lib/tokens/tokenizer';
import type { StreamMessage, StreamRequest, WorkerClient } from '../../lib/worker/client';
import type { PickedFile } from '../../lib/worker/protocol';
import { ArrivingRun } from './arriving-run';
import { findSample } from '../load/samples';

/** Where a link points in the file it opens. */
export type At = NonNullable<Loading['at']>;

export interface Loader {
  /** One text: `keep` adds it to the library (pasted JSON); bundled examples are not kept. */
  loadText(name: string, text: string, keep?: boolean, loading?: Loading): void;
  /** Opens one file, or several at once (each file's runs join one list). */
  loadFiles(files: readonly PickedFile[]): void;
  /** A bundled example, fetched from the app's own origin. */
  loadSample(id: string, at?: At): Promise<void>;
  /** Reopens a library entry from its stored bytes (a link, a reload, the library page). */
  loadFromLibrary(id: string, at?: At): void;
  /** Counts the loaded file again with another tokenizer or in another dialect. */
  recount(change: { tokenizer?: TokenizerId; dialect?: Dialect }): void;
  /** Every streamed message from the worker (the client passes them here). */
  receive(message: StreamMessage): void;
}

/** What the loader asks of the history worker's client (lib/worker/client.ts). */
export type LoaderWorker = Pick<WorkerClient, 'stream' | 'drawn'>;

export function createLoader(
  store: DebuggerStore,
  worker: LoaderWorker,
  /** A new file is on screen: answers about the last one are of no use now. */
  onNewFile: () => void,
  fetchText: (path: string) => Promise<string> = fetchSampleFile,
): Loader {
  let latest = 0;
  const arriving = new ArrivingRun();
  const actions = () => store.getState().actions;
  /** How the store says to count: the worker counts in the dialect every view shows. */
  const counting = () => {
    const { tokenizer, dialect } = store.getState();
    return { tokenizer, dialect };
  };
  const start = (request: StreamRequest) => {
    latest = worker.stream(request);
  };

  const loadText: Loader['loadText'] = (name, text, keep = false, loading = {}) => {
    actions().loadStarted(loading);
    start({ type: 'load', name, text, ...counting(), keep });
  };

  return {
    loadText,
    loadFiles(files) {
      if (files.length === 0) {
        actions().loadFailed('Nothing to open: the folder has no files');
        return;
      }
      actions().loadStarted();
      start({ type: 'read-files', files, ...counting() });
    },
    async loadSample(id, at) {
      const sample = findSample(id);
      if (!sample) {
        actions().loadFailed(`There is no example named "${id}"`);
        return;
      }
      // Loading from now on (the fetch too): the URL keeps naming what is on its way.
      const loading: Loading = { sample: id, ...(at ? { at } : {}) };
      actions().loadStarted(loading);
      let files: { name: string; text: string }[];
      try {
        files = await Promise.all(
          sample.files.map(async (path) => ({ name: path, text: await fetchText(path) })),
        );
      } catch (error) {
        actions().loadFailed(
          `Example ${sample.title} could not be fetched (${(error as Error).message})`,
        );
        return;
      }
      const [only] = files;
      if (files.length === 1 && only) loadText(only.name, only.text, false, loading);
      else start({ type: 'load-many', files, ...counting() });
    },
    loadFromLibrary(id, at) {
      actions().loadStarted(at ? { at } : {});
      start({ type: 'open-library', id, ...counting() });
    },
    recount(change) {
      if (change.tokenizer) actions().setTokenizer(change.tokenizer);
      if (change.dialect) actions().setDialect(change.dialect);
      if (store.getState().loaded) start({ type: 'count', ...counting() });
    },
    receive(m) {
      // Answers to a load or recount the user has since replaced are dropped.
      if (m.requestId !== latest) return;
      switch (m.type) {
        case 'progress':
          return actions().loadProgressed(m.progress);
        case 'loaded':
        case 'steps': {
          // The first run's steps arrive in parts (small tasks); the store gets the run whole.
          const run = arriving.add(m);
          if (!run) return;
          onNewFile();
          // The store knows what was loading (an example, where a link points) and applies it.
          actions().loadSucceeded(run.file, run.first);
          // The worker's chars/4 counts of every run, shown until the exact ones arrive.
          actions().countsArrived({
            tokenizer: 'heuristic',
            dialect: run.estimate.dialect,
            exact: store.getState().tokenizer === 'heuristic',
            byHistory: run.estimate.byHistory,
          });
          // The store's update rendered the run; the worker's counting waits for its frame.
          const { requestId } = m;
          return afterNextFrame(() => worker.drawn(requestId));
        }
        case 'counts':
          return actions().countsArrived({
            tokenizer: m.tokenizer,
            dialect: m.dialect,
            exact: m.exact,
            byHistory: m.byHistory,
          });
        case 'failed':
          return actions().loadFailed(m.message);
        // Kept: the URL names the entry, so a reload, a second tab or a restart opens it again.
        case 'stored':
          return actions().libraryStored(m.entry.id);
        case 'store-failed':
          return actions().libraryFailed(m.message);
        default:
          return assertUnreachable(m);
      }
    },
  };
}

/** A bundled example's file, from the app's own origin (public/samples/). */
async function fetchSampleFile(path: string): Promise<string> {
  const response = await fetch(`/samples/${path.split('/').map(encodeURIComponent).join('/')}`);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.text();
}

/**
 * Runs `then` once the browser has painted the next frame (a task after its animation frame), or
 * in the next task where there are no frames (tests, a worker).
 */
function afterNextFrame(then: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(then, 0));
  else setTimeout(then, 0);
}
