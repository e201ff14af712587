'use client';
/**
 * Usage and cost (issue 21): what the run cost as the file says, and the replay of `none` checked
 * against the usage the file reports, call by call, with the gap explained. Everything is derived
 * from the history on screen by pure functions (lib/simulate/reconcile.ts, lib/pricing/paid.ts).
 */
import { useMemo } from 'react';
import type { History } from '../../lib/model/types';
import { pricedCalls, whatYouPaidWithChildren } from '../../lib/pricing/paid';
import type { PriceOverrides } from '../../lib/pricing/overrides';
import { reconcile, reconcileRun } from '../../lib/simulate/reconcile';
import type { TokenizerId } from '../../lib/tokens/tokenizer';
import { formatTokens } from '../ui/kinds';
import { formatShare } from './format';
import { PaidPanel } from './paid-panel';
import { PriceForm } from './price-form';
import { ReconcileTable } from './reconcile-table';
import { Alert } from '../ui/alert';
import { Panel } from '../ui/panel';

export function UsageView(props: {
  history: History;
  tokens: readonly number[];
  exact: boolean;
  tokenizer: TokenizerId;
  prices: PriceOverrides | undefined;
  onPrices(prices: PriceOverrides | undefined): void;
  onSelect(stepId: string): void;
}) {
  const { history, tokens, tokenizer, prices } = props;
  const options = useMemo(() => (prices ? { overrides: prices } : {}), [prices]);
  const paid = useMemo(() => whatYouPaidWithChildren(history, options), [history, options]);
  const priced = useMemo(
    () => new Map(pricedCalls(history, options).map((c) => [c.stepIndex, c])),
    [history, options],
  );
  const rec = useMemo(
    () =>
      reconcile(history.steps, tokens, {
        ...(history.model ? { model: history.model } : {}),
        tokenizer,
      }),
    [history, tokens, tokenizer],
  );
  const run = useMemo(
    () => (rec ? undefined : reconcileRun(history.steps, tokens, history.usage)),
    [rec, history, tokens],
  );
  const models = useMemo(
    () =>
      [
        ...new Set(
          [history.model, ...history.steps.map((s) => (s.kind === 'action' ? s.model : undefined))]
            .filter((m): m is string => typeof m === 'string' && m !== '')
            .map((m) => m.toLowerCase()),
        ),
      ].slice(0, 20),
    [history],
  );
  return (
    <div className="flex min-h-0 flex-col gap-3">
      <PaidPanel paid={paid} />
      <PriceForm key={models.join(',')} models={models} prices={prices} onPrices={props.onPrices} />
      {rec ? (
        <Panel label="Reported vs simulated" className="text-sm">
          <h3 className="font-semibold text-slate-900">
            Stepscope&apos;s replay against the usage the file reports
          </h3>
          <p className="mt-1 text-slate-700">
            {rec.reportedCalls} of {rec.calls.length} call{rec.calls.length === 1 ? '' : 's'} report
            their input: the file says{' '}
            <span className="font-mono">{formatTokens(rec.reportedTotal)}</span> input tokens,
            sending everything as the run did counts{' '}
            <span className="font-mono">{formatTokens(rec.simulatedTotal)}</span>
            {props.exact ? '' : ' (estimate until exact counts arrive)'} (
            {formatShare((rec.simulatedTotal - rec.reportedTotal) / rec.reportedTotal)}). Fitted:
            reported ≈ {formatTokens(rec.offsetTokens)} + {rec.scale.toFixed(3)} × counted.
          </p>
          <ul aria-label="Why they differ" className="mt-1 list-disc pl-5 text-xs text-slate-600">
            {rec.explanations.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </Panel>
      ) : run ? (
        <Alert tone="info">
          The file reports input only for the whole run:{' '}
          <span className="font-mono">{formatTokens(run.reported)}</span> tokens over its{' '}
          {run.calls} call{run.calls === 1 ? '' : 's'}; sending everything as the run did counts{' '}
          <span className="font-mono">{formatTokens(run.simulated)}</span> (
          {formatShare((run.simulated - run.reported) / run.reported)}). Without per-call usage the
          gap cannot be placed on a call.
        </Alert>
      ) : (
        <Alert tone="info">
          This file reports no input tokens, so there is nothing to check the replay against; the
          cards above are Stepscope&apos;s own counts.
        </Alert>
      )}
      {rec && (
        <ReconcileTable
          calls={rec.calls}
          priced={priced}
          stepNumberOf={(i) => history.steps[i]?.stepNumber ?? i}
          onSelect={props.onSelect}
        />
      )}
    </div>
  );
}
