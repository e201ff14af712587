'use client';
/** The run at a glance: steps by kind, tools, errors, and the quadratic cost of resending the history. */
import type { RunTotals } from '../../lib/charts/prepare';
import type { PaidWithChildren } from '../../lib/pricing/paid';
import { Button } from '../ui/button';
import { formatUsd } from '../usage/format';
import { paidSource } from '../usage/paid-panel';
import type { StepKind, Usage } from '../../lib/model/types';
import { formatTokens, KIND_STYLE } from '../ui/kinds';

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white px-3 py-2">
      <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</div>
      <div className="font-mono text-lg font-semibold text-slate-900">{value}</div>
      {hint && (
        <div className="truncate text-xs text-slate-500" title={hint}>
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
  reported,
  paid,
  onSelect,
  onUsage,
}: {
  totals: RunTotals;
  exact: boolean;
  reported?: Usage;
  /** What the run (with its sub-agents) cost, as the file says or as its usage prices. */
  paid?: PaidWithChildren;
  onSelect(id: string): void;
  onUsage(): void;
}) {
  const approx = exact ? '' : '≈ ';
  const kinds = (Object.entries(totals.byKind) as [StepKind, number][])
    .map(([k, n]) => `${n} ${KIND_STYLE[k].label.toLowerCase()}`)
    .join(' · ');
  const factor = totals.singlePassTokens > 0 ? totals.runInputTokens / totals.singlePassTokens : 0;
  return (
    <section aria-label="Run totals" className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-2 md:grid-cols-6">
        <Stat label="Steps" value={String(totals.steps)} hint={kinds} />
        <Stat
          label="Tool calls"
          value={String(totals.toolCalls)}
          hint={`${totals.errors} with errors`}
        />
        <Stat
          label="One pass"
          value={`${approx}${formatTokens(totals.singlePassTokens)}`}
          hint="every step sent once"
        />
        <Stat
          label="Run input"
          value={`${approx}${formatTokens(totals.runInputTokens)}`}
          hint={`${totals.modelCalls} calls resend the history · ×${factor.toFixed(1)}`}
        />
        <Stat
          label="Peak context"
          value={`${approx}${formatTokens(totals.peakContext)}`}
          hint="largest request"
        />
        {paid && (
          <Stat
            label="Paid"
            value={paid.usd === undefined ? 'unknown' : formatUsd(paid.usd)}
            hint={`${paid.partial && paid.usd !== undefined ? 'partial: some calls or runs have no price · ' : ''}${paid.runs.length > 1 ? `with ${paid.runs.length - 1} sub-agent${paid.runs.length === 2 ? '' : 's'} · ` : ''}${paidSource(paid.runs[0]!.paid)}`}
          />
        )}
      </div>
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
