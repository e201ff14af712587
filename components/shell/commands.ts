/**
 * What each shortcut does (the bindings are in shortcuts.ts): walk the steps of the list on screen,
 * open the selected step's sub-agent or its details, back out, search, and the two dialogs. The
 * store changes through its actions; focus moves to what the command opened once it is rendered.
 */
import { queryStepIndices } from '../../lib/model/query';
import { assertUnreachable } from '../../lib/model/steps';
import type { History } from '../../lib/model/types';
import {
  currentHistory,
  type DebuggerState,
  type DebuggerStore,
} from '../../lib/state/debugger-store';
import type { CommandId } from './shortcuts';
import type { StepOrderHolder } from './step-order';

export interface CommandContext {
  readonly store: DebuggerStore;
  readonly order: StepOrderHolder | null;
  openDialog(dialog: 'help' | 'palette'): void;
}

/**
 * The steps in the order the view on screen lists them: the list's own published order (the table
 * sorted), else the table's filters over the run, else the timeline's order; undefined in a view
 * that lists no steps (usage, plan), where the keys do nothing.
 */
export function orderOnScreen(
  s: Pick<DebuggerState, 'view' | 'filters'>,
  history: History,
  order: StepOrderHolder | null,
): readonly string[] | undefined {
  const listed = order?.current();
  if (listed && listed.view === s.view && listed.historyId === history.id) return listed.ids;
  if (s.view === 'table')
    return queryStepIndices(history.steps, s.filters).flatMap((i) => history.steps[i]?.id ?? []);
  if (s.view === 'timeline' || s.view === 'compare') return history.steps.map((step) => step.id);
  return undefined;
}

/**
 * Runs `then` on what `find` returns once it is rendered: from the next frame on, so a view switched
 * to has rendered and a dialog closing has given the focus back first.
 */
function whenRendered<T extends HTMLElement>(find: () => T | null, then: (el: T) => void): void {
  let frames = 0;
  const look = () => {
    const el = find();
    if (el) then(el);
    else if (++frames < 30) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** Focuses a region that is not focusable by Tab (a panel): focus lands on it, Tab goes inside. */
function focusRegion(el: HTMLElement): void {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'nearest' });
}

const INSPECTOR = '[aria-label="Step inspector"]';
const SEARCH = 'input[aria-label="Search steps"]';

/** Runs a command; false when it had nothing to act on (the key then does what it would have). */
export function runCommand(id: CommandId, ctx: CommandContext): boolean {
  const s = ctx.store.getState();
  const { actions } = s;
  const history = currentHistory(s);
  switch (id) {
    case 'help':
    case 'palette':
      ctx.openDialog(id);
      return true;
    case 'next-step':
    case 'previous-step': {
      const ids = history && orderOnScreen(s, history, ctx.order);
      if (!ids) return false;
      if (id === 'next-step') actions.selectNextStep(ids);
      else actions.selectPreviousStep(ids);
      return true;
    }
    case 'open-step': {
      const selected = s.selectedStepId;
      if (!history || selected === undefined) return false;
      const child = history.children?.find((c) => c.parentStepId === selected);
      if (child) {
        actions.openChild(child.history.id);
        return true;
      }
      if (s.view !== 'timeline' && s.view !== 'table') actions.setView('timeline');
      whenRendered(() => document.querySelector<HTMLElement>(INSPECTOR), focusRegion);
      return true;
    }
    case 'escape':
      if (s.selectedStepId !== undefined) actions.selectStep(undefined);
      else if (s.childPath.length > 0) actions.backTo(s.childPath.length - 1);
      else return false;
      return true;
    case 'search':
      if (!history) return false;
      actions.setView('table');
      whenRendered(
        () => document.querySelector<HTMLInputElement>(SEARCH),
        (input) => {
          input.focus();
          input.select();
        },
      );
      return true;
    default:
      return assertUnreachable(id);
  }
}
