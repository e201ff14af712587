'use client';
/**
 * The same strategy comparison on both fleets, over the tasks both ran: per preset, each side's
 * input tokens, cost and share saved against sending everything (lib/fleet/aggregate.ts, the CLI's
 * numbers), so a preset that saves on one agent and not the other shows. The presets are toggled
 * here (the compare view's presets, lib/compare/presets.ts).
 */
import { PRESETS } from '../../lib/compare/presets';
import type { FleetAggregate, StrategyAggregate } from '../../lib/fleet/aggregate';
import { Term } from '../help/term';
import { formatUsd } from '../usage/format';
import { Button } from '../ui/button';
import { formatTokens } from '../ui/kinds';

/** Presets offered to toggle: the compare view's that prune in place, and two that compact. */
const OFFERED_IDS = [
  'anthropic-clear-tool-uses',
  'observation-masking-m10',
  'lodha-last-5-tool-pairs',
  'tinyagent-last-5',
  'strands-default',
  'seed-002-window',
  'langchain-100k',
  'claude-code-compact',
];
const OFFERED = PRESETS.filter((p) => OFFERED_IDS.includes(p.id));

const percent = (share: number) => `${(100 * share).toFixed(1)}%`;

function Side({ s, agg }: { s: StrategyAggregate | undefined; agg: FleetAggregate }) {
  if (!s) return <td colSpan={3} />;
  return (
    <>
      <td className="px-2 py-1 text-right font-mono text-xs">{formatTokens(s.inputTokens)}</td>
      <td className="px-2 py-1 text-right font-mono text-xs">
        {agg.baseline.pricedRuns > 0 ? formatUsd(s.costUsd) : '—'}
      </td>
      <td className="px-2 py-1 text-right font-mono text-xs">{percent(s.savedShare)}</td>
    </>
  );
}

export function PairStrategies(props: {
  a: FleetAggregate;
  b: FleetAggregate;
  presets: readonly string[];
  onPresets(presets: readonly string[]): void;
  pending: boolean;
}) {
  const { a, b, presets, onPresets } = props;
  const toggle = (id: string) =>
    onPresets(presets.includes(id) ? presets.filter((p) => p !== id) : [...presets, id]);
  const baseline = (agg: FleetAggregate) => (
    <>
      <td className="px-2 py-1 text-right font-mono text-xs">
        {formatTokens(agg.baseline.inputTokens)}
      </td>
      <td className="px-2 py-1 text-right font-mono text-xs">
        {agg.baseline.pricedRuns > 0 ? formatUsd(agg.baseline.costUsd) : '—'}
      </td>
      <td className="px-2 py-1 text-right font-mono text-xs text-slate-500">—</td>
    </>
  );
  return (
    <div className="flex flex-col gap-2">
      <div
        className="flex flex-wrap items-center gap-1 text-xs"
        role="group"
        aria-label="Presets compared on both fleets"
      >
        <span className="mr-1 text-slate-600">Presets:</span>
        {OFFERED.map((p) => (
          <Button
            key={p.id}
            variant="toggle"
            size="xs"
            pressed={presets.includes(p.id)}
            onClick={() => toggle(p.id)}
          >
            {p.id}
          </Button>
        ))}
        {props.pending && (
          <span role="status" className="text-slate-500">
            comparing…
          </span>
        )}
      </div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[40rem] text-sm" aria-label="Strategies on both fleets">
          <thead>
            <tr className="border-b border-slate-200 text-xs text-slate-600">
              <th scope="col" className="px-2 py-1 text-left font-semibold">
                Strategy
              </th>
              {['A', 'B'].flatMap((side) => [
                <th
                  key={`${side}-input`}
                  scope="col"
                  className="px-2 py-1 text-right font-semibold"
                >
                  {side}: <Term id="input-over-run">input</Term>
                </th>,
                <th key={`${side}-cost`} scope="col" className="px-2 py-1 text-right font-semibold">
                  {side}: cost
                </th>,
                <th
                  key={`${side}-saved`}
                  scope="col"
                  className="px-2 py-1 text-right font-semibold"
                >
                  {side}: <Term id="saved-share">saved</Term>
                </th>,
              ])}
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-slate-100">
              <th scope="row" className="px-2 py-1 text-left text-xs font-medium text-slate-700">
                none (send everything)
              </th>
              {baseline(a)}
              {baseline(b)}
            </tr>
            {presets.map((id) => (
              <tr key={id} className="border-b border-slate-100">
                <th scope="row" className="px-2 py-1 text-left text-xs font-medium text-slate-700">
                  {id}
                </th>
                <Side s={a.strategies.find((s) => s.id === id)} agg={a} />
                <Side s={b.strategies.find((s) => s.id === id)} agg={b} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
