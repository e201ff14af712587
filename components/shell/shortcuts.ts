/**
 * The key bindings, in one table: the keyboard handler (keyboard-shortcuts.tsx) matches presses
 * against it and the `?` dialog lists it, so the two cannot disagree. The keys are Chrome DevTools',
 * Perfetto's and Linear's: ↑/↓ and j/k walk a list, Enter opens, Esc backs out, `/` searches, `?`
 * lists the shortcuts, Ctrl/⌘+K opens the command palette.
 *
 * A press is ours only when it is no one else's: nothing while the user types in a field (but
 * Ctrl/⌘+K, which types nothing), no arrow a control uses itself (a select, tabs, a slider), no Enter
 * or Esc a focused control or an open dialog answers, and no press with Ctrl, ⌘ or Alt other than
 * the palette's (the browser's own shortcuts stay the browser's).
 */

export type CommandId =
  'next-step' | 'previous-step' | 'open-step' | 'escape' | 'search' | 'help' | 'palette';

interface KeyMatch {
  readonly key: string;
  /** Ctrl on Windows and Linux, ⌘ on macOS (either is accepted). */
  readonly mod?: boolean;
}

export interface Shortcut {
  readonly id: CommandId;
  /** The keys as the `?` dialog shows them, each alternative on its own. */
  readonly keys: readonly string[];
  readonly label: string;
  readonly match: readonly KeyMatch[];
}

export const SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'next-step',
    keys: ['↓', 'j'],
    label: 'Select the next step (in the timeline, or the table as filtered and sorted)',
    match: [{ key: 'ArrowDown' }, { key: 'j' }],
  },
  {
    id: 'previous-step',
    keys: ['↑', 'k'],
    label: 'Select the previous step',
    match: [{ key: 'ArrowUp' }, { key: 'k' }],
  },
  {
    id: 'open-step',
    keys: ['Enter'],
    label: "Open the selected step's sub-agent, or go to its details in the inspector",
    match: [{ key: 'Enter' }],
  },
  {
    id: 'escape',
    keys: ['Esc'],
    label: 'Clear the selection; with nothing selected, go back out of a sub-agent',
    match: [{ key: 'Escape' }],
  },
  {
    id: 'search',
    keys: ['/'],
    label: 'Search the steps (in the table)',
    match: [{ key: '/' }],
  },
  {
    id: 'help',
    keys: ['?'],
    label: 'List these shortcuts',
    match: [{ key: '?' }],
  },
  {
    id: 'palette',
    keys: ['Ctrl K', '⌘ K'],
    label: 'Jump to a run, a step, a strategy or a view',
    match: [{ key: 'k', mod: true }],
  },
];

export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
}

/** What has the focus, as far as shortcuts care. */
export interface KeyTarget {
  /** A text field, a textarea, a select or editable content: keys type. */
  readonly typing: boolean;
  /** A control that moves with the arrow keys itself (a combobox, tabs, a listbox, a slider, a menu). */
  readonly ownsArrows: boolean;
  /** A control Enter activates (a button, a link), or a dialog or popup Esc closes. */
  readonly ownsEnter: boolean;
  readonly ownsEscape: boolean;
}

const ARROWS = new Set(['ArrowDown', 'ArrowUp']);

/** The command a press runs, or undefined when the press belongs to the browser or the focused control. */
export function shortcutOf(press: KeyPress, target: KeyTarget): CommandId | undefined {
  const mod = press.ctrlKey || press.metaKey;
  // k, or K with Shift or Caps Lock: Ctrl/⌘+K whichever case the key reports.
  const key = mod ? press.key.toLowerCase() : press.key;
  const found = SHORTCUTS.find((s) =>
    s.match.some((m) => m.key === key && Boolean(m.mod) === mod && !press.altKey),
  );
  if (!found) return undefined;
  if (found.id === 'palette') return found.id;
  if (target.typing) return undefined;
  if (ARROWS.has(press.key) && target.ownsArrows) return undefined;
  if (press.key === 'Enter' && target.ownsEnter) return undefined;
  if (press.key === 'Escape' && target.ownsEscape) return undefined;
  return found.id;
}
