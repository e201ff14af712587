'use client';
/**
 * The run at a glance: steps by kind, tools, errors, and the quadratic cost of resending the history.
 * Every card's name is a term with its definition (lib/charts/definitions.ts) on hover and focus;
 * one pass and run input count the same steps of this run (its sub-agents apart), so the factor
 * between them is how many times the history went out.
 */
import type { RunTotals } from '../../lib/charts/prepare';
import type { PaidWithChildren } from '../../lib/pricing/paid';
import type { CountingLabel } from '../../lib/tokens/models';
import { Button } from '../ui/button';
import { formatUsd } from '../usage/format';
import { paidSource } from '../usage/paid-panel';
import type { StepKind, Usage } from '../../lib/model/types';
import { formatTokens, KIND_STYLE } from '../ui/kinds';
import type { DefinitionId } from '../../lib/charts/definitions';
import { countOf, formatFactor, formatPercent } from '../../lib/compare/format';
import { HelpLink, Term } from '../help/term';
import type { ReactNode } from 'react';

/** A kind as a count reads it: "1 user message", "30 actions", "2 summaries" (a task is what the user sent). */
const KIND_NOUN: Readonly<Record<StepKind, readonly [string, string]>> = {
  'system-prompt': ['system prompt', 'system prompts'],
  task: ['user message', 'user messages'],
  action: ['action', 'actions'],
  scratchpad: ['note', 'notes'],
  planning: ['plan', 'plans'],
  'final-answer': ['answer', 'answers'],
  summary: ['summary', 'summaries'],
};

function Stat({
  id,
  value,
  hint,
  title,
}: {
  id: DefinitionId;
  value: string;
  hint?: ReactNode;
  /** The whole hint, when it may be cut. */
  title?: string;
}) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white px-3 py-2">
      <div className="text-xs font-medium uppercase tracking-wide text-slate-500">
        <Term id={id} />
      </div>
      <div className="font-mono text-lg font-semibold text-slate-900">{value}</div>
      {hint && (
        <div className="text-xs text-slate-500" title={title}>
          {hint}
        </div>
      )}
    </div>
  );
}

