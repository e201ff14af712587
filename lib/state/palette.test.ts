import { describe, expect, it } from 'vitest';
import { fixtureText, sampleRun } from '../../test/samples';
import { PRESETS } from '../compare/presets';
import { parseSource } from '../import';
import { importSources } from '../import/files';
import { summarizeRuns } from '../model/run-summary';
import { createDebuggerStore } from './debugger-store';
import { applyPaletteEntry, paletteEntries, runEntry } from './palette';

const file = importSources([
  parseSource(
    fixtureText('real/openai-chat/tau-bench__tool-calling-grok-3.json'),
    'tau-bench__tool-calling-grok-3.json',
  ),
]);
const runs = summarizeRuns(file);

describe('palette entries', () => {
  it("lists a real file's 115 runs, the run's steps, the presets and the views", () => {
    const run = file.histories[0]!;
    const entries = paletteEntries(runs, run.steps);
    expect(entries.filter((e) => e.group === 'Runs')).toHaveLength(115);
    expect(entries.filter((e) => e.group === 'Steps')).toHaveLength(run.steps.length);
    expect(entries.filter((e) => e.group === 'Strategies')).toHaveLength(PRESETS.length);
    expect(entries.filter((e) => e.group === 'Views').map((e) => e.label)).toEqual([
      'Timeline',
      'Table',
      'Usage & cost',
      'Compare strategies',
      'Plan steps',
    ]);
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
    // A run reads as its number, its title or id, its size and its outcome.
    expect(runEntry(runs[7]!, 7).label).toMatch(/^Run 8 · /);
    expect(runEntry({ id: 'r', steps: 1, title: 'Task', outcome: 'reward 1' }, 0)).toMatchObject({
      label: 'Run 1 · Task (r)',
      detail: '1 step · reward 1',
    });
    // One run: no Runs group (there is nowhere to go).
    expect(paletteEntries(runs.slice(0, 1), []).some((e) => e.group === 'Runs')).toBe(false);
    // A step reads as the tools it called, else its text.
    const tau = sampleRun('tau-bench-airline-task3.json');
    const steps = paletteEntries([], tau.steps).filter((e) => e.kind === 'step');
    expect(steps.some((e) => e.detail === 'get_user_details')).toBe(true);
  });

  it('goes where an entry points: a run, a step (in a list of steps), a preset once, a view', () => {
    const store = createDebuggerStore();
    const { actions } = store.getState();
    actions.loadSucceeded(
      { name: 'runs.json', format: 'tau-bench-runs', runs, warnings: [] },
      file.histories[0]!,
    );
    const entries = paletteEntries(runs, file.histories[0]!.steps);
    const step = entries.find((e) => e.kind === 'step' && e.label === 'Step 3')!;
    actions.setView('usage');
    applyPaletteEntry(store.getState(), step);
    expect(store.getState()).toMatchObject({
      view: 'timeline',
      selectedStepId: 'id' in step ? step.id : '',
    });
    const preset = entries.find((e) => e.kind === 'preset')!;
    applyPaletteEntry(store.getState(), preset);
    applyPaletteEntry(store.getState(), preset);
    expect(store.getState().choices).toHaveLength(1);
    expect(store.getState().view).toBe('compare');
    applyPaletteEntry(
      store.getState(),
      entries.find((e) => e.key === 'view:plan')!,
    );
    expect(store.getState().view).toBe('plan');
    applyPaletteEntry(
      store.getState(),
      entries.find((e) => e.key === 'run:42')!,
    );
    expect(store.getState().historyIndex).toBe(42);
  });
});
