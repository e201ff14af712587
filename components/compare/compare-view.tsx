'use client';
/**
 * Strategies side by side over the history on screen: what each keeps, cuts, truncates and
 * summarizes, what it saves over the whole run, what it breaks and what it loses. The comparison is
 * computed in the history worker (never on the page), re-run as parameters change.
 */
import { useEffect, useMemo, useState } from 'react';
import { comparisonCosts, type Comparison } from '../../lib/compare/compare';
import type { StrategyChoice } from '../../lib/compare/config';
import { type CustomOutput } from '../../lib/compare/custom-run';
import type { PriceSheet } from '../../lib/simulate/cache';
import { checkReportedUsage } from '../../lib/simulate/reported';
import type { Goal } from '../../lib/compare/ranking';
import { comparisonKey } from '../../lib/compare/config';
import { useDebuggerStore } from '../state/debugger-provider';
import { PRESETS } from '../../lib/compare/presets';
import { prepareCompareSeries } from '../../lib/charts/compare-series';
import type { Dialect } from '../../lib/messages';
import type { History, Step } from '../../lib/model/types';
import { MODELS } from '../../lib/tokens/models';
import type { CompareTarget } from '../../lib/worker/protocol';
import { AlignedSteps } from './aligned-steps';
import { PriceEditor } from './price-editor';
import { RankingPanel } from './ranking-panel';
import { SweepPanel, type RequestSweep } from './sweep-panel';
import { ReportedCheckPanel } from './reported-check';
import { CompareCharts } from './compare-charts';
import { ContextAtCall } from './context-at-call';
import { StrategyCards } from './strategy-cards';
import { WarningsAndExports } from './warnings-exports';
import { SummaryTable } from './summary-table';
import { SaveComparison } from '../library/save-comparison';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { selectClass } from '../ui/select';
import { useCustomRuns } from './use-custom-runs';
import { CompactionsBeside } from './compactions-beside';
import type { CompactionMarker } from '../../lib/simulate/compactions';
import type { UsageFit } from '../../lib/compare/calibrate';

type Custom = Readonly<Record<number, CustomOutput | string>>;

export interface CompareApi {
  requestSweep: RequestSweep;
  requestCompare(
    target: CompareTarget,
    choices: readonly StrategyChoice[],
    custom?: Custom,
  ): Promise<Comparison>;
  requestContexts(
    target: CompareTarget,
    choices: readonly StrategyChoice[],
    stepIndex: number,
    custom?: Custom,
  ): Promise<{ contexts: readonly (readonly Step[])[]; tokens: readonly number[] }>;
}

const STARTER: StrategyChoice[] = [
  'strands-default',
  'anthropic-clear-tool-uses',
  'tinyagent-last-5',
].map((id) => PRESETS.find((p) => p.id === id)?.choice as StrategyChoice);

