/** One colour and glyph per step kind, shared by the timeline, the chart and the inspector. */
import type { StepKind } from '../../lib/model/types';

export const KIND_STYLE: Record<
  StepKind,
  { label: string; glyph: string; color: string; badge: string }
> = {
  'system-prompt': {
    label: 'System',
    glyph: '⚙',
    color: '#64748b',
    badge: 'bg-slate-100 text-slate-700 ring-slate-300',
  },
  // Seed 000's TaskStep is a user turn (the first task and every later message a user sends): the
  // seeds' name stays in the code and wherever a seed's strings are quoted.
  task: {
    label: 'User',
    glyph: '›',
    color: '#2563eb',
    badge: 'bg-blue-50 text-blue-700 ring-blue-300',
  },
  action: {
    label: 'Action',
    glyph: '▶',
    color: '#059669',
    badge: 'bg-emerald-50 text-emerald-700 ring-emerald-300',
  },
  scratchpad: {
    label: 'Note',
    glyph: '✎',
    color: '#a16207',
    badge: 'bg-yellow-50 text-yellow-800 ring-yellow-300',
  },
  planning: {
    label: 'Plan',
    glyph: '☰',
    color: '#7c3aed',
    badge: 'bg-violet-50 text-violet-700 ring-violet-300',
  },
  'final-answer': {
    label: 'Answer',
    glyph: '✓',
    color: '#0891b2',
    badge: 'bg-cyan-50 text-cyan-700 ring-cyan-300',
  },
  summary: {
    label: 'Summary',
    glyph: '∑',
    color: '#db2777',
    badge: 'bg-pink-50 text-pink-700 ring-pink-300',
  },
};

/** One formatter for every count (`toLocaleString` builds one per call: 200 ms over a chart's ticks). */
const COUNT = new Intl.NumberFormat('en-US');
export const formatTokens = (n: number) => COUNT.format(n);
