'use client';
/**
 * The "Runs" view: what a file or folder of many runs opens on. Every run as a row of the figures
 * its own run totals show (lib/fleet/overview.ts, from the history worker), filtered by outcome and
 * searched by id, title, model or outcome, sorted by any column (the store keeps all three, and the
 * URL); the charts above draw the same rows. A click opens the run (or the run picker, as above a
 * run); Back, or "← All runs", returns.
 */
import { useCallback, useDeferredValue, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { FleetPoint } from '../../lib/charts/fleet-distribution';
import type { FleetRow } from '../../lib/fleet/overview';
import { OUTCOME_KINDS, type OutcomeKind } from '../../lib/model/run-summary';
import { isOutcomeKind } from '../../lib/state/fleet-view';
import { useDebuggerStore } from '../contexts/store-context';
import { Input } from '../ui/input';
import { Panel } from '../ui/panel';
import { Select, type SelectOption } from '../ui/select';
import { RunPicker } from '../workspace/run-picker';
import { Segmented } from '../ui/segmented';
import { PairSection } from '../pair/pair-view';
import { FleetCharts } from './fleet-charts';
import { FleetComparePanel } from './fleet-compare-panel';
import { FleetTable } from './fleet-table';
import { OUTCOME_STYLE } from './outcome-label';
import { useFleetRows } from './use-fleet-rows';

/** Whether a run's id, title, model or outcome holds the search (case-insensitive). */
function matches(row: FleetRow, search: string): boolean {
  if (search === '') return true;
  const needle = search.toLowerCase();
  return [row.id, row.title, row.model, row.outcome].some((t) => t?.toLowerCase().includes(needle));
}

function outcomeOptions(rows: readonly FleetRow[]): SelectOption<OutcomeKind | ''>[] {
  const count = new Map<OutcomeKind, number>();
  for (const r of rows)
    if (r.outcomeKind) count.set(r.outcomeKind, (count.get(r.outcomeKind) ?? 0) + 1);
  return [
    { value: '', label: 'every outcome' },
    ...OUTCOME_KINDS.filter((k) => count.has(k)).map((k) => ({
      value: k,
      label: `${OUTCOME_STYLE[k].label} (${count.get(k)})`,
    })),
  ];
}

const NO_POINTS: FleetPoint[] = [];
const NO_ROWS: FleetRow[] = [];

/** The overview's two panels: its runs, and the strategies compared over them. */
export function FleetOverview() {
  const { panel, setPanel, runs, historyIndex, openRun } = useDebuggerStore(
    useShallow((s) => ({
      panel: s.fleet.panel ?? 'runs',
      setPanel: s.actions.setFleetPanel,
      runs: s.loaded?.runs,
      historyIndex: s.historyIndex,
      openRun: s.actions.openRun,
    })),
  );
  // The panel mounts in a render React can interrupt, the first one too (the comparison's cards,
  // or the runs' table and charts: one task of 160-260 ms on this 2-core machine while the worker
  // counts); a switch shows at once, the panel it left dimmed until the new one is in.
  const shownPanel = useDeferredValue<typeof panel | null>(panel, null);
  return (
    <div className="flex flex-col gap-3 px-4 py-3">
      <div className="flex flex-wrap items-center gap-3">
        {/* A run by number, title or outcome, as above a run: the same picker opens it from here. */}
        {runs && <RunPicker runs={runs} index={historyIndex} onSelect={openRun} />}
        <Segmented
          label="Runs panel"
          value={panel}
          onChange={setPanel}
          options={[
            { value: 'runs', label: 'Runs' },
            { value: 'compare', label: 'Compare strategies over the fleet' },
          ]}
        />
      </div>
      <div
        className={`flex flex-col gap-3 ${shownPanel === panel ? '' : 'opacity-60'}`}
        aria-busy={shownPanel !== panel}
      >
        {shownPanel === 'compare' ? (
          <FleetComparePanel />
        ) : shownPanel === 'runs' ? (
          <RunsPanel />
        ) : null}
      </div>
    </div>
  );
}

function RunsPanel() {
  const { fleet, runs, actions } = useDebuggerStore(
    useShallow((s) => ({
      fleet: s.fleet,
      runs: s.loaded?.runs,
      actions: s.actions,
    })),
  );
  const runCount = runs?.length ?? 0;
  const { rows, exact, progress, error } = useFleetRows();
  const shown = useMemo(
    () =>
      (rows ?? []).filter(
        (r) =>
          (fleet.outcome === undefined || r.outcomeKind === fleet.outcome) &&
          matches(r, fleet.search),
      ),
    [rows, fleet.outcome, fleet.search],
  );
  const points = useMemo<FleetPoint[]>(
    () => shown.map((r) => ({ ...r, label: r.title ?? r.id })),
    [shown],
  );
  // The charts draw at a lower priority than the table, in a render React can interrupt: three
  // charts of 500 runs drawn with the rows were one task of over a second on the main thread.
  const chartPoints = useDeferredValue(points, NO_POINTS);
  // The table's rows too, from the first render on (the overview's first render was one task of
  // 280-340 ms here): the panel shows at once, its rows a render later.
  const tableRows = useDeferredValue(shown, NO_ROWS);
  const options = useMemo(() => outcomeOptions(rows ?? []), [rows]);
  const onOpen = useCallback((index: number) => actions.openRun(index), [actions]);
  const rough = !exact;
  return (
    <>
      <PairSection />
      <Panel label="Fleet charts">
        <h2 className="mb-2 text-sm font-semibold text-slate-900">
          {runCount.toLocaleString('en-US')} runs at a glance
          {fleet.outcome || fleet.search ? (
            <span className="font-normal text-slate-500"> · the {shown.length} shown</span>
          ) : null}
        </h2>
        {rows && (chartPoints === points || chartPoints.length > 0) ? (
          <FleetCharts points={chartPoints} rough={rough} />
        ) : (
          <p role="status" className="text-sm text-slate-500">
            {rows ? 'Drawing the charts…' : 'Counting every run…'}
          </p>
        )}
      </Panel>
      <Panel label="Runs overview" padded={false} className="flex h-[70vh] min-h-80 flex-col">
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-2 text-xs">
          <h2 className="text-sm font-semibold text-slate-900">Runs</h2>
          <Select
            label="Outcome"
            size="xs"
            value={fleet.outcome ?? ''}
            onChange={(v) => actions.setFleetOutcome(v === '' || !isOutcomeKind(v) ? undefined : v)}
            options={options}
          />
          <Input
            size="xs"
            className="min-w-40 flex-1"
            type="search"
            aria-label="Search runs"
            placeholder="Search id, title, model, outcome…"
            value={fleet.search}
            onChange={(e) => actions.setFleetSearch(e.target.value)}
          />
          <span className="text-slate-500" aria-live="polite">
            {rows ? `${shown.length} of ${runCount} runs` : `${runCount} runs, reading…`}
            {error
              ? ` · counting failed: ${error}`
              : rough
                ? ` · ≈ chars/4 estimate${progress !== undefined ? `, exact counts ${Math.round(100 * progress)}%` : ', exact counts on the way'}`
                : ''}
          </span>
        </div>
        <FleetTable
          rows={tableRows}
          rough={rough}
          sort={fleet.sort}
          onSort={actions.setFleetSort}
          opened={fleet.opened}
          onOpen={onOpen}
          total={runCount}
          counting={rows === undefined || tableRows !== shown}
        />
      </Panel>
    </>
  );
}