/** The usage a file reports, as one line: what the model's provider counted, next to our estimates. */
function reportedLine(u: Usage): string {
  const parts = [
    u.inputTokens === undefined ? '' : `${formatTokens(u.inputTokens)} input`,
    u.cacheReadInputTokens ? `${formatTokens(u.cacheReadInputTokens)} cache read` : '',
    u.cacheCreationInputTokens
      ? `${formatTokens(u.cacheCreationInputTokens)} cache write${u.cacheCreation1hInputTokens ? ` (${formatTokens(u.cacheCreation1hInputTokens)} for 1 hour)` : ''}`
      : '',
    u.outputTokens === undefined ? '' : `${formatTokens(u.outputTokens)} output`,
    u.costUsd ? `$${u.costUsd.toFixed(4)}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

export function Totals({
  totals,
  exact,
  estimated = false,
  counting,
  contextWindow,
  subAgents = 0,
  reported,
  paid,
  onSelect,
  onUsage,
}: {
  totals: RunTotals;
  exact: boolean;
  /** No count has arrived: the page's chars/4 estimate. */
  estimated?: boolean;
  /** Whether the tokenizer's counts are exact for the run's model. */
  counting?: CountingLabel;
  /** The window of the model that applies, for the peak's share of it. */
  contextWindow?: number;
  /** Sub-agents of the history on screen: their calls are not in its one pass or run input. */
  subAgents?: number;
  reported?: Usage;
  /** What the run (with its sub-agents) cost, as the file says or as its usage prices. */
  paid?: PaidWithChildren;
  onSelect(id: string): void;
  onUsage(): void;
}) {
  const approx = exact ? '' : '≈ ';
  const kinds = (Object.entries(totals.byKind) as [StepKind, number][])
    .map(([k, n]) => countOf(n, ...KIND_NOUN[k]))
    .join(' · ');
  const factor = formatFactor(totals.runInputTokens, totals.onePass.tokens, 'one pass');
  const scope =
    subAgents > 0
      ? `; this run's own calls, ${countOf(subAgents, 'sub-agent', 'sub-agents')} apart`
      : '';
  const pass = totals.onePass;
  const share = contextWindow && contextWindow > 0 ? totals.peakContext / contextWindow : undefined;
  return (
    <section aria-label="Run totals" className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-2 md:grid-cols-3 xl:grid-cols-6">
        <Stat id="steps" value={formatTokens(totals.steps)} hint={kinds} title={kinds} />
        <Stat
          id="tool-calls"
          value={formatTokens(totals.toolCalls)}
          hint={`${formatTokens(totals.errors)} with errors`}
        />
        <Stat
          id="one-pass"
          value={`${approx}${formatTokens(pass.tokens)}`}
          hint={`${formatTokens(pass.steps)} of ${countOf(totals.steps, 'step', 'steps')}, each once`}
          title={`${formatTokens(pass.steps)} of ${countOf(totals.steps, 'step', 'steps')} read, each once${pass.unreadSteps > 0 ? `; ${countOf(pass.unreadSteps, 'step', 'steps')} no call reads (${formatTokens(pass.unreadTokens)} tokens, such as the last reply)` : ''}${scope}`}
        />
        <Stat
          id="run-input"
          value={`${approx}${formatTokens(totals.runInputTokens)}`}
          hint={
            <>
              {countOf(totals.modelCalls, 'call', 'calls')}
              {factor && (
                <>
                  {' · '}
                  <Term id="resend-factor">{factor}</Term>
                </>
              )}
            </>
          }
          title={`${countOf(totals.modelCalls, 'call', 'calls')} resend the history before them${factor ? ` · ${factor}` : ''}${scope}`}
        />
        <Stat
          id="peak-context"
          value={`${approx}${formatTokens(totals.peakContext)}`}
          hint={share !== undefined ? `${formatPercent(share)} of the window` : 'largest request'}
        />
        {paid && (
          <Stat
            id="paid"
            value={paid.usd === undefined ? 'unknown' : formatUsd(paid.usd)}
            hint={`${paid.partial && paid.usd !== undefined ? 'partial: some calls or runs have no price · ' : ''}${paid.runs.length > 1 ? `with ${countOf(paid.runs.length - 1, 'sub-agent', 'sub-agents')} · ` : ''}${paidSource(paid.runs[0]!.paid)}`}
            title={`${paid.runs.length > 1 ? `with ${countOf(paid.runs.length - 1, 'sub-agent', 'sub-agents')} · ` : ''}${paidSource(paid.runs[0]!.paid)}`}
          />
        )}
      </div>
      <p aria-label="How tokens are counted" className="text-xs text-slate-600">
        <span className="font-medium">
          <Term id="tokenizer" />:
        </span>{' '}
        {estimated
          ? 'chars ÷ 4, an estimate until the counts arrive'
          : (counting?.text ?? (exact ? 'exact' : 'an estimate'))}
        {subAgents > 0 &&
          ` · the cards count this run's own calls: ${subAgents === 1 ? 'its sub-agent counts on its own (Paid includes it)' : `its ${formatTokens(subAgents)} sub-agents count on their own (Paid includes them)`}`}
        {' · '}
        <HelpLink />
      </p>
      {reported && reportedLine(reported) && (
        <div className="text-xs text-slate-600">
          <span className="font-medium">Reported by the file:</span> {reportedLine(reported)}
          <span className="text-slate-500">
            {' '}
            (what the provider counted; the cards above are Stepscope&apos;s counts)
          </span>{' '}
          <Button variant="link" size="xs" onClick={onUsage}>
            Compare call by call
          </Button>
        </div>
      )}
      {totals.largest.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <span className="font-medium">Largest steps:</span>
          {totals.largest.map((l) => (
            <Button key={l.id} variant="secondary" size="xs" onClick={() => onSelect(l.id)}>
              #{l.stepNumber} {KIND_STYLE[l.kind].label} · {formatTokens(l.tokens)}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}
