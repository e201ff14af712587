/**
 * What has the focus when a key is pressed, as the bindings table asks it (shortcuts.ts `KeyTarget`):
 * a field the user types in, a control that moves with the arrows itself, one that Enter activates,
 * or a dialog or popup that Escape closes. Read from the element and its ARIA role, as the WAI-ARIA
 * Authoring Practices give each widget's keys.
 */
import type { KeyTarget } from './shortcuts';

const TYPING =
  'textarea, select, [contenteditable=""], [contenteditable="true"], input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]):not([type=reset]):not([type=range]):not([type=color]):not([type=file])';
/** Widgets whose keyboard pattern uses ↑/↓ (APG: combobox, listbox, menu, tabs, slider, spinbutton, radio group, tree, grid). */
const ARROW_WIDGETS =
  'select, input[type=range], [role=combobox], [role=listbox], [role=option], [role=menu], [role=menubar], [role=menuitem], [role=tablist], [role=tab], [role=slider], [role=spinbutton], [role=radiogroup], [role=radio], [role=tree], [role=treegrid], [role=grid]';
/** Elements Enter activates itself (any other element in the Tab order may handle it too: a chart). */
const ENTER_WIDGETS =
  'button, a[href], summary, [role=button], [role=link], [role=tab], [role=checkbox], [role=switch], [role=option], [role=menuitem]';
/** Where Escape closes something: a dialog, a popup, an expanded control. */
const ESCAPE_WIDGETS =
  '[role=dialog], [role=alertdialog], [role=listbox], [role=menu], [aria-expanded="true"]';

export function keyTargetOf(target: EventTarget | null): KeyTarget {
  const el = target instanceof Element ? target : null;
  // The selected step's own row: Enter opens the step (its click only selects it again).
  const selectedRow = el?.closest('[aria-current="true"], [role=row][aria-selected="true"]');
  return {
    typing: el?.matches(TYPING) ?? false,
    ownsArrows: el !== null && el.closest(ARROW_WIDGETS) !== null,
    ownsEnter:
      el !== null &&
      !selectedRow &&
      el !== el.ownerDocument.body &&
      (el.closest(ENTER_WIDGETS) !== null || (el instanceof HTMLElement && el.tabIndex >= 0)),
    ownsEscape: el !== null && el.closest(ESCAPE_WIDGETS) !== null,
  };
}
