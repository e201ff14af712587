'use client';
/**
 * The steps of the list on screen, in the order it shows them (the table filtered and sorted as the
 * user left it), for the keyboard to walk: the list publishes its order while it is mounted and the
 * shortcuts read it when a key is pressed. A holder, not state: nothing renders from it, and a list
 * re-sorting must not render the page again. Without a published order the keyboard walks the
 * history's steps as the timeline lists them (keyboard-shortcuts.tsx).
 */
import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import type { View } from '../../lib/state/debugger-store';

export interface ListedOrder {
  readonly view: View;
  /** The history the list shows (a list of a run left behind is not walked). */
  readonly historyId: string;
  readonly ids: readonly string[];
}

export interface StepOrderHolder {
  /** The order published last, by the list on screen. */
  current(): ListedOrder | undefined;
  /** Publishes an order; returns the function that withdraws it. */
  publish(order: ListedOrder): () => void;
}

function createStepOrderHolder(): StepOrderHolder {
  let current: ListedOrder | undefined;
  return {
    current: () => current,
    publish(order) {
      current = order;
      return () => {
        if (current === order) current = undefined;
      };
    },
  };
}

const StepOrderContext = createContext<StepOrderHolder | null>(null);

export function StepOrderProvider({ children }: { children: ReactNode }) {
  const [holder] = useState(createStepOrderHolder);
  return <StepOrderContext.Provider value={holder}>{children}</StepOrderContext.Provider>;
}

/** The holder the shortcuts read (none outside the app's shell: a view tested alone). */
export function useStepOrderHolder(): StepOrderHolder | null {
  return useContext(StepOrderContext);
}

/**
 * For a list of steps: publishes the order it shows while it is on screen. Call it with the ids as
 * rendered (memoized: a new array publishes again).
 */
export function usePublishStepOrder(view: View, historyId: string, ids: readonly string[]): void {
  const holder = useContext(StepOrderContext);
  useLayoutEffect(() => holder?.publish({ view, historyId, ids }), [holder, view, historyId, ids]);
}
