'use client';
/**
 * The run picker of a file of many runs: the runs around the current one (a <select> of every run
 * makes the browser measure each label: 0.8 s of layout for 3,200 runs), a run number for the rest,
 * and a search over every run by title, id and outcome (palette/run-search.tsx).
 */
import type { RunSummary } from '../../lib/model/run-summary';
import { runWindow } from '../../lib/state/model-choice';
import { RunSearch } from '../palette/run-search';
import { Input } from '../ui/input';
import { NativeSelect } from '../ui/native-select';

/**
 * Runs listed in the run picker at once: the browser lays out every option's label (in Chromium
 * here 400 options took ~20 ms of layout, and as long again each time the value changed, beside
 * their DOM in the runs overview's first render; 100 take ~5 ms). 200 keep a results file of a
 * benchmark's tasks whole (tau-bench's 115 runs; a 500-run fleet gets the 200 around the run).
 */
export const RUN_OPTIONS = 200;

export function RunPicker({
  runs,
  index,
  onSelect,
}: {
  runs: readonly RunSummary[];
  index: number;
  onSelect(index: number): void;
}) {
  const shown = runWindow(runs.length, index, RUN_OPTIONS);
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
      <label className="flex items-center gap-2">
        Run
        <NativeSelect
          aria-label="Run"
          value={index}
          onChange={(e) => onSelect(Number(e.target.value))}
          className="max-w-xl"
        >
          {shown.start > 0 && (
            <option disabled>… {shown.start} earlier runs (go to a run number)</option>
          )}
          {runs.slice(shown.start, shown.end).map((h, k) => (
            <option key={h.id} value={shown.start + k}>
              {h.title ?? h.id} · {h.steps} steps{h.outcome ? ` · ${h.outcome}` : ''}
            </option>
          ))}
          {shown.end < runs.length && (
            <option disabled>… {runs.length - shown.end} later runs (go to a run number)</option>
          )}
        </NativeSelect>
      </label>
      <RunSearch runs={runs} onSelect={onSelect} />
      {runs.length > RUN_OPTIONS && (
        <label className="flex items-center gap-2">
          Go to run
          <Input
            size="md"
            className="w-24"
            aria-label="Go to run"
            type="number"
            min={1}
            max={runs.length}
            defaultValue={index + 1}
            key={index}
            onKeyDown={(e) => {
              const n = Number((e.target as HTMLInputElement).value);
              if (e.key === 'Enter' && n >= 1 && n <= runs.length) onSelect(n - 1);
            }}
          />
          <span className="text-slate-500">of {runs.length.toLocaleString('en-US')}</span>
        </label>
      )}
    </div>
  );
}
