'use client';
/** The `none` replay against the usage the file reports: what the provider billed, and how close the simulation comes. */
import type { ReportedCheck } from '../../lib/simulate/reported';
import { formatTokens } from '../ui/kinds';

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
    <section
      aria-label="Check against reported usage"
      className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
    >
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
      <table aria-label="Reported usage check" className="mt-2 w-full text-left text-xs">
        <thead className="text-slate-500">
          <tr>
            <th className="py-0.5 font-semibold"> </th>
            <th className="py-0.5 font-semibold">Input tokens</th>
            <th className="py-0.5 font-semibold">Cache reads</th>
            <th className="py-0.5 font-semibold">Input cost</th>
            <th className="py-0.5 font-semibold">Gap to reported</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} className="border-t border-slate-100">
              <td className="py-0.5">{r.label}</td>
              <td className="py-0.5 font-mono">{formatTokens(r.input)}</td>
              <td className="py-0.5 font-mono">{formatTokens(r.cached)}</td>
              <td className="py-0.5 font-mono">${r.cost.toFixed(4)}</td>
              <td
                className={`py-0.5 font-mono ${r.gap !== undefined && Math.abs(r.gap) > 0.1 ? 'text-amber-700' : ''}`}
              >
                {r.gap === undefined ? '—' : pct(r.gap)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
