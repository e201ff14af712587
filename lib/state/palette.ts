/**
 * What the command palette (Ctrl/⌘+K) can jump to, as Linear's and VS Code's palettes list it: the
 * file's runs (title or id, with outcome), the steps of the history on screen (number, kind, the
 * tools it called or its text), the preset strategies (added to the comparison) and the views. Pure:
 * the palette ranks and renders these, the store applies the one picked (`applyPaletteEntry`).
 */
import { sameChoice } from '../compare/config';
import { PRESETS } from '../compare/presets';
import type { RunSummary } from '../model/run-summary';
import { assertUnreachable, primaryText, toolNamesOf } from '../model/steps';
import type { Step, StepKind } from '../model/types';
import type { DebuggerState, View } from './debugger-store';

export type PaletteGroup = 'Runs' | 'Steps' | 'Strategies' | 'Views';

interface EntryBase {
  /** Unique across the palette. */
  readonly key: string;
  readonly group: PaletteGroup;
  /** What the entry reads as, and what search matches first. */
  readonly label: string;
  /** Shown beside the label, and searched too. */
  readonly detail?: string;
}

export type PaletteEntry =
  | (EntryBase & { readonly kind: 'run'; readonly index: number })
  | (EntryBase & { readonly kind: 'step'; readonly id: string; readonly stepKind: StepKind })
  | (EntryBase & { readonly kind: 'preset'; readonly id: string })
  | (EntryBase & { readonly kind: 'view'; readonly view: View });

/** The views and what each is for, in the order the tabs list them. */
export const VIEW_ENTRIES: readonly { readonly view: View; readonly label: string }[] = [
  { view: 'timeline', label: 'Timeline' },
  { view: 'table', label: 'Table' },
  { view: 'usage', label: 'Usage & cost' },
  { view: 'compare', label: 'Compare strategies' },
  { view: 'plan', label: 'Plan steps' },
];

/** A run as the palette and the run search list it: "Run 8 · <title> · 12 steps · success". */
export function runEntry(run: RunSummary, index: number): PaletteEntry {
  const title = run.title && run.title !== run.id ? `${run.title} (${run.id})` : run.id;
  return {
    key: `run:${index}`,
    group: 'Runs',
    kind: 'run',
    index,
    label: `Run ${index + 1} · ${title}`,
    detail: `${run.steps} step${run.steps === 1 ? '' : 's'}${run.outcome ? ` · ${run.outcome}` : ''}`,
  };
}

/** A step's one-line headline: the tools it called, else the start of its text. */
export function stepHeadline(step: Step): string {
  const tools = toolNamesOf(step);
  if (tools.length > 0) return tools.join(', ');
  return primaryText(step).replace(/\s+/g, ' ').trim().slice(0, 100) || '(empty)';
}

export function paletteEntries(
  runs: readonly RunSummary[],
  steps: readonly Step[],
): PaletteEntry[] {
  return [
    ...(runs.length > 1 ? runs.map(runEntry) : []),
    ...steps.map((s): PaletteEntry => ({
      key: `step:${s.id}`,
      group: 'Steps',
      kind: 'step',
      id: s.id,
      stepKind: s.kind,
      label: `Step ${s.stepNumber}`,
      detail: stepHeadline(s),
    })),
    ...PRESETS.map((p): PaletteEntry => ({
      key: `preset:${p.id}`,
      group: 'Strategies',
      kind: 'preset',
      id: p.id,
      label: p.label,
      detail: 'add to the comparison',
    })),
    ...VIEW_ENTRIES.map((v): PaletteEntry => ({
      key: `view:${v.view}`,
      group: 'Views',
      kind: 'view',
      view: v.view,
      label: v.label,
      detail: 'view',
    })),
  ];
}

/**
 * Goes where an entry points: a run is shown, a step selected (in the timeline unless a list of
 * steps is on screen), a preset added to the comparison (once) and the comparison shown, a view shown.
 */
export function applyPaletteEntry(
  state: Pick<DebuggerState, 'view' | 'choices' | 'actions'>,
  entry: PaletteEntry,
): void {
  const { actions } = state;
  switch (entry.kind) {
    case 'run':
      return actions.selectHistory(entry.index);
    case 'step':
      if (state.view !== 'timeline' && state.view !== 'table') actions.setView('timeline');
      return actions.selectStep(entry.id);
    case 'preset': {
      const preset = PRESETS.find((p) => p.id === entry.id);
      if (preset && !state.choices.some((c) => sameChoice(c, preset.choice)))
        actions.setChoices([...state.choices, preset.choice]);
      return actions.setView('compare');
    }
    case 'view':
      return actions.setView(entry.view);
    default:
      return assertUnreachable(entry);
  }
}
