'use client';
/**
 * What the views ask of the history worker when the run on screen is a preview (a large run's texts
 * are cut on the page, lib/model/preview.ts): a step whole for the inspector, the whole history for
 * the plan view and custom strategies, and text search over whole texts. Each is a worker query
 * keyed by where the history is in the file.
 */
import { useCallback } from 'react';
import type { StepQuery } from '../../lib/model/query';
import { hasPreviews, PREVIEW_CHARS } from '../../lib/model/preview';
import type { History, Step } from '../../lib/model/types';
import type { Ask } from '../../lib/worker/client';
import type { HistoryPlace } from '../../lib/worker/protocol';
import { useWorkerClient } from '../contexts/app-providers';
import { useWorkerQuery } from '../worker/use-worker-query';

/** A step whole: the one given when it is whole, the worker's once it is here (undefined meanwhile). */
export function useWholeStep(place: HistoryPlace, index: number, shown: Step | undefined) {
  const wanted = shown?.preview === true;
  const whole = useWorkerQuery(
    wanted
      ? {
          key: ['step', place.run, place.sub, index],
          fetch: (ask, { signal }) =>
            ask({ type: 'step', ...place, index }, { signal }).then((m) => m.step),
        }
      : undefined,
    { keepPrevious: false },
  );
  if (!wanted) return { step: shown, note: undefined };
  return {
    step: whole.data ?? shown,
    /** Why the inspector shows a preview: loading, or the worker's error. */
    note: whole.data
      ? undefined
      : (whole.error ??
        `Texts over ${PREVIEW_CHARS.toLocaleString('en-US')} characters are cut in this preview of a large run; loading the whole step…`),
  };
}

const askWhole = (ask: Ask, place: HistoryPlace, signal?: AbortSignal) =>
  ask({ type: 'whole', ...place }, signal ? { signal } : {}).then((m) => m.history);

/** The whole history when `wanted`: the one on screen when it is whole, else the worker's. */
export function useWholeHistory(place: HistoryPlace, history: History, wanted: boolean) {
  const previewed = hasPreviews(history);
  const whole = useWorkerQuery(
    wanted && previewed
      ? {
          key: ['whole', place.run, place.sub],
          fetch: (ask, { signal }) => askWhole(ask, place, signal),
        }
      : undefined,
    { keepPrevious: false },
  );
  return previewed ? { history: whole.data, error: whole.error } : { history, error: undefined };
}

/** Whole histories on demand (custom strategies run on whole steps), when the page holds a preview. */
export function useLoadWhole(place: HistoryPlace, history: History) {
  const { ask } = useWorkerClient();
  const previewed = hasPreviews(history);
  const load = useCallback(() => askWhole(ask, place), [ask, place]);
  return previewed ? load : undefined;
}

/** What a search of whole texts found: the matching steps' indices, once the worker answered. */
export interface StepSearch {
  readonly indices?: readonly number[];
  readonly pending?: boolean;
  readonly error?: string;
}

// One empty list: the table's rows must stay the same object from render to render while the
// search is on its way (TanStack Table resets its state when its data changes, and a new list per
// render never settles).
const NONE: readonly number[] = [];

/**
 * The steps matching the table's text filter, searched in whole texts by the worker when the page
 * holds previews (asked once typing pauses): none while the answer is on its way. Without text, or
 * on whole steps, the table filters itself: `undefined`.
 */
export function useStepSearch(
  place: HistoryPlace,
  history: History,
  filters: StepQuery,
): StepSearch | undefined {
  const wanted = hasPreviews(history) && filters.text?.trim() ? filters : undefined;
  const found = useWorkerQuery(
    wanted
      ? {
          key: ['search', place.run, place.sub, wanted],
          fetch: (ask, { signal }) =>
            ask({ type: 'search', ...place, query: wanted }, { signal }).then((m) => m.indices),
        }
      : undefined,
    { delayMs: 150, keepPrevious: false },
  );
  if (!wanted) return undefined;
  if (found.error !== undefined) return { error: found.error, indices: NONE };
  return found.data ? { indices: found.data } : { pending: true, indices: NONE };
}
