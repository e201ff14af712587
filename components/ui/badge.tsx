/**
 * Short labels on a row: a step's kind in its colour (the same in the timeline, the table, the
 * aligned steps and the inspector) and a flag in a tone (an error, a sub-agent, a compaction).
 */
import type { ReactNode } from 'react';
import type { StepKind } from '../../lib/model/types';
import { KIND_STYLE } from './kinds';

const TONE = {
  red: 'bg-red-100 text-red-700',
  violet: 'bg-violet-100 text-violet-700',
  teal: 'bg-teal-100 text-teal-800',
  amber: 'bg-amber-100 text-amber-800',
};

export function Badge(props: { tone: keyof typeof TONE; children: ReactNode; className?: string }) {
  return (
    <span
      className={`rounded px-1.5 text-xs font-semibold ${TONE[props.tone]} ${props.className ?? ''}`.trim()}
    >
      {props.children}
    </span>
  );
}

export function KindBadge(props: {
  kind: StepKind;
  /** The kind's glyph before its name (a decoration: the name says it). */
  glyph?: boolean;
  size?: 'xs' | 'sm';
  className?: string;
}) {
  const style = KIND_STYLE[props.kind];
  const size = props.size === 'sm' ? 'px-2 text-sm' : 'px-1.5 text-xs';
  return (
    <span
      className={`inline-flex items-center gap-1 rounded py-0.5 font-medium ring-1 ${size} ${style.badge} ${props.className ?? ''}`.trim()}
    >
      {props.glyph && <span aria-hidden>{style.glyph}</span>}
      {style.label}
    </span>
  );
}
