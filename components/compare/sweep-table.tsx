/** A sweep's points as a table: each value's cost (cached and not), input, identifiers lost, calls over the window; the knee marked. */
import type { SweepResult } from '../../lib/compare/sweep';
import { FigureCell, FigureTable } from '../ui/figure-table';
import { formatTokens } from '../ui/kinds';

export const usd = (v: number) => `$${v.toFixed(4)}`;

export function SweepTable({ result }: { result: SweepResult }) {
  return (
    <FigureTable
      label="Sweep results"
      headers={[result.param, 'cost, cached', 'uncached', 'input', 'lost', 'over window']}
      className="h-fit"
    >
      {result.points.map((p, i) => (
        <tr
          key={i}
          className={`border-t border-slate-100 ${i === result.knee ? 'bg-sky-50 font-medium' : ''}`}
        >
          <FigureCell>{p.value}</FigureCell>
          {p.error ? (
            <FigureCell text colSpan={5} className="text-red-700">
              {p.error}
            </FigureCell>
          ) : (
            <>
              <FigureCell>{p.costUsd === undefined ? '—' : usd(p.costUsd)}</FigureCell>
              <FigureCell className="text-slate-500">
                {p.uncachedCostUsd === undefined ? '—' : usd(p.uncachedCostUsd)}
              </FigureCell>
              <FigureCell>{formatTokens(p.inputTokens)}</FigureCell>
              <FigureCell>{p.lost}</FigureCell>
              <FigureCell>{p.overflowCalls}</FigureCell>
            </>
          )}
        </tr>
      ))}
    </FigureTable>
  );
}
