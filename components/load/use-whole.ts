'use client';
/**
 * The whole of something the page holds as a preview (a step or a history of a large run, see
 * lib/model/preview.ts), asked of the history worker when it is shown. Whole values come back at
 * once; a preview's whole arrives later, and meanwhile `value` is undefined.
 */
import { useEffect, useState } from 'react';

export interface Whole<T> {
  /** The whole value: the one given when it is whole, the worker's answer once it is here. */
  readonly value: T | undefined;
  /** Why the worker could not give it. */
  readonly error?: string;
}

export function useWhole<T extends object>(
  shown: T | undefined,
  isPreview: (value: T) => boolean,
  fetchWhole: (preview: T) => Promise<T>,
): Whole<T> {
  const preview = shown !== undefined && isPreview(shown) ? shown : undefined;
  // The answer, kept with the preview it answers (a later preview must not show an older answer).
  const [answer, setAnswer] = useState<{ of: T; value?: T; error?: string }>();
  useEffect(() => {
    if (!preview) return;
    let current = true;
    fetchWhole(preview).then(
      (value) => current && setAnswer({ of: preview, value }),
      (error: Error) => current && setAnswer({ of: preview, error: error.message }),
    );
    return () => {
      current = false;
    };
  }, [preview, fetchWhole]);
  if (!preview) return { value: shown };
  if (answer?.of !== preview) return { value: undefined };
  return answer.error !== undefined
    ? { value: undefined, error: answer.error }
    : { value: answer.value };
}
