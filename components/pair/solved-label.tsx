/** Who solves a paired task, in words and the outcome colours (resolved green, failed red). */
import type { PairSolved } from '../../lib/fleet/pair';

export const SOLVED_STYLE: Record<PairSolved, { label: string; text: string; fill: string }> = {
  a: { label: 'only A solves', text: 'text-blue-800', fill: 'var(--color-blue-600)' },
  b: { label: 'only B solves', text: 'text-amber-800', fill: 'var(--color-amber-500)' },
  both: { label: 'both solve', text: 'text-emerald-700', fill: 'var(--color-green-600)' },
  neither: { label: 'neither solves', text: 'text-red-700', fill: 'var(--color-red-600)' },
  unknown: { label: 'not judged', text: 'text-slate-500', fill: 'var(--color-slate-400)' },
};

export function SolvedLabel({ solved }: { solved: PairSolved }) {
  const style = SOLVED_STYLE[solved];
  return <span className={`text-xs font-medium ${style.text}`}>{style.label}</span>;
}
