'use client';
/**
 * Sending everything against the usage the file reports. One cost of sending everything is shown
 * as such (Stepscope's replay, the summary table's `none` row); beside it, what the file says the
 * provider billed, and the gap between them explained: the replay calibrated on the file is named
 * as a check of the cache model, never as a second price of the same thing.
 */
import type { DefinitionId } from '../../lib/charts/definitions';
import type { ReportedCheck } from '../../lib/simulate/reported';
import { countOf } from '../../lib/compare/format';
import { formatTokens } from '../ui/kinds';
import { FigureCell, FigureTable } from '../ui/figure-table';
import { Panel } from '../ui/panel';
import { Term } from '../help/term';

const pct = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}%`;

export function ReportedCheckPanel({
  check,
  priceLabel,
}: {
  check: ReportedCheck;
  priceLabel: string;
}) {
  // When some calls report no usage, the replay here covers fewer calls than the table's row.
  const all = check.calls >= check.totalCalls;
  const rows: {
    id: DefinitionId;
    label: string;
    input: number;
    cached: number;
    cost: number;
    gap?: number;
    muted?: boolean;
  }[] = [
    {
      id: 'reported',
      label: 'Billed, as the file reports',
      input: check.reported.input,
      cached: check.reported.cached,
      cost: check.reported.costUsd,
    },
    {
      id: 'replayed',
      label: all ? 'Sending everything, replayed (the none row)' : 'Sending everything, replayed',
      input: check.simulated.input,
      cached: check.simulated.cached,
      cost: check.simulated.costUsd,
      gap: check.rawGap,
    },
    {
      id: 'calibrated',
      label: 'Replay calibrated on the file (a check, not a cost)',
      input: check.calibrated.input,
      cached: check.calibrated.cached,
      cost: check.calibrated.costUsd,
      gap: check.calibratedGap,
      muted: true,
    },
  ];
  return (
    <Panel label="Check against reported usage" className="text-sm">
      <h3 className="font-semibold text-slate-900">
        Sending everything, against the usage the file reports
      </h3>
      <p className="mt-1 text-xs text-slate-600">
        {countOf(check.calls, 'call', 'calls')} with reported usage; input only (what the strategies
        change), every row priced at {priceLabel}. The cost of sending everything is
        Stepscope&apos;s replay: ${check.simulated.costUsd.toFixed(4)}
        {all
          ? ', the “none” row of the table above.'
          : ` over these calls (the “none” row above counts all ${formatTokens(check.totalCalls)}).`}{' '}
        The file says the provider billed ${check.reported.costUsd.toFixed(4)} for the same input
        (what the run cost in all, output included, is on the Usage &amp; cost tab). The gap: about{' '}
        {formatTokens(Math.max(0, check.offsetTokens))} tokens per request the file does not record
        (a system prompt, tool definitions) and {check.scale.toFixed(3)} provider tokens per counted
        token (another tokenizer). With both, the replay lands {pct(check.calibratedGap)} from the
        bill: how well the cache model follows the provider. Every strategy&apos;s cost shares the
        same counts, so compare them with this gap in mind.
        {check.calls <= 2 &&
          ' With two calls or fewer the calibration fits them exactly: the calibrated gap says nothing here; a longer run tests the cache model.'}
      </p>
      <FigureTable
        label="Reported usage check"
        headers={[' ', 'Input tokens', 'Cache reads', 'Input cost', 'Gap to reported']}
        className="mt-2"
      >
        {rows.map((r) => (
          <tr key={r.id} className={`border-t border-slate-100 ${r.muted ? 'text-slate-500' : ''}`}>
            <FigureCell text>
              <Term id={r.id}>{r.label}</Term>
            </FigureCell>
            <FigureCell>{formatTokens(r.input)}</FigureCell>
            <FigureCell>{formatTokens(r.cached)}</FigureCell>
            <FigureCell>${r.cost.toFixed(4)}</FigureCell>
            <FigureCell
              className={r.gap !== undefined && Math.abs(r.gap) > 0.1 ? 'text-amber-700' : ''}
            >
              {r.gap === undefined ? '—' : pct(r.gap)}
            </FigureCell>
          </tr>
        ))}
      </FigureTable>
    </Panel>
  );
}
