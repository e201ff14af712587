'use client';
/**
 * The steps of the run on screen, as a timeline or a filterable table, beside the inspector of the
 * selected step (whole, asked of the worker when the page holds a preview of a large run).
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { StepInspector } from '../inspector/step-inspector';
import { useLoader } from '../contexts/app-providers';
import { useDebuggerStore } from '../contexts/store-context';
import { StepTable } from '../table/step-table';
import { Timeline } from '../timeline/timeline';
import { recordLocation } from './record-location';
import { useShownRun } from './shown-run';
import { useStepSearch, useWholeStep } from './whole-queries';

function StepList() {
  const { history, steps, tokens, exact, compactions, place } = useShownRun();
  const { view, selectedStepId, filters, actions } = useDebuggerStore(
    useShallow((s) => ({
      view: s.view,
      selectedStepId: s.selectedStepId,
      filters: s.filters,
      actions: s.actions,
    })),
  );
  const spawning = useMemo(
    () => new Set((history.children ?? []).map((c) => c.parentStepId)),
    [history],
  );
  const compactionAt = useMemo(() => new Map(compactions.map((m) => [m.stepId, m])), [compactions]);
  const found = useStepSearch(place, history, filters);
  return view === 'timeline' ? (
    <Timeline
      steps={steps}
      tokens={tokens}
      exact={exact}
      selectedId={selectedStepId}
      spawning={spawning}
      compactions={compactionAt}
      onSelect={actions.selectStep}
    />
  ) : (
    <StepTable
      steps={steps}
      tokens={tokens}
      filters={filters}
      {...(found ? { found } : {})}
      selectedId={selectedStepId}
      onFilters={actions.setFilters}
      onSelect={actions.selectStep}
    />
  );
}

function Inspector() {
  const { history, steps, tokens, exact, place } = useShownRun();
  const { selectedStepId, dialect, format, fileName, openChild } = useDebuggerStore(
    useShallow((s) => ({
      selectedStepId: s.selectedStepId,
      dialect: s.dialect,
      format: s.loaded?.format ?? '',
      fileName: s.loaded?.name ?? '',
      openChild: s.actions.openChild,
    })),
  );
  const loader = useLoader();
  const index = useMemo(
    () => steps.findIndex((s) => s.id === selectedStepId),
    [steps, selectedStepId],
  );
  const whole = useWholeStep(place, index, steps[index]);
  const subAgents = (history.children ?? []).filter((c) => c.parentStepId === steps[index]?.id);
  return (
    <StepInspector
      {...(whole.step ? { step: whole.step } : {})}
      {...(whole.note ? { note: whole.note } : {})}
      tokens={tokens[index]}
      exact={exact}
      dialect={dialect}
      onDialect={(d) => loader.recount({ dialect: d })}
      record={recordLocation(
        format,
        fileName,
        place.run,
        index,
        steps[index],
        place.sub.length > 0,
      )}
      subAgents={subAgents.map((c) => ({
        id: c.history.id,
        title: c.history.title ?? c.history.id,
        steps: c.history.steps.length,
      }))}
      onOpenSubAgent={openChild}
    />
  );
}

/**
 * The list and the inspector side by side in panes of a fixed height, each scrolling on its own
 * (as DevTools' panels do): selecting a step changes what the inspector pane shows, never the
 * page's height, and a long step scrolls inside its pane instead of pushing the page down. Below
 * `lg` the inspector sits under the list in a pane of its own height.
 */
export function StepsView() {
  const selectedStepId = useDebuggerStore((s) => s.selectedStepId);
  const pane = useRef<HTMLDivElement>(null);
  // A newly selected step opens at its top (the pane's scroll is the DOM's, not state). Not as the
  // pane mounts: it is new, so at its top, and scrolling it would force a layout of the whole page
  // in the commit that first shows a run.
  const shownStep = useRef(selectedStepId);
  useLayoutEffect(() => {
    if (shownStep.current === selectedStepId) return;
    shownStep.current = selectedStepId;
    pane.current?.scrollTo({ top: 0 });
  }, [selectedStepId]);
  return (
    <div className="grid min-h-0 grid-cols-1 gap-3 lg:h-[75vh] lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="flex h-[60vh] min-h-0 min-w-0 flex-col gap-2 lg:h-full">
        <StepList />
      </div>
      <div
        ref={pane}
        className="h-[70vh] min-h-0 min-w-0 overflow-y-auto overscroll-contain rounded-lg lg:h-full"
      >
        <Inspector />
      </div>
    </div>
  );
}