export function CompareView(props: {
  api: CompareApi;
  history: History;
  /** The whole history, when `history` is a preview of a large run (custom strategies need it). */
  loadWhole?: () => Promise<History>;
  target: CompareTarget;
  choices: readonly StrategyChoice[];
  onChoices(next: readonly StrategyChoice[]): void;
  call?: number;
  onCall(stepIndex: number): void;
  dialect: Dialect;
  onDialect(d: Dialect): void;
  contextWindow: number;
  windowLabel: string;
  /** The model whose window and price apply ('' for the history's own). */
  modelId: string;
  onModel(id: string): void;
  /** The model's list prices with its cache terms (the user may edit them here). */
  priceSheet?: PriceSheet;
  /** Why there is no price sheet (no model recorded, or one the catalog lacks): costs are not shown. */
  unpriced?: string;
  selectedId?: string;
  onSelect(id: string): void;
  /** The compactions the run made (recorded or probable), put beside the strategies'. */
  compactions?: readonly CompactionMarker[];
  /** The file's usage against Stepscope's count, to calibrate a framework's threshold on. */
  usageFit?: UsageFit;
}) {
  const { api, target, choices } = props;
  const compactions = props.compactions ?? [];
  // The answer lives in the store under its inputs' key: leaving the view and coming back reuses it.
  const answer = useDebuggerStore((s) => s.comparison);
  const setAnswer = useDebuggerStore((s) => s.actions.comparisonArrived);
  const [contexts, setContexts] = useState<{
    key: string;
    contexts: readonly (readonly Step[])[];
    tokens: readonly number[];
  }>();
  const key = comparisonKey(props.history.id, target, choices);
  const answered = answer?.key === key;
  const runCustom = useCustomRuns(props.history, props.contextWindow, props.loadWhole);
  useEffect(() => {
    if (choices.length === 0 || answered) return;
    // Typing in a parameter re-runs the comparison once the typing pauses; older answers are dropped.
    let live = true;
    const timer = setTimeout(() => {
      runCustom(choices)
        .then((custom) => api.requestCompare(target, choices, custom))
        .then(
          (cmp) => live && setAnswer({ key, cmp }),
          (error: Error) => live && setAnswer({ key, error: error.message }),
        );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, key, answered, target, choices, runCustom, setAnswer]);
  const contextKey = `${key}|${props.call ?? ''}`;
  useEffect(() => {
    if (choices.length === 0 || props.call === undefined) return;
    let live = true;
    const call = props.call;
    runCustom(choices)
      .then((custom) => api.requestContexts(target, choices, call, custom))
      .then(
        (r) => live && setContexts({ key: contextKey, ...r }),
        () => live && setContexts(undefined),
      );
    return () => {
      live = false;
    };
  }, [api, contextKey, target, choices, props.call, runCustom]);
  // The last answer stays on screen while a newer one is computed.
  const cmp = answer?.cmp;
  const stale = answer?.key !== key;
  // Edited prices hold for the model they were edited for; another model starts from its list prices.
  const [edit, setEdit] = useState<{ forLabel: string; sheet: PriceSheet }>();
  const sheet =
    props.priceSheet && edit?.forLabel === props.priceSheet.label ? edit.sheet : props.priceSheet;
  const priceLabel = sheet ? sheet.label : 'no price for this model';
  const [goal, setGoal] = useState<Goal>('cost');
  // Every run's bill, once: the table, the charts and the ranking read it.
  const costs = useMemo(
    () => (cmp && sheet ? comparisonCosts(cmp, sheet) : undefined),
    [cmp, sheet],
  );
  const points = useMemo(() => (cmp ? prepareCompareSeries(cmp, 600, costs) : []), [cmp, costs]);
  const reported = useMemo(
    () => (cmp && sheet ? checkReportedUsage(props.history, cmp.baseline, sheet) : undefined),
    [cmp, sheet, props.history],
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
          <Button variant="primary" size="sm" onClick={() => props.onChoices(STARTER)}>
            Compare three framework defaults
          </Button>
        </div>
        <StrategyCards choices={choices} onChange={props.onChoices} />
        <CompactionsBeside
          history={props.history}
          markers={compactions}
          choices={choices}
          onChoices={props.onChoices}
          {...(props.usageFit ? { fit: props.usageFit } : {})}
          contextWindow={props.contextWindow}
        />
      </section>
    );
  }
  return (
    <section aria-label="Compare strategies" className="flex flex-col gap-3">
      <StrategyCards
        choices={choices}
        onChange={props.onChoices}
        errors={answer?.cmp?.columns.map((c) => c.error)}
      />
      <SaveComparison choices={choices} />
      <label className="flex items-center gap-2 text-sm text-slate-600">
        Model (context window and price)
        <select
          aria-label="Compare model"
          value={props.modelId}
          onChange={(e) => props.onModel(e.target.value)}
          className={selectClass}
        >
          <option value="">the history&apos;s own</option>
          {MODELS.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label} · {m.contextWindow.toLocaleString('en-US')}
              {m.inputUsdPerMTok !== undefined ? ` · $${m.inputUsdPerMTok}/M input` : ''}
            </option>
          ))}
        </select>
      </label>
      {sheet && props.priceSheet && (
        <PriceEditor
          sheet={sheet}
          edited={sheet !== props.priceSheet}
          onChange={(next) => setEdit({ forLabel: props.priceSheet?.label ?? '', sheet: next })}
          onReset={() => setEdit(undefined)}
        />
      )}
      {!sheet && props.unpriced && (
        <Alert tone="info" label="No prices">
          No costs: {props.unpriced}. Token counts and savings do not depend on a price.
        </Alert>
      )}
      {answer?.error && !stale && <Alert tone="error">The comparison failed: {answer.error}</Alert>}
      {!cmp ? (
        <p className="text-sm text-slate-500">Comparing…</p>
      ) : (
        <div
          className={`flex flex-col gap-3 ${stale ? 'opacity-70 transition-opacity' : ''}`}
          aria-busy={stale}
        >
          <SummaryTable cmp={cmp} {...(costs ? { costs } : {})} priceLabel={priceLabel} />
          <CompactionsBeside
            history={props.history}
            markers={compactions}
            cmp={cmp}
            choices={choices}
            onChoices={props.onChoices}
            {...(props.usageFit ? { fit: props.usageFit } : {})}
            contextWindow={props.contextWindow}
          />
          <RankingPanel
            cmp={cmp}
            steps={props.history.steps}
            {...(costs ? { costs } : {})}
            goal={goal}
            onGoal={setGoal}
            windowLabel={props.windowLabel}
          />
          {reported && <ReportedCheckPanel check={reported} priceLabel={priceLabel} />}
          <SweepPanel
            cmp={cmp}
            target={target}
            {...(sheet ? { sheet } : {})}
            requestSweep={api.requestSweep}
          />
          {cmp.columns.some((c) => c.replay?.prefixSampled) && (
            <p className="text-xs text-slate-500">
              This run is long: for strategies run before every call, cached tokens come from the
              prefix measured at{' '}
              {cmp.columns
                .find((c) => c.replay?.prefixSampled)
                ?.replay?.prefixSampled?.measured.toLocaleString('en-US')}{' '}
              calls spread over the run; context tokens are exact.
            </p>
          )}
          {cmp.lossCalls < cmp.totalCalls && (
            <p className="text-xs text-slate-500">
              Lost identifiers are checked at {cmp.lossCalls.toLocaleString('en-US')} of the{' '}
              {cmp.totalCalls.toLocaleString('en-US')} calls, spread over the run.
            </p>
          )}
          <CompareCharts
            cmp={cmp}
            points={points}
            priced={sheet !== undefined}
            contextWindow={props.contextWindow}
            windowLabel={props.windowLabel}
            selectedStep={props.call}
            onCall={props.onCall}
            compactions={compactions}
          />
          <ContextAtCall
            cmp={cmp}
            stepIndex={props.call}
            contexts={contexts?.key === contextKey ? contexts.contexts : undefined}
            tokens={contexts?.key === contextKey ? contexts.tokens : undefined}
            dialect={props.dialect}
            onDialect={props.onDialect}
            onCall={props.onCall}
          />
          <WarningsAndExports
            cmp={cmp}
            history={props.history}
            dialect={props.dialect}
            onSelect={props.onSelect}
          />
          <AlignedSteps
            steps={props.history.steps}
            cmp={cmp}
            selectedId={props.selectedId}
            onSelect={props.onSelect}
          />
        </div>
      )}
    </section>
  );
}
