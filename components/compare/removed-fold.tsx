'use client';
/**
 * A run of steps every strategy removed at the call on screen, folded into one row of the aligned
 * rows and of the context rows; a click shows them (adds them to the unfolded set).
 */
import type { Step } from '../../lib/model/types';
import { Button } from '../ui/button';

export function RemovedFold(props: {
  steps: readonly Step[];
  from: number;
  to: number;
  unfolded: ReadonlySet<number>;
  onUnfold(next: ReadonlySet<number>): void;
  className?: string;
}) {
  const { steps, from, to } = props;
  const count = to - from + 1;
  return (
    <Button
      variant="bare"
      onClick={() =>
        props.onUnfold(
          new Set([...props.unfolded, ...Array.from({ length: count }, (_, k) => from + k)]),
        )
      }
      className={`w-full bg-slate-50 px-3 py-1.5 text-xs text-slate-600 hover:bg-slate-100 ${props.className ?? ''}`}
    >
      ▸ steps {steps[from]?.stepNumber}–{steps[to]?.stepNumber}: removed by every strategy at this
      call ({count} steps) — show
    </Button>
  );
}
