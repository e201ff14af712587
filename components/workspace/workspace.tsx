'use client';
/** The loaded run: totals, chart, timeline and inspector, all derived from the store by pure functions. */
import { useDeferredValue, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { prepareTokenSeries, prepareTotals } from '../../lib/charts/prepare';
import { compactionMarkers } from '../../lib/simulate/compactions';
import { reconcile } from '../../lib/simulate/reconcile';
import { usableFit } from '../../lib/compare/calibrate';
import { CompactionsPanel } from '../compactions/compactions-panel';
import { findModel } from '../../lib/tokens/models';
import { chooseModel, windowLabelOf } from '../../lib/state/model-choice';
import { RunPicker } from './run-picker';
import { TokenChart } from '../charts/token-chart';
import { StepInspector } from '../inspector/step-inspector';
import { useDebuggerStore } from '../state/debugger-provider';
import { Timeline } from '../timeline/timeline';
import { formatTokens } from '../ui/kinds';
import { reportedUsage } from '../../lib/model/usage';
import { TextlessNote } from './textless-note';
import { countsOf, currentHistory, historyAt, type View } from '../../lib/state/debugger-store';
import { StepTable } from '../table/step-table';
import type { StepQuery } from '../../lib/model/query';
import { Totals } from './totals';
import { UsageView } from '../usage/usage-view';
import { whatYouPaidWithChildren } from '../../lib/pricing/paid';
import { CompareView } from '../compare/compare-view';
import { PlanView } from '../plan/plan-view';
import type { StrategyChoice } from '../../lib/compare/config';
import { TabPanel, Tabs, useTabIds, type TabItem } from '../ui/tabs';
import type { HistoryLoader } from '../load/use-history-loader';
import { Button } from '../ui/button';
import { recordLocation } from './record-location';
import { usePreviews } from './use-previews';

const VIEWS: readonly TabItem<View>[] = [
  { id: 'timeline', label: 'Timeline' },
  { id: 'table', label: 'Table' },
  { id: 'usage', label: 'Usage & cost' },
  { id: 'compare', label: 'Compare strategies' },
  { id: 'plan', label: 'Plan steps' },
];

export function Workspace({
  loader,
}: {
  loader: Pick<
    HistoryLoader,
    | 'recount'
    | 'requestRecord'
    | 'requestCompare'
    | 'requestContexts'
    | 'requestSweep'
    | 'requestStep'
    | 'requestWhole'
    | 'requestSearch'
  >;
}) {
  const { requestRecord } = loader;
  const {
    loaded,
    onScreen,
    historyIndex,
    selectedStepId,
    counts,
    dialect,
    filters,
    view,
    chosenModel,
    childPath,
    choices,
    compareCall,
    tokenizer,
    prices,
    actions,
  } = useDebuggerStore(
    useShallow((s) => ({
      loaded: s.loaded,
      onScreen: s.run,
      historyIndex: s.historyIndex,
      selectedStepId: s.selectedStepId,
      counts: s.counts,
      dialect: s.dialect,
      filters: s.filters,
      view: s.view,
      chosenModel: s.model,
      childPath: s.childPath,
      choices: s.choices,
      compareCall: s.compareCall,
      tokenizer: s.tokenizer,
      prices: s.prices,
      actions: s.actions,
    })),
  );
  const history = loaded ? currentHistory({ run: onScreen, historyIndex, childPath }) : undefined;
  const run = onScreen?.index === historyIndex ? onScreen.history : undefined;
  const steps = useMemo(() => history?.steps ?? [], [history]);
  const tokens = useMemo(
    () => countsOf(counts, history?.id) ?? steps.map(() => 0),
    [counts, history, steps],
  );
  const exact = counts?.exact ?? false;
  const series = useMemo(() => prepareTokenSeries(steps, tokens), [steps, tokens]);
  const totals = useMemo(() => prepareTotals(steps, tokens), [steps, tokens]);
  const compactions = useMemo(() => compactionMarkers(steps, tokens), [steps, tokens]);
  // The file's usage against Stepscope's count (the usage view's reconciliation), for calibration.
  const usageFit = useMemo(() => {
    if (compactions.length === 0) return undefined;
    const r = reconcile(steps, tokens, {
      ...(history?.model ? { model: history.model } : {}),
      tokenizer,
    });
    return usableFit(r && { ...r, reportedCalls: r.reportedCalls });
  }, [compactions, steps, tokens, history, tokenizer]);
  const compactionAt = useMemo(() => new Map(compactions.map((m) => [m.stepId, m])), [compactions]);
  // The compaction shown in full: the one the user opened, else the selected step's ('' closed).
  const [openCompaction, setOpenCompaction] = useState<{ run: string; id: string }>();
  const runKey = `${loaded?.name ?? ''}|${history?.id ?? ''}|${historyIndex}/${childPath.join('/')}`;
  const openedHere = openCompaction?.run === runKey ? openCompaction.id : undefined;
  const openId =
    openedHere ??
    (selectedStepId !== undefined && compactionAt.has(selectedStepId) ? selectedStepId : undefined);
  const reported = useMemo(() => (history ? reportedUsage(history) : undefined), [history]);
  // Pricing every call of a long run takes ~25 µs a call (genai-prices): drawn after the rest,
  // in a deferred render React can interrupt, so a new file's timeline shows first.
  const pricedHistory = useDeferredValue(history, undefined);
  const paid = useMemo(
    () =>
      pricedHistory
        ? whatYouPaidWithChildren(pricedHistory, prices ? { overrides: prices } : {})
        : undefined,
    [pricedHistory, prices],
  );
  const tabs = useTabIds();
  const choice = useMemo(
    () => chooseModel(history, chosenModel, prices),
    [history, chosenModel, prices],
  );
  const { model, contextWindow, sheet: pricedSheet } = choice;
  const windowLabel = windowLabelOf(choice, formatTokens);
  const selectedIndex = useMemo(
    () => steps.findIndex((s) => s.id === selectedStepId),
    [steps, selectedStepId],
  );
  const previews = usePreviews(
    loader,
    { run: historyIndex, sub: childPath },
    history,
    selectedIndex,
    view === 'plan',
  );
  // The URL follows the store (components/state/url-sync.ts): these only change the state.
  const select = (id: string) => actions.selectStep(id);
  const setFilters = (next: StepQuery) => actions.setFilters(next);
  const setView = (next: View) => actions.setView(next);
  // Stable inputs for the comparison, so it recomputes only when one of them changes.
  const { requestCompare, requestContexts, requestSweep } = loader;
  const compareApi = useMemo(
    () => ({ requestCompare, requestContexts, requestSweep }),
    [requestCompare, requestContexts, requestSweep],
  );
  const compareTarget = useMemo(
    () => ({ run: historyIndex, sub: childPath, tokenizer, dialect, ...(model ? { model } : {}) }),
    [historyIndex, childPath, tokenizer, dialect, model],
  );
  const setChoices = (next: readonly StrategyChoice[]) => actions.setChoices(next);
  const setCall = (stepIndex: number) => actions.setCompareCall(stepIndex);
  const selectRun = (index: number) => actions.selectHistory(index);
  const openChild = (id: string) => actions.openChild(id);
  const backTo = (depth: number) => actions.backTo(depth);
  const subAgents = (history?.children ?? []).filter(
    (c) => c.parentStepId === steps[selectedIndex]?.id,
  );
  const spawning = useMemo(
    () => new Set((history?.children ?? []).map((c) => c.parentStepId)),
    [history],
  );
  // The timeline, the table and the usage view share one chart.
  const tokenChart = (
    <TokenChart
      series={series}
      contextWindow={contextWindow}
      windowLabel={`${windowLabel} (peak uses ${((100 * totals.peakContext) / contextWindow).toFixed(1)}%)`}
      model={findModel(model)?.id ?? ''}
      onModel={(id) => actions.setModel(id || undefined)}
      onSelect={select}
      compactions={compactions}
    />
  );
  const compactionsPanel = (
    <CompactionsPanel
      markers={compactions}
      openId={openId || undefined}
      onOpen={(id) => setOpenCompaction({ run: runKey, id: id ?? '' })}
      onSelect={(id) => {
        select(id);
        setView('timeline');
      }}
      {...(pricedSheet ? { sheet: pricedSheet } : {})}
    />
  );
  if (!loaded) return null;
  if (!history || !run) {
    return (
      <p role="status" className="px-4 py-6 text-sm text-slate-500">
        Loading run {(historyIndex + 1).toLocaleString('en-US')} of{' '}
        {loaded.runs.length.toLocaleString('en-US')}…
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3 px-4 py-3">
      {childPath.length > 0 && (
        <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-1 text-sm">
          {[
            run,
            ...childPath.map((_, i) =>
              historyAt({ run: onScreen, historyIndex }, childPath.slice(0, i + 1)),
            ),
          ].map((h, depth) =>
            depth < childPath.length ? (
              <span key={h?.id ?? depth} className="flex items-center gap-1">
                <Button variant="link" size="sm" onClick={() => backTo(depth)}>
                  {h?.title ?? h?.id}
                </Button>
                <span aria-hidden className="text-slate-400">
                  ›
                </span>
              </span>
            ) : (
              <span
                key={h?.id ?? depth}
                aria-current="page"
                className="font-semibold text-slate-900"
              >
                {h?.title ?? h?.id} <span className="font-normal text-slate-500">(sub-agent)</span>
              </span>
            ),
          )}
        </nav>
      )}
      {loaded.runs.length > 1 && (
        <RunPicker runs={loaded.runs} index={historyIndex} onSelect={selectRun} />
      )}
      {loaded.warnings.length > 0 && (
        <details className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <summary>{loaded.warnings.length} import warning(s)</summary>
          <ul className="mt-1 list-disc pl-5">
            {loaded.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </details>
      )}
      <TextlessNote history={history} />
      <Totals
        totals={totals}
        exact={exact}
        reported={reported}
        {...(paid ? { paid } : {})}
        onSelect={select}
        onUsage={() => setView('usage')}
      />
      <Tabs label="Step views" base={tabs} items={VIEWS} value={view} onChange={setView} />
      <TabPanel base={tabs} id={view} className="flex min-h-0 flex-col gap-3">
        {view === 'plan' && !previews.wholeHistory.value ? (
          <p role="status" className="px-1 py-4 text-sm text-slate-500">
            {previews.wholeHistory.error ?? 'Loading the whole run for the plan view…'}
          </p>
        ) : view === 'plan' ? (
          <PlanView
            history={previews.wholeHistory.value ?? history}
            tokens={tokens}
            target={compareTarget}
            contextWindow={contextWindow}
            windowLabel={windowLabel}
            requestCompare={requestCompare}
            onSelect={(id) => {
              select(id);
              setView('timeline');
            }}
          />
        ) : view === 'compare' && history ? (
          <CompareView
            api={compareApi}
            history={history}
            {...(previews.loadWhole ? { loadWhole: previews.loadWhole } : {})}
            target={compareTarget}
            choices={choices}
            onChoices={setChoices}
            {...(compareCall !== undefined ? { call: compareCall } : {})}
            onCall={setCall}
            dialect={dialect}
            onDialect={(dialect) => loader.recount({ dialect })}
            contextWindow={contextWindow}
            windowLabel={windowLabel}
            modelId={chosenModel ?? ''}
            onModel={(id) => actions.setModel(id || undefined)}
            {...(pricedSheet ? { priceSheet: pricedSheet } : {})}
            {...(choice.unpriced ? { unpriced: choice.unpriced } : {})}
            {...(selectedStepId ? { selectedId: selectedStepId } : {})}
            onSelect={select}
            compactions={compactions}
            {...(usageFit ? { usageFit } : {})}
          />
        ) : view === 'usage' ? (
          <>
            {compactionsPanel}
            {tokenChart}
            <UsageView
              history={history}
              tokens={tokens}
              exact={exact}
              tokenizer={tokenizer}
              prices={prices}
              onPrices={(next) => actions.setPrices(next)}
              onSelect={(id) => {
                select(id);
                setView('timeline');
              }}
            />
          </>
        ) : (
          <>
            {compactionsPanel}
            {tokenChart}
            <div className="grid min-h-0 grid-cols-1 gap-3 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <div className="flex min-h-0 min-w-0 flex-col gap-2">
                {view === 'timeline' ? (
                  <Timeline
                    steps={steps}
                    tokens={tokens}
                    exact={exact}
                    selectedId={selectedStepId}
                    spawning={spawning}
                    compactions={compactionAt}
                    onSelect={select}
                  />
                ) : (
                  <StepTable
                    steps={steps}
                    tokens={tokens}
                    filters={filters}
                    {...(previews.search ? { search: previews.search } : {})}
                    selectedId={selectedStepId}
                    onFilters={setFilters}
                    onSelect={select}
                  />
                )}
              </div>
              <StepInspector
                step={previews.step}
                {...(previews.stepNote ? { note: previews.stepNote } : {})}
                tokens={tokens[selectedIndex]}
                exact={exact}
                dialect={dialect}
                onDialect={(dialect) => loader.recount({ dialect })}
                record={recordLocation(
                  loaded.format,
                  loaded.name,
                  historyIndex,
                  selectedIndex,
                  steps[selectedIndex],
                  childPath.length > 0,
                )}
                subAgents={subAgents.map((c) => ({
                  id: c.history.id,
                  title: c.history.title ?? c.history.id,
                  steps: c.history.steps.length,
                }))}
                onOpenSubAgent={openChild}
                loadRecord={requestRecord}
              />
            </div>
          </>
        )}
      </TabPanel>
    </div>
  );
}
