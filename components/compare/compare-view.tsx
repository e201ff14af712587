'use client';
/**
 * Strategies side by side over the history on screen: what each keeps, cuts, truncates and
 * summarizes, what it saves over the whole run, what it breaks and what it loses. The view selects
 * its own state (the strategies, the call, the model, the dialect); the comparison is computed in
 * the history worker (never on the page), asked again as parameters change (use-comparison.ts).
 */
import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { usableFit, type UsageFit } from '../../lib/compare/calibrate';
import { comparisonCosts } from '../../lib/compare/compare';
import type { StrategyChoice } from '../../lib/compare/config';
import { PRESETS } from '../../lib/compare/presets';
import { prepareCompareSeries } from '../../lib/charts/compare-series';
import type { Dialect } from '../../lib/messages';
import type { PriceSheet } from '../../lib/simulate/cache';
import { reconcile } from '../../lib/simulate/reconcile';
import { checkReportedUsage } from '../../lib/simulate/reported';
import { MODELS } from '../../lib/tokens/models';
import { useLoader } from '../contexts/app-providers';
import { useDebuggerStore } from '../contexts/store-context';
import { SaveComparison } from '../library/save-comparison';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Fold } from '../ui/fold';
import { Select, type SelectOption } from '../ui/select';
import { useShownRun } from '../workspace/shown-run';
import { useLoadWhole } from '../workspace/whole-queries';
import { AlignedSteps } from './aligned-steps';
import { CompactionsBeside } from './compactions-beside';
import { CompareCharts } from './compare-charts';
import { ContextAtCall } from './context-at-call';
import { PriceEditor } from './price-editor';
import { RankingPanel } from './ranking-panel';
import { ReportedCheckPanel } from './reported-check';
import { StrategyCards } from './strategy-cards';
import { SummaryTable } from './summary-table';
import { SweepPanel, sweepCandidates } from './sweep-panel';
import { useCompareTarget, useComparison } from './use-comparison';
import { WarningsAndExports } from './warnings-exports';

const STARTER: StrategyChoice[] = [
  'strands-default',
  'anthropic-clear-tool-uses',
  'tinyagent-last-5',
].map((id) => PRESETS.find((p) => p.id === id)?.choice as StrategyChoice);

/** The models the compare view can price and window a run with ('' for the history's own). */
const MODEL_OPTIONS: readonly SelectOption<string>[] = [
  { value: '', label: "the history's own" },
  ...MODELS.map((m) => ({
    value: m.id,
    label: `${m.label} · ${m.contextWindow.toLocaleString('en-US')}${m.inputUsdPerMTok !== undefined ? ` · $${m.inputUsdPerMTok}/M input` : ''}`,
  })),
];

/** The file's usage against Stepscope's count (the usage view's reconciliation), to calibrate on. */
function useUsageFit(): UsageFit | undefined {
  const { history, steps, tokens, compactions } = useShownRun();
  const tokenizer = useDebuggerStore((s) => s.tokenizer);
  return useMemo(() => {
    if (compactions.length === 0) return undefined;
    const r = reconcile(steps, tokens, {
      ...(history.model ? { model: history.model } : {}),
      tokenizer,
    });
    return usableFit(r && { ...r, reportedCalls: r.reportedCalls });
  }, [compactions, steps, tokens, history, tokenizer]);
}

