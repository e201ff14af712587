'use client';
/**
 * The loaded file: where the user is in it, the run's totals, and the views of the run on screen
 * (timeline, table, usage, compare, plan); or, for a file of many runs, the overview of them all. Each view selects what it shows from the store and the
 * run on screen (shown-run.tsx); this file only lays them out.
 */
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { View } from '../../lib/state/debugger-store';
import { CompareView } from '../compare/compare-view';
import { FleetOverview } from '../fleet/fleet-overview';
import { useWorkerClient } from '../contexts/app-providers';
import { useDebuggerStore } from '../contexts/store-context';
import { PlanView } from '../plan/plan-view';
import { TabPanel, Tabs, useTabIds, type TabItem } from '../ui/tabs';
import { ChartPanel } from './chart-panel';
import { RunNav } from './run-nav';
import { RunTotals } from './run-totals';
import { ShownRunProvider, useShownRun } from './shown-run';
import { StepsView } from './steps-view';
import { TextlessNote } from './textless-note';
import { UsagePane } from './usage-pane';

const VIEWS: readonly TabItem<View>[] = [
  { id: 'timeline', label: 'Timeline' },
  { id: 'table', label: 'Table' },
  { id: 'usage', label: 'Usage & cost' },
  { id: 'compare', label: 'Compare strategies' },
  { id: 'plan', label: 'Plan steps' },
];

/**
 * While a view that applies strategies is on screen (compare, plan steps), the history worker
 * builds the loaded file's strategy indexes for the page's counter, so the first strategy picked
 * applies at once; a run that is only viewed never pays for them (60 MB of a 53 MB file's load).
 */
function usePreparedStrategies(view: View) {
  const client = useWorkerClient();
  const { loaded, tokenizer, dialect } = useDebuggerStore(
    useShallow((s) => ({ loaded: s.loaded, tokenizer: s.tokenizer, dialect: s.dialect })),
  );
  const applying = view === 'compare' || view === 'plan';
  useEffect(() => {
    if (applying && loaded) client.prepare({ tokenizer, dialect });
  }, [client, applying, loaded, tokenizer, dialect]);
}

function ViewTabs() {
  const { view, setView, place } = useDebuggerStore(
    useShallow((s) => ({
      view: s.view,
      setView: s.actions.setView,
      place: `${s.historyIndex}/${s.childPath.join('/')}`,
    })),
  );
  const tabs = useTabIds();
  usePreparedStrategies(view);
  return (
    <>
      <Tabs label="Step views" base={tabs} items={VIEWS} value={view} onChange={setView} />
      <TabPanel base={tabs} id={view} className="flex min-h-0 flex-col gap-3">
        {view === 'plan' ? (
          <PlanView />
        ) : view === 'compare' ? (
          <CompareView />
        ) : (
          <>
            <ChartPanel />
            {/* One list per history: a sub-agent (or another run) opens at its top. */}
            {view === 'usage' ? <UsagePane /> : <StepsView key={place} />}
          </>
        )}
      </TabPanel>
    </>
  );
}

function RunNote() {
  return <TextlessNote history={useShownRun().history} />;
}

function LoadingRun() {
  const { index, count } = useDebuggerStore(
    useShallow((s) => ({ index: s.historyIndex, count: s.loaded?.runs.length ?? 0 })),
  );
  return (
    <p role="status" className="px-4 py-6 text-sm text-slate-500">
      Loading run {(index + 1).toLocaleString('en-US')} of {count.toLocaleString('en-US')}…
    </p>
  );
}

export function Workspace() {
  const { loaded, overview } = useDebuggerStore(
    useShallow((s) => ({
      loaded: s.loaded !== undefined,
      // The overview of every run, for a file of many (it needs no run on screen).
      overview: s.view === 'runs' && (s.loaded?.runs.length ?? 0) > 1,
    })),
  );
  if (!loaded) return null;
  if (overview) return <FleetOverview />;
  return (
    <ShownRunProvider waiting={<LoadingRun />}>
      <div className="flex flex-col gap-3 px-4 py-3">
        <RunNav />
        <RunNote />
        <RunTotals />
        <ViewTabs />
      </div>
    </ShownRunProvider>
  );
}
