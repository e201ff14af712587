'use client';
/**
 * Every model call: the context Stepscope's replay of `none` sends, beside the prompt the file says
 * the provider billed (uncached, cache read, cache write with its 1-hour part) and output, the gap,
 * and the call's cost as recorded and as its usage prices. Virtualized: runs have thousands of calls.
 */
import type { PricedCall } from '../../lib/pricing/paid';
import type { CallReconciliation } from '../../lib/simulate/reconcile';
import { Button } from '../ui/button';
import { formatTokens } from '../ui/kinds';
import { VirtualRows } from '../ui/virtual-rows';
import { formatShare, formatUsd } from './format';
import { RECONCILE_COLUMNS } from '../../lib/charts/definitions';
import { Term } from '../help/term';

const ROW = 30;
const COLUMNS =
  'grid grid-cols-[3rem_4rem_minmax(6rem,1fr)_6rem_6rem_5rem_5rem_8rem_5rem_5.5rem_5rem_6rem_6rem] gap-x-2 whitespace-nowrap';

const dash = <span className="text-slate-300">—</span>;

export function ReconcileTable(props: {
  calls: readonly CallReconciliation[];
  priced: ReadonlyMap<number, PricedCall>;
  stepNumberOf(stepIndex: number): number;
  onSelect(stepId: string): void;
}) {
  return (
    <div
      role="table"
      aria-label="Reported vs simulated per call"
      aria-rowcount={props.calls.length + 1}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white text-xs"
    >
      <div className="min-w-[70rem]">
        <div
          role="row"
          className={`${COLUMNS} border-b border-slate-200 px-2 py-1 font-semibold text-slate-500`}
        >
          {/* Each header is its definition's term (lib/charts/definitions.ts): hover or focus it. */}
          {RECONCILE_COLUMNS.map((id) => (
            <span key={id} role="columnheader" className="truncate">
              <Term id={id} />
            </span>
          ))}
        </div>
        <VirtualRows
          count={props.calls.length}
          rowHeight={ROW}
          maxHeight="50vh"
          className="overflow-y-auto"
          renderRow={(index, placement) => {
            const c = props.calls[index] as CallReconciliation;
            const p = props.priced.get(c.stepIndex);
            const r = c.reported;
            const share = r && r.total > 0 && c.gap !== undefined ? c.gap / r.total : undefined;
            return (
              <div
                key={c.stepIndex}
                role="row"
                className={`${COLUMNS} items-center border-b border-slate-100 px-2 font-mono text-slate-700`}
                {...placement}
              >
                <span role="cell">{c.call}</span>
                <span role="cell">
                  <Button variant="link" size="xs" onClick={() => props.onSelect(c.stepId)}>
                    #{props.stepNumberOf(c.stepIndex)}
                  </Button>
                </span>
                <span role="cell" className="truncate font-sans" title={c.model}>
                  {c.model ?? dash}
                </span>
                <span role="cell">{formatTokens(c.simulated)}</span>
                <span role="cell">{r ? formatTokens(r.total) : dash}</span>
                <span role="cell">{r ? formatTokens(r.uncached) : dash}</span>
                <span role="cell">{r ? formatTokens(r.cacheRead) : dash}</span>
                <span
                  role="cell"
                  className="truncate"
                  title={
                    r?.cacheWrite1h
                      ? `of which ${formatTokens(r.cacheWrite1h)} written for 1 hour`
                      : undefined
                  }
                >
                  {r
                    ? `${formatTokens(r.cacheWrite)}${r.cacheWrite1h ? (r.cacheWrite1h === r.cacheWrite ? ' · 1h' : ` · ${formatTokens(r.cacheWrite1h)} 1h`) : ''}`
                    : dash}
                </span>
                <span role="cell">{r ? formatTokens(r.output) : dash}</span>
                <span role="cell">{c.gap === undefined ? dash : formatTokens(c.gap)}</span>
                <span
                  role="cell"
                  className={share !== undefined && Math.abs(share) > 0.1 ? 'text-amber-700' : ''}
                >
                  {share === undefined ? dash : formatShare(share)}
                </span>
                <span role="cell">
                  {c.recordedCostUsd === undefined ? dash : formatUsd(c.recordedCostUsd)}
                </span>
                <span role="cell" title={p?.reason ?? p?.source}>
                  {p?.pricedUsd !== undefined ? (
                    `${formatUsd(p.pricedUsd)}${p.tier ? ' ↑' : ''}`
                  ) : p?.reason ? (
                    <span className="font-sans text-amber-700">no price</span>
                  ) : (
                    dash
                  )}
                </span>
              </div>
            );
          }}
        />
      </div>
    </div>
  );
}