export function CompareView() {
  const { history, place, choice, windowLabel, compactions } = useShownRun();
  const { choices, call, dialect, chosenModel, selectedId, goal, actions } = useDebuggerStore(
    useShallow((s) => ({
      choices: s.choices,
      call: s.compareCall,
      dialect: s.dialect,
      chosenModel: s.model,
      selectedId: s.selectedStepId,
      goal: s.goal,
      actions: s.actions,
    })),
  );
  const loader = useLoader();
  const usageFit = useUsageFit();
  const loadWhole = useLoadWhole(place, history);
  const { contextWindow } = choice;
  const target = useCompareTarget();
  const { comparison: answer, contexts } = useComparison(
    history,
    target,
    choices,
    contextWindow,
    call,
    loadWhole,
  );
  const onChoices = actions.setChoices;
  const onDialect = (d: Dialect) => loader.recount({ dialect: d });
  // The last answer stays on screen while a newer one is computed.
  const cmp = answer.data;
  const stale = answer.stale;
  const fading = stale ? 'opacity-70 transition-opacity' : '';
  // Edited prices hold for the model they were edited for; another model starts from its list prices.
  const [edit, setEdit] = useState<{ forLabel: string; sheet: PriceSheet }>();
  const listed = choice.sheet;
  const sheet = listed && edit?.forLabel === listed.label ? edit.sheet : listed;
  const priceLabel = sheet ? sheet.label : 'no price for this model';
  // Every run's bill, once: the table, the charts and the ranking read it.
  const costs = useMemo(
    () => (cmp && sheet ? comparisonCosts(cmp, sheet) : undefined),
    [cmp, sheet],
  );
  const points = useMemo(() => (cmp ? prepareCompareSeries(cmp, 600, costs) : []), [cmp, costs]);
  const reported = useMemo(
    () => (cmp && sheet ? checkReportedUsage(history, cmp.baseline, sheet) : undefined),
    [cmp, sheet, history],
  );

  if (choices.length === 0) {
    return (
      <section
        aria-label="Compare strategies"
        className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-6"
      >
        <h2 className="text-lg font-semibold text-slate-900">
          Compare context strategies on this run
        </h2>
        <p className="max-w-2xl text-sm text-slate-600">
          See what each strategy keeps, truncates, removes or summarizes at every model call, what
          it saves over the whole run against sending everything, and which identifiers the model
          then no longer has.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" size="sm" onClick={() => onChoices(STARTER)}>
            Compare three framework defaults
          </Button>
        </div>
        <StrategyCards choices={choices} onChange={onChoices} />
        <CompactionsBeside
          history={history}
          markers={compactions}
          choices={choices}
          onChoices={onChoices}
          {...(usageFit ? { fit: usageFit } : {})}
          contextWindow={contextWindow}
        />
      </section>
    );
  }
  return (
    <section aria-label="Compare strategies" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <span className="flex items-center gap-2 text-sm text-slate-600">
          <span>Model (context window and price)</span>
          <Select
            label="Compare model"
            value={chosenModel ?? ''}
            onChange={(id) => actions.setModel(id || undefined)}
            options={MODEL_OPTIONS}
          />
        </span>
        <SaveComparison choices={choices} />
      </div>
      {!sheet && choice.unpriced && (
        <Alert tone="info" label="No prices">
          No costs: {choice.unpriced}. Token counts and savings do not depend on a price.
        </Alert>
      )}
      {answer.error && <Alert tone="error">The comparison failed: {answer.error}</Alert>}
      {/* The answer first (issue 25): the ranking and its chart on the first screen, the strategies
          that produced it next, then the details, each in a section that folds. */}
      {!cmp ? (
        <p className="text-sm text-slate-500">Comparing…</p>
      ) : (
        <div
          className={`grid gap-3 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] ${fading}`}
          aria-busy={stale}
        >
          <RankingPanel
            cmp={cmp}
            steps={history.steps}
            {...(costs ? { costs } : {})}
            goal={goal}
            onGoal={actions.setGoal}
            windowLabel={windowLabel}
          />
          <CompareCharts
            cmp={cmp}
            points={points}
            priced={sheet !== undefined}
            contextWindow={contextWindow}
            windowLabel={windowLabel}
            selectedStep={call}
            onCall={actions.setCompareCall}
            compactions={compactions}
          />
        </div>
      )}
      <Fold
        id="compare-strategies"
        title="Strategies"
        hint="their settings, and each one's figures"
      >
        {cmp && (
          <div className={`flex flex-col gap-3 ${fading}`} aria-busy={stale}>
            {/* The table scrolls inside its box past the page's width, its names kept in view. */}
            <div className="sticky-first-column min-w-0">
              <SummaryTable cmp={cmp} {...(costs ? { costs } : {})} priceLabel={priceLabel} />
            </div>
            <CompactionsBeside
              history={history}
              markers={compactions}
              cmp={cmp}
              choices={choices}
              onChoices={onChoices}
              {...(usageFit ? { fit: usageFit } : {})}
              contextWindow={contextWindow}
            />
            {cmp.lossCalls < cmp.totalCalls && (
              <p className="text-xs text-slate-500">
                Lost identifiers are checked at every call, except for{' '}
                {cmp.columns
                  .filter((c) => !c.error && c.lossCalls < cmp.totalCalls)
                  .map((c) => c.label)
                  .join(', ')}
                : at {cmp.lossCalls.toLocaleString('en-US')} of the{' '}
                {cmp.totalCalls.toLocaleString('en-US')} calls, spread over the run.
              </p>
            )}
          </div>
        )}
        <StrategyCards
          choices={choices}
          onChange={onChoices}
          errors={cmp?.columns.map((c) => c.error)}
        />
        {sheet && listed && (
          <PriceEditor
            sheet={sheet}
            edited={sheet !== listed}
            onChange={(next) => setEdit({ forLabel: listed.label, sheet: next })}
            onReset={() => setEdit(undefined)}
          />
        )}
      </Fold>
      {cmp && (
        <div className={`flex flex-col gap-3 ${fading}`} aria-busy={stale}>
          <Fold
            id="compare-context"
            title="Context at a call"
            hint="the messages each strategy sends at the call you pick"
          >
            <ContextAtCall
              cmp={cmp}
              stepIndex={call}
              contexts={contexts.data?.contexts}
              tokens={contexts.data?.tokens}
              dialect={dialect}
              onDialect={onDialect}
              onCall={actions.setCompareCall}
            />
          </Fold>
          <Fold
            id="compare-warnings"
            title="Warnings and exports"
            hint="what each strategy breaks or loses, and its result to download"
          >
            <WarningsAndExports
              cmp={cmp}
              history={history}
              dialect={dialect}
              onSelect={actions.selectStep}
            />
          </Fold>
          <Fold id="compare-steps" title="Every step" hint="its fate under each strategy">
            <AlignedSteps
              steps={history.steps}
              cmp={cmp}
              selectedId={selectedId}
              onSelect={actions.selectStep}
            />
          </Fold>
          {sweepCandidates(cmp).length > 0 && (
            <Fold
              id="compare-sweep"
              title="Parameter sweep"
              hint="cost against information lost, one strategy's parameter varied"
            >
              <SweepPanel cmp={cmp} target={target} {...(sheet ? { sheet } : {})} />
            </Fold>
          )}
          {reported && (
            <Fold
              id="compare-reported"
              title="Check against reported usage"
              hint="sending everything, against what the file says was sent"
            >
              <ReportedCheckPanel check={reported} priceLabel={priceLabel} />
            </Fold>
          )}
        </div>
      )}
    </section>
  );
}
