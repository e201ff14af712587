'use client';
/**
 * Strategies compared over every run of the fleet (issue 26 item 2). The user picks strategies with
 * the compare view's own cards (presets, strategies with their parameters, triggers and modes) and
 * runs them over the fleet in the history worker; the runs finished so far fill the totals in as
 * they come, with a Cancel that stops the worker between runs. The answer: per strategy the
 * fleet's totals against sending everything (split by outcome), the distribution of per-run
 * savings, and every run's savings, each run opening its own comparison on the same strategies.
 */
import { useCallback, useDeferredValue, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { sameChoice, type StrategyChoice } from '../../lib/compare/config';
import { CUSTOM_ID, CUSTOM_TIME_LIMIT_MS } from '../../lib/compare/custom-run';
import { PRESETS } from '../../lib/compare/presets';
import { countOf } from '../../lib/compare/format';
import { StrategyCards } from '../compare/strategy-cards';
import { useDebuggerStore } from '../contexts/store-context';
import { SaveComparison } from '../library/save-comparison';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Panel } from '../ui/panel';
import { ShownRunProvider } from '../workspace/shown-run';
import { FleetCompareRuns } from './fleet-compare-runs';
import { FleetCompareSummary } from './fleet-compare-summary';
import { FleetSavingsChart } from './fleet-savings-chart';
import { useFleetComparison } from './use-fleet-comparison';

/** The compare view's starting three: a framework default each. */
const STARTER_IDS = ['strands-default', 'anthropic-clear-tool-uses', 'tinyagent-last-5'];
const STARTER: StrategyChoice[] = PRESETS.filter((p) => STARTER_IDS.includes(p.id)).map(
  (p) => p.choice,
);

const sameChoices = (a: readonly StrategyChoice[], b: readonly StrategyChoice[] | undefined) =>
  b !== undefined &&
  a.length === b.length &&
  a.every((c, i) => sameChoice(c, b[i] as StrategyChoice));

function Progress({ done, total, onCancel }: { done: number; total: number; onCancel(): void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm" role="status">
      <span>
        Compared {done.toLocaleString('en-US')} of {countOf(total, 'run', 'runs')}…
      </span>
      <progress
        aria-label="Runs compared"
        className="h-2 w-48 accent-blue-600"
        max={Math.max(1, total)}
        value={done}
      />
      <Button variant="secondary" size="sm" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/** The strategy cards: apart from the answer, so the runs streaming in do not re-render them. */
function StrategiesToRun() {
  const { choices, runCount, actions } = useDebuggerStore(
    useShallow((s) => ({
      choices: s.choices,
      runCount: s.loaded?.runs.length ?? 0,
      actions: s.actions,
    })),
  );
  const custom = choices.some((c) => c.strategyId === CUSTOM_ID);
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold text-slate-900">
          Compare strategies over {countOf(runCount, 'run', 'runs')}
        </h2>
        {choices.length === 0 && (
          <Button variant="secondary" size="sm" onClick={() => actions.setChoices(STARTER)}>
            Three framework defaults
          </Button>
        )}
      </div>
      <ShownRunProvider waiting={<p className="text-sm text-slate-500">Loading…</p>}>
        <StrategyCards choices={choices} onChange={actions.setChoices} />
      </ShownRunProvider>
      {custom && (
        <Alert tone="info">
          A custom function runs in its sandbox on every run, one run after another, each stopped
          after {CUSTOM_TIME_LIMIT_MS / 1000} s; a run it fails on is counted under “could not run”.
        </Alert>
      )}
    </>
  );
}

/** The button that runs the strategies over the fleet, its progress and Cancel. */
function RunOverFleet() {
  const { choices, ran, runCount, actions } = useDebuggerStore(
    useShallow((s) => ({
      choices: s.choices,
      ran: s.fleet.ran,
      runCount: s.loaded?.runs.length ?? 0,
      actions: s.actions,
    })),
  );
  const fleet = useFleetComparison();
  const upToDate = sameChoices(choices, ran);
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          size="sm"
          disabled={choices.length === 0 || (upToDate && (fleet.pending || !!fleet.comparison))}
          onClick={actions.compareOverFleet}
        >
          Compare over {countOf(runCount, 'run', 'runs')}
        </Button>
        {ran && !upToDate && (
          <span className="text-xs text-slate-600">
            The results below are for the strategies as they were run.
          </span>
        )}
        {fleet.pending && (
          <Progress
            done={fleet.done}
            total={fleet.total}
            onCancel={actions.cancelFleetComparison}
          />
        )}
        {fleet.comparison && (
          <span role="status" className="text-sm text-slate-700">
            Compared all {countOf(fleet.comparison.runs.length, 'run', 'runs')}.
          </span>
        )}
      </div>
      {fleet.error && <Alert tone="error">The fleet comparison failed: {fleet.error}</Alert>}
    </>
  );
}

/** The answer: totals, the chart of per-run savings once every run is in, and every run. */
function FleetResults() {
  const { ran, opened, sort, runs, actions } = useDebuggerStore(
    useShallow((s) => ({
      ran: s.fleet.ran,
      opened: s.fleet.opened,
      sort: s.fleet.compareSort,
      runs: s.loaded?.runs,
      actions: s.actions,
    })),
  );
  const fleet = useFleetComparison();
  const labels = useCallback(
    (index: number) => {
      const r = runs?.[index];
      return r?.title ?? r?.id ?? `run ${index + 1}`;
    },
    [runs],
  );
  const onOpen = useCallback((index: number) => actions.openRunComparison(index), [actions]);
  const named = useMemo(() => fleet.named.map((c) => c.id), [fleet.named]);
  // The totals, the chart and the runs' table follow the answer in a render React can interrupt:
  // the whole answer's first render was a task of 240-300 ms on this 2-core machine.
  const comparison = useDeferredValue(fleet.comparison);
  const partial = useDeferredValue(fleet.partial);
  const ids = useDeferredValue(named);
  const shown = comparison ?? partial;
  if (!shown) return null;
  return (
    <>
      <Panel label="Fleet totals">
        <div className="flex flex-col gap-3">
          <h2 className="text-sm font-semibold text-slate-900">
            Over the fleet{comparison ? '' : ` (${shown.runs.length} runs so far)`}
          </h2>
          <FleetCompareSummary
            aggregate={shown.aggregate}
            {...(comparison ? { resultsFile: comparison.resultsFile } : {})}
          />
          {/* Drawn once every run is in: a chart redrawn at each part cost the page 100-300 ms. */}
          {comparison ? (
            <FleetSavingsChart runs={comparison.runs} ids={ids} />
          ) : (
            <p className="text-xs text-slate-500">
              The distribution of savings per run is drawn once every run is compared.
            </p>
          )}
          {comparison && ran && <SaveComparison choices={ran} fleet />}
        </div>
      </Panel>
      <Panel label="Runs compared" padded={false} className="flex h-[60vh] min-h-72 flex-col">
        <FleetCompareRuns
          runs={shown.runs}
          ids={ids}
          labels={labels}
          opened={opened}
          onOpen={onOpen}
          sort={sort}
          onSort={actions.setFleetCompareSort}
        />
      </Panel>
    </>
  );
}

export function FleetComparePanel() {
  return (
    <div className="flex flex-col gap-3">
      <Panel label="Strategies to compare over the fleet">
        <div className="flex flex-col gap-3">
          <StrategiesToRun />
          <RunOverFleet />
        </div>
      </Panel>
      <FleetResults />
    </div>
  );
}
