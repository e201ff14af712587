'use client';
import { useEffect, useState } from 'react';
import type { StepQuery } from '../../lib/model/query';
import type { Step } from '../../lib/model/types';

const NONE: number[] = [];

/**
 * Text search in the worker's whole steps, when the table shows previews (their texts are cut): the
 * matching indices once they arrive. Without text, or on whole steps, the table filters itself.
 */

export function useWorkerSearch(
  steps: readonly Step[],
  filters: StepQuery,
  search: ((query: StepQuery) => Promise<number[]>) | undefined,
) {
  const wanted = search && filters.text?.trim() ? filters : undefined;
  const [answer, setAnswer] = useState<{
    for: StepQuery;
    steps: readonly Step[];
    indices?: number[];
    error?: string;
  }>();
  useEffect(() => {
    if (!wanted || !search) return;
    let current = true;
    // Typing: search once the query has rested for a moment.
    const timer = setTimeout(() => {
      search(wanted).then(
        (indices) => current && setAnswer({ for: wanted, steps, indices }),
        (error: Error) => current && setAnswer({ for: wanted, steps, error: error.message }),
      );
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [wanted, search, steps]);
  if (!wanted) return {};
  // One empty list: the table's rows must stay the same object from render to render (TanStack
  // Table resets its state when its data changes, and a new list per render never settles).
  if (answer?.for !== wanted || answer.steps !== steps) return { pending: true, indices: NONE };
  return answer.error !== undefined
    ? { error: answer.error, indices: NONE }
    : { indices: answer.indices };
}
