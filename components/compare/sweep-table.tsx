/** A sweep's points as a table: each value's cost (cached and not), input, identifiers lost, calls over the window; the knee marked. */
import type { SweepResult } from '../../lib/compare/sweep';
import { formatTokens } from '../ui/kinds';

export const usd = (v: number) => `$${v.toFixed(4)}`;

export function SweepTable({ result }: { result: SweepResult }) {
  return (
    <table aria-label="Sweep results" className="h-fit w-full text-left text-xs">
      <thead className="text-slate-500">
        <tr>
          <th className="py-0.5 font-semibold">{result.param}</th>
          <th className="py-0.5 font-semibold">cost, cached</th>
          <th className="py-0.5 font-semibold">uncached</th>
          <th className="py-0.5 font-semibold">input</th>
          <th className="py-0.5 font-semibold">lost</th>
          <th className="py-0.5 font-semibold">over window</th>
        </tr>
      </thead>
      <tbody>
        {result.points.map((p, i) => (
          <tr
            key={i}
            className={`border-t border-slate-100 ${i === result.knee ? 'bg-sky-50 font-medium' : ''}`}
          >
            <td className="py-0.5 font-mono">{p.value}</td>
            {p.error ? (
              <td colSpan={5} className="py-0.5 text-red-700">
                {p.error}
              </td>
            ) : (
              <>
                <td className="py-0.5 font-mono">
                  {p.costUsd === undefined ? '—' : usd(p.costUsd)}
                </td>
                <td className="py-0.5 font-mono text-slate-500">
                  {p.uncachedCostUsd === undefined ? '—' : usd(p.uncachedCostUsd)}
                </td>
                <td className="py-0.5 font-mono">{formatTokens(p.inputTokens)}</td>
                <td className="py-0.5 font-mono">{p.lost}</td>
                <td className="py-0.5 font-mono">{p.overflowCalls}</td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
