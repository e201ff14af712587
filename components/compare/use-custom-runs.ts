'use client';
/**
 * Custom strategy functions run in the sandbox (a worker of their own, sandbox.ts) once per history,
 * window and code: each run is kept in the app's query cache under those, as worker answers are, so
 * every comparison and context that needs it reuses it, and a new file clears it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { StrategyChoice } from '../../lib/compare/config';
import { CUSTOM_ID, type CustomOutput } from '../../lib/compare/custom-run';
import { modelCallIndices } from '../../lib/model/steps';
import type { History } from '../../lib/model/types';
import { runInSandbox } from './sandbox';

type Custom = Readonly<Record<number, CustomOutput | string>>;

/**
 * The outputs of the custom functions among `choices`, by choice index. They run on whole steps:
 * `loadWhole` fetches them when the page holds a preview of a large run.
 */
export function useCustomRuns(
  history: History,
  contextWindow: number,
  loadWhole?: () => Promise<History>,
) {
  const queries = useQueryClient();
  return useCallback(
    async (choices: readonly StrategyChoice[]): Promise<Custom> => {
      const out: Record<number, CustomOutput | string> = {};
      await Promise.all(
        choices.map(async (c, i) => {
          if (c.strategyId !== CUSTOM_ID) return;
          const code = String(c.params.code ?? '');
          out[i] = await queries.fetchQuery({
            queryKey: ['custom', history.id, contextWindow, code],
            queryFn: () =>
              (loadWhole ? loadWhole() : Promise.resolve(history)).then(
                ({ steps }) => runInSandbox(code, steps, modelCallIndices(steps), contextWindow),
                (error: Error) => `The whole run could not be loaded: ${error.message}`,
              ),
          });
        }),
      );
      return out;
    },
    [queries, history, contextWindow, loadWhole],
  );
}
