'use client';
/**
 * The identifiers a strategy lost, each said as what it is ("reservation id ZFA04Y"), with the step
 * that introduced it and the later call that needed it without having it: a click on the step
 * selects it, a click on the call shows that call (the slider, the context and the rows go there,
 * with the introducing step selected, so its row shows what the strategy did to it by then).
 */
import { useMemo, useState } from 'react';
import type { LostIdentifier } from '../../lib/compare/identifiers';
import type { Step } from '../../lib/model/types';
import type { CallContext } from '../../lib/simulate/types';
import { useDebuggerStore } from '../contexts/store-context';
import { Button } from '../ui/button';

export function LostIdentifiers({
  lost,
  steps,
  calls,
  label,
  limit = 6,
}: {
  lost: readonly LostIdentifier[];
  steps: readonly Step[];
  /** The run's model calls (the baseline's), to number the call that needed each. */
  calls: readonly CallContext[];
  label: string;
  limit?: number;
}) {
  const actions = useDebuggerStore((s) => s.actions);
  const [all, setAll] = useState(false);
  const where = useMemo(() => {
    const index = new Map(steps.map((s, i) => [s.id, i]));
    const call = new Map(calls.map((c, k) => [c.stepIndex, k + 1]));
    return (id: string) => {
      const i = index.get(id);
      return {
        index: i,
        number: i === undefined ? undefined : steps[i]?.stepNumber,
        call: i === undefined ? undefined : call.get(i),
      };
    };
  }, [steps, calls]);
  const shown = all ? lost : lost.slice(0, limit);
  return (
    <ul aria-label={label} className="flex flex-col gap-0.5 text-xs">
      {shown.map((l) => {
        const from = where(l.lostAtStepId);
        const used = where(l.usedAtStepId);
        return (
          <li
            key={`${l.identifier}-${l.usedAtStepId}`}
            className="flex flex-wrap items-baseline gap-x-1"
          >
            <span className="text-slate-600">{l.kind}</span>
            <code className="rounded bg-red-50 px-1 font-mono text-red-800">{l.identifier}</code>
            {from.number !== undefined && (
              <Button
                variant="link"
                size="xs"
                aria-label={`from step ${from.number}: ${l.identifier}`}
                onClick={() => actions.selectStep(l.lostAtStepId)}
              >
                from step {from.number}
              </Button>
            )}
            {from.number !== undefined && used.index !== undefined && (
              <span aria-hidden className="text-slate-400">
                ·
              </span>
            )}
            {used.index !== undefined && (
              <Button
                variant="link"
                size="xs"
                aria-label={`needed at call ${used.call} (step ${used.number}): ${l.identifier}`}
                onClick={() => {
                  actions.setCompareCall(used.index);
                  actions.selectStep(l.lostAtStepId);
                }}
              >
                needed at call {used.call} (step {used.number})
              </Button>
            )}
          </li>
        );
      })}
      {lost.length > limit && (
        <li>
          <Button variant="link" size="xs" onClick={() => setAll(!all)}>
            {all ? 'show fewer' : `show all ${lost.length.toLocaleString('en-US')}`}
          </Button>
        </li>
      )}
    </ul>
  );
}
