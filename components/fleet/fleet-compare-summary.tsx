'use client';
/**
 * The fleet comparison's totals: per strategy, against sending everything, over every run of the
 * fleet or only the runs of one outcome (resolved, not resolved, unknown: a results file's verdict,
 * else the run's own), every figure a defined term (lib/charts/definitions.ts FLEET_COLUMNS). The
 * numbers are the CLI's fold (lib/fleet/aggregate.ts), never summed again here.
 */
import { memo, useState, type ReactNode } from 'react';
import { FLEET_COLUMNS } from '../../lib/charts/definitions';
import { formatPercent } from '../../lib/compare/format';
import {
  OUTCOME_CLASSES,
  type FleetAggregate,
  type OutcomeClass,
  type StrategyTotals,
} from '../../lib/fleet/aggregate';
import { ColumnDot } from '../compare/column-label';
import { HelpLink, Term } from '../help/term';
import { FigureCell, FigureTable } from '../ui/figure-table';
import { Segmented } from '../ui/segmented';
import { formatTokens } from '../ui/kinds';

type Scope = 'all' | OutcomeClass;

const SCOPE_LABEL: Readonly<Record<Scope, string>> = {
  all: 'Every run',
  resolved: 'Resolved',
  unresolved: 'Not resolved',
  unknown: 'Outcome unknown',
};

const dash = <span className="text-slate-400">—</span>;
const usd = (x: number) => `$${x < 100 ? x.toFixed(4) : x.toFixed(2)}`;
const share = (x: number | null) => (x === null ? dash : formatPercent(x));

/** One strategy's cells, in FLEET_COLUMNS' order. */
function cells(t: StrategyTotals): ReactNode[] {
  const priced = t.pricedRuns > 0;
  return [
    formatTokens(t.inputTokens),
    formatPercent(t.savedShare),
    priced ? usd(t.costUsd) : dash,
    priced ? usd(t.uncachedCostUsd) : dash,
    share(t.savedShareP10),
    share(t.savedShareMedian),
    share(t.savedShareP90),
    `${formatTokens(t.lostIdentifiers)}${t.lostIdentifiersMedian !== null ? ` (median ${formatTokens(t.lostIdentifiersMedian)})` : ''}`,
    t.runsOverWindow > 0 ? <span className="font-medium text-red-700">{t.runsOverWindow}</span> : 0,
    t.wins,
  ];
}

export const FleetCompareSummary = memo(function FleetCompareSummary({
  aggregate,
  resultsFile,
}: {
  aggregate: FleetAggregate;
  /** Outcomes come from a results file the folder held (unknown until every run is in). */
  resultsFile?: boolean;
}) {
  const [scope, setScope] = useState<Scope>('all');
  const classes = OUTCOME_CLASSES.filter((c) => aggregate.byOutcome[c] > 0);
  const shown: Scope = scope !== 'all' && aggregate.byOutcome[scope] === 0 ? 'all' : scope;
  const totalsOf = (s: (typeof aggregate.strategies)[number]) =>
    shown === 'all' ? s : s.byOutcome[shown];
  const first = aggregate.strategies[0];
  const base = first ? totalsOf(first) : undefined;
  const runs = shown === 'all' ? aggregate.runs : aggregate.byOutcome[shown];
  const priced = base?.pricedRuns ?? 0;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <Segmented
          label="Runs summed"
          value={shown}
          onChange={setScope}
          options={[
            { value: 'all', label: `${SCOPE_LABEL.all} (${aggregate.runs})` },
            ...classes.map((c) => ({
              value: c,
              label: `${SCOPE_LABEL[c]} (${aggregate.byOutcome[c]})`,
            })),
          ]}
        />
        <span>
          <Term id="fleet-runs">Outcomes</Term>{' '}
          {resultsFile ? 'from the results file picked with the runs' : "from each run's own file"};
          costs are input only, over {priced} of {runs} priced runs. <HelpLink />
        </span>
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white p-2">
        <FigureTable
          label={`Fleet summary: ${SCOPE_LABEL[shown].toLowerCase()}`}
          headers={['Strategy', ...FLEET_COLUMNS.map((id) => <Term key={id} id={id} />)]}
        >
          {base && (
            <tr className="border-t border-slate-100 bg-slate-50">
              <FigureCell text className="pr-3">
                <span className="flex items-center gap-2">
                  <ColumnDot index={-1} />
                  Sending everything
                </span>
              </FigureCell>
              <FigureCell className="whitespace-nowrap pr-3">
                {formatTokens(base.baselineInputTokens)}
              </FigureCell>
              <FigureCell className="whitespace-nowrap pr-3">{dash}</FigureCell>
              <FigureCell className="whitespace-nowrap pr-3">
                {priced > 0 ? usd(base.baselineCostUsd) : dash}
              </FigureCell>
              <FigureCell className="whitespace-nowrap pr-3">
                {priced > 0 ? usd(base.baselineUncachedCostUsd) : dash}
              </FigureCell>
              <FigureCell className="whitespace-nowrap pr-3">{dash}</FigureCell>
              <FigureCell className="whitespace-nowrap pr-3">{dash}</FigureCell>
              <FigureCell className="whitespace-nowrap pr-3">{dash}</FigureCell>
              <FigureCell className="whitespace-nowrap pr-3">0</FigureCell>
              <FigureCell className="whitespace-nowrap pr-3">
                {shown === 'all' ? aggregate.baseline.runsOverWindow : dash}
              </FigureCell>
              <FigureCell className="whitespace-nowrap pr-3">{dash}</FigureCell>
            </tr>
          )}
          {aggregate.strategies.map((s, k) => {
            const t = totalsOf(s);
            return (
              <tr key={s.id} className="border-t border-slate-100">
                <FigureCell text className="pr-3">
                  <span className="flex items-center gap-2">
                    <ColumnDot index={k} />
                    {s.id}
                    {t.errors > 0 && (
                      <span className="text-red-700">(could not run on {t.errors})</span>
                    )}
                  </span>
                </FigureCell>
                {cells(t).map((c, i) => (
                  <FigureCell key={i} className="whitespace-nowrap pr-3">
                    {c}
                  </FigureCell>
                ))}
              </tr>
            );
          })}
        </FigureTable>
      </div>
      {shown === 'all' && aggregate.runsNothingSaves > 0 && (
        <p className="text-xs text-slate-600">
          On {aggregate.runsNothingSaves} of {aggregate.runs} runs no strategy saves anything:
          sending everything is as good as any of them there.
        </p>
      )}
    </div>
  );
});
