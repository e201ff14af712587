'use client';
/**
 * The fleet comparison from the history worker: the strategies the user ran over the fleet
 * (`fleet.ran` in the store), through `useWorkerQuery` keyed by them and by how runs are counted and
 * priced, so the answer stays in the query cache while the user opens a run's own comparison and
 * Back shows it again at once. While it is computed, the runs finished so far (the worker's
 * `fleet-compare-part` messages) are kept under the same key with `partial`, in the same cache, and
 * folded with the CLI's own fold to show the fleet filling in. Leaving (Cancel) drops the key: the
 * query's signal aborts and the client tells the worker, which stops between runs.
 */
import { skipToken, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { encodeChoices, type StrategyChoice } from '../../lib/compare/config';
import { presetOf } from '../../lib/compare/presets';
import { aggregateFleet, type FleetAggregate, type FleetRun } from '../../lib/fleet/aggregate';
import type { NamedChoice } from '../../lib/fleet/run';
import type { FleetComparison } from '../../lib/worker/fleet-compare-requests';
import { useDebuggerStore } from '../contexts/store-context';
import { useWorkerQuery } from '../worker/use-worker-query';

/** Each strategy named as the CLI's `--strategies` names it: its preset's id, else its strategy's. */
export function namedChoices(choices: readonly StrategyChoice[]): NamedChoice[] {
  const seen = new Map<string, number>();
  return choices.map((choice) => {
    const base = presetOf(choice)?.id ?? choice.strategyId;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { id: n === 1 ? base : `${base} #${n}`, choice };
  });
}

interface Partial {
  readonly runs: readonly FleetRun[];
  readonly total: number;
}

export interface FleetComparisonQuery {
  /** The strategies the fleet ran, named; empty when none ran. */
  readonly named: readonly NamedChoice[];
  /** The whole answer, once every run is compared. */
  readonly comparison: FleetComparison | undefined;
  /** The runs compared so far and their aggregate, while the answer is on its way. */
  readonly partial:
    { readonly runs: readonly FleetRun[]; readonly aggregate: FleetAggregate } | undefined;
  readonly done: number;
  readonly total: number;
  readonly pending: boolean;
  readonly error: string | undefined;
}

export function useFleetComparison(): FleetComparisonQuery {
  const { ran, tokenizer, dialect, model, prices, runCount } = useDebuggerStore(
    useShallow((s) => ({
      ran: s.fleet.ran,
      tokenizer: s.tokenizer,
      dialect: s.dialect,
      model: s.model,
      prices: s.prices,
      runCount: s.loaded?.runs.length ?? 0,
    })),
  );
  const queries = useQueryClient();
  const named = useMemo(() => namedChoices(ran ?? []), [ran]);
  const key: QueryKey | undefined = ran
    ? ['fleet-compare', encodeChoices(ran), tokenizer, dialect, model ?? null, prices ?? null]
    : undefined;
  const partialKey: QueryKey = [...(key ?? ['fleet-compare', 'none']), 'partial'];
  const answer = useWorkerQuery<FleetComparison>(
    key
      ? {
          key,
          fetch: (ask, { signal, onProgress }) => {
            let runs: FleetRun[] = [];
            queries.setQueryData<Partial>(partialKey, { runs, total: runCount });
            return ask(
              {
                type: 'fleet-compare',
                tokenizer,
                dialect,
                choices: named,
                ...(model ? { model } : {}),
                ...(prices ? { prices } : {}),
              },
              {
                signal,
                onPart: (part) => {
                  runs = [...runs, ...part.runs];
                  queries.setQueryData<Partial>(partialKey, { runs, total: part.total });
                  onProgress(part.done / Math.max(1, part.total));
                },
              },
            ).then((m) => m.comparison);
          },
        }
      : undefined,
    { keepPrevious: false },
  );
  const partialRuns = useQuery<Partial>({
    queryKey: partialKey,
    queryFn: skipToken,
    enabled: false,
  }).data;
  const inFlight = key !== undefined && answer.data === undefined;
  const partial = useMemo(
    () =>
      inFlight && partialRuns && partialRuns.runs.length > 0
        ? {
            runs: partialRuns.runs,
            aggregate: aggregateFleet(
              named.map((c) => c.id),
              partialRuns.runs,
            ),
          }
        : undefined,
    [inFlight, partialRuns, named],
  );
  const done = answer.data ? answer.data.runs.length : (partialRuns?.runs.length ?? 0);
  return {
    named,
    comparison: answer.data,
    partial,
    done,
    total: answer.data ? answer.data.runs.length : (partialRuns?.total ?? runCount),
    pending: inFlight && answer.error === undefined,
    error: answer.error,
  };
}
