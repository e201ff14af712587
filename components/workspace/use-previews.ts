'use client';
/**
 * What the workspace asks of the history worker when the run on screen is a preview (a large run's
 * texts are cut on the page, lib/model/preview.ts): the selected step whole for the inspector, the
 * whole history for the plan view and custom strategies, and text search over whole texts.
 */
import { useCallback, useMemo } from 'react';
import type { StepQuery } from '../../lib/model/query';
import { hasPreviews, PREVIEW_CHARS } from '../../lib/model/preview';
import type { History, Step } from '../../lib/model/types';
import type { HistoryLoader } from '../load/use-history-loader';
import { useWhole } from '../load/use-whole';

type Requests = Pick<HistoryLoader, 'requestStep' | 'requestWhole' | 'requestSearch'>;

const isPreviewStep = (s: Step) => s.preview === true;

export function usePreviews(
  loader: Requests,
  at: { run: number; sub: readonly string[] },
  history: History | undefined,
  selectedIndex: number,
  wantWhole: boolean,
) {
  const { requestStep, requestWhole, requestSearch } = loader;
  const { run, sub } = at;
  const place = useMemo(() => ({ run, sub }), [run, sub]);
  const previewed = history !== undefined && hasPreviews(history);

  const selected = history?.steps[selectedIndex];
  const fetchStep = useCallback(
    () => requestStep(place, selectedIndex),
    [requestStep, place, selectedIndex],
  );
  const wholeStep = useWhole(selected, isPreviewStep, fetchStep);
  const stepNote =
    selected?.preview && !wholeStep.value
      ? (wholeStep.error ??
        `Texts over ${PREVIEW_CHARS.toLocaleString('en-US')} characters are cut in this preview of a large run; loading the whole step…`)
      : undefined;

  const fetchHistory = useCallback(() => requestWhole(place), [requestWhole, place]);
  const wholeHistory = useWhole(wantWhole ? history : undefined, hasPreviews, fetchHistory);

  const search = useCallback(
    (query: StepQuery) => requestSearch(place, query),
    [requestSearch, place],
  );

  return {
    /** The selected step, whole once the worker sent it (the preview meanwhile). */
    step: wholeStep.value ?? selected,
    /** Why the inspector shows a preview: loading, or the worker's error. */
    stepNote,
    /** The whole history when `wantWhole` (undefined while it loads). */
    wholeHistory,
    /** Whole histories on demand (custom strategies run on whole steps). */
    loadWhole: previewed ? fetchHistory : undefined,
    /** Text search in whole texts, when the page holds previews. */
    search: previewed ? search : undefined,
  };
}
