'use client';
/**
 * The run's compactions and its token chart, above the timeline, the table and the usage view (one
 * instance across them, so an opened compaction stays open when the view changes).
 */
import { useMemo, useState } from 'react';
import type { History } from '../../lib/model/types';
import { NO_POINTS, peakContextOf } from '../../lib/charts/prepare';
import { findModel } from '../../lib/tokens/models';
import { TokenChart } from '../charts/token-chart';
import { CompactionsPanel } from '../compactions/compactions-panel';
import { useDebuggerStore } from '../contexts/store-context';
import { useShownRun } from './shown-run';

export function ChartPanel() {
  const { history, choice, windowLabel, compactions, charted } = useShownRun();
  const series = charted?.points ?? NO_POINTS;
  const selectedStepId = useDebuggerStore((s) => s.selectedStepId);
  const actions = useDebuggerStore((s) => s.actions);
  const peak = useMemo(() => peakContextOf(series), [series]);
  // The compaction shown in full: the one the user opened in this history, else the selected step's.
  const [opened, setOpened] = useState<{ history: History['id']; id: string }>();
  const openedHere = opened?.history === history.id ? opened.id : undefined;
  const openId =
    openedHere ??
    (selectedStepId !== undefined && compactions.some((m) => m.stepId === selectedStepId)
      ? selectedStepId
      : undefined);
  const showStep = (id: string) => {
    actions.selectStep(id);
    actions.setView('timeline');
  };
  return (
    <>
      <CompactionsPanel
        markers={compactions}
        openId={openId || undefined}
        onOpen={(id) => setOpened({ history: history.id, id: id ?? '' })}
        onSelect={showStep}
        {...(choice.sheet ? { sheet: choice.sheet } : {})}
      />
      <TokenChart
        series={series}
        contextWindow={choice.contextWindow}
        windowLabel={`${windowLabel} (peak uses ${((100 * peak) / choice.contextWindow).toFixed(1)}%)`}
        model={findModel(choice.model)?.id ?? ''}
        onModel={(id) => actions.setModel(id || undefined)}
        onSelect={actions.selectStep}
        compactions={compactions}
      />
    </>
  );
}
