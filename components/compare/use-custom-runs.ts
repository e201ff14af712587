'use client';
/**
 * Custom strategy functions run in the sandbox once per history, window and code; comparisons reuse
 * the output (keyed by choice index).
 */
import { useCallback, useRef } from 'react';
import type { StrategyChoice } from '../../lib/compare/config';
import { CUSTOM_ID, type CustomOutput } from '../../lib/compare/custom-run';
import { modelCallIndices } from '../../lib/model/steps';
import { runInSandbox } from './sandbox';
import type { History } from '../../lib/model/types';

type Custom = Readonly<Record<number, CustomOutput | string>>;

/**
 * Custom functions run in the sandbox once per history and code; comparisons reuse the output. They
 * run on whole steps: `loadWhole` fetches them when the page holds a preview of a large run.
 */
export function useCustomRuns(
  history: History,
  contextWindow: number,
  loadWhole?: () => Promise<History>,
) {
  const cache = useRef(new Map<string, Promise<CustomOutput | string>>());
  return useCallback(
    async (choices: readonly StrategyChoice[]): Promise<Custom> => {
      const out: Record<number, CustomOutput | string> = {};
      await Promise.all(
        choices.map(async (c, i) => {
          if (c.strategyId !== CUSTOM_ID) return;
          const code = String(c.params.code ?? '');
          const key = `${history.id}|${contextWindow}|${code}`;
          let run = cache.current.get(key);
          if (!run) {
            run = (loadWhole ? loadWhole() : Promise.resolve(history)).then(
              ({ steps }) => runInSandbox(code, steps, modelCallIndices(steps), contextWindow),
              (error: Error) => `The whole run could not be loaded: ${error.message}`,
            );
            cache.current.set(key, run);
          }
          out[i] = await run;
        }),
      );
      return out;
    },
    [history, contextWindow, loadWhole],
  );
}
