'use client';
/** The `none` replay against the usage the file reports: what the provider billed, and how close the simulation comes. */
import type { ReportedCheck } from '../../lib/simulate/reported';
import { formatTokens } from '../ui/kinds';
import { FigureCell, FigureTable } from '../ui/figure-table';
import { Panel } from '../ui/panel';

const pct = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}%`;

export function ReportedCheckPanel({
  check,
  priceLabel,
}: {
  check: ReportedCheck;
  priceLabel: string;
}) {
  const rows = [
    {
      label: "The file's reported input",
      input: check.reported.input,
      cached: check.reported.cached,
      cost: check.reported.costUsd,
      gap: undefined,
    },
    {
      label: 'none, simulated',
      input: check.simulated.input,
      cached: check.simulated.cached,
      cost: check.simulated.costUsd,
      gap: check.rawGap,
    },
    {
      label: 'none, calibrated on the file',
      input: check.calibrated.input,
      cached: check.calibrated.cached,
      cost: check.calibrated.costUsd,
      gap: check.calibratedGap,
    },
  ];
  return (
    <Panel label="Check against reported usage" className="text-sm">
      <h3 className="font-semibold text-slate-900">Check against the usage the file reports</h3>
      <p className="mt-1 text-xs text-slate-600">
        {check.calls} call{check.calls === 1 ? '' : 's'} with reported usage; input only (what the
        strategies change), every row priced at {priceLabel}. What the run cost in all, output
        included, as the file records it, is on the Usage &amp; cost tab. Calibration:{' '}
        {formatTokens(Math.max(0, check.offsetTokens))} tokens per request the file does not record
        (system prompt, tool definitions) and ×{check.scale.toFixed(3)} provider tokens per counted
        token; every strategy&apos;s costs use the same counts, so compare them with this gap in
        mind.
        {check.calls <= 2 &&
          ' With two calls or fewer the calibration fits them exactly: the calibrated gap says nothing here; a longer run tests the cache model.'}
      </p>
      <FigureTable
        label="Reported usage check"
        headers={[' ', 'Input tokens', 'Cache reads', 'Input cost', 'Gap to reported']}
        className="mt-2"
      >
        {rows.map((r) => (
          <tr key={r.label} className="border-t border-slate-100">
            <FigureCell text>{r.label}</FigureCell>
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
