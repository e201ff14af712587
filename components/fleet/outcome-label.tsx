/** A run's outcome as the file says it, in the colour of what it means (lib/model/run-summary.ts). */
import { OUTCOME_KINDS, type OutcomeKind } from '../../lib/model/run-summary';

/** Text and tint per kind; the chart's colours are the same hues (fleet-charts.tsx). */
export const OUTCOME_STYLE: Record<
  OutcomeKind | 'none',
  { label: string; text: string; fill: string }
> = {
  resolved: { label: 'resolved', text: 'text-emerald-700', fill: 'var(--color-green-600)' },
  partial: { label: 'partial', text: 'text-amber-800', fill: 'var(--color-amber-500)' },
  failed: { label: 'failed', text: 'text-red-700', fill: 'var(--color-red-600)' },
  submitted: { label: 'submitted', text: 'text-sky-800', fill: 'var(--color-sky-600)' },
  error: { label: 'error or limit', text: 'text-violet-700', fill: 'var(--color-violet-600)' },
  other: { label: 'other', text: 'text-slate-700', fill: 'var(--color-slate-500)' },
  none: { label: 'not recorded', text: 'text-slate-500', fill: 'var(--color-slate-400)' },
};

/** The style of a kind a chart series names (`none`: no outcome recorded); `other` for any else. */
export function outcomeStyle(kind: string) {
  const known = [...OUTCOME_KINDS, 'none' as const].find((k) => k === kind);
  return OUTCOME_STYLE[known ?? 'other'];
}

export function OutcomeLabel({
  row,
}: {
  row: { readonly outcome?: string; readonly outcomeKind?: OutcomeKind };
}) {
  if (row.outcome === undefined) return <span className="text-xs text-slate-500">—</span>;
  const style = OUTCOME_STYLE[row.outcomeKind ?? 'other'];
  return (
    <span className={`text-xs font-medium ${style.text}`} title={row.outcome}>
      {row.outcome}
    </span>
  );
}
