// @vitest-environment happy-dom
/**
 * The keyboard over the workspace on real files, in the app's providers on an in-process worker:
 * j/k walk the steps of the list on screen (a list's published order first), Enter opens a real
 * Claude Code sub-agent, Esc clears the selection and then backs out, keys typed in a field stay
 * text, `?` lists the bindings table and Ctrl+K opens the palette, which jumps to a step.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
// Node's File: happy-dom's reports no size, which the worker refuses to read.
import { File as NodeFile } from 'node:buffer';
import { afterEach, describe, expect, it } from 'vitest';
import type { View } from '../../lib/state/debugger-store';
import { sampleText } from '../../test/samples';
import { testRuntime } from '../../test/test-runtime';
import { AppProviders } from '../contexts/app-providers';
import { Workspace } from '../workspace/workspace';
import { KeyboardShortcuts } from './keyboard-shortcuts';
import { SHORTCUTS } from './shortcuts';
import { StepOrderProvider, usePublishStepOrder } from './step-order';

afterEach(cleanup);

/** A list that shows its steps in its own order, as the sorted table does. */
function Listed(props: { view: View; historyId: string; ids: readonly string[] }) {
  usePublishStepOrder(props.view, props.historyId, props.ids);
  return null;
}

async function openApp(load: (runtime: ReturnType<typeof testRuntime>) => void, extra?: unknown) {
  const runtime = testRuntime();
  runtime.store.getState().actions.setTokenizer('heuristic');
  const view = render(
    <AppProviders runtime={runtime}>
      <StepOrderProvider>
        <Workspace />
        <KeyboardShortcuts />
        {extra as never}
      </StepOrderProvider>
    </AppProviders>,
  );
  act(() => load(runtime));
  await waitFor(() => expect(runtime.store.getState().counts?.exact).toBe(true), {
    timeout: 15_000,
  });
  return { runtime, view };
}

const press = (key: string, init: KeyboardEventInit = {}, target: Element = document.body) =>
  act(() => {
    fireEvent.keyDown(target, { key, ...init });
  });

describe('keyboard shortcuts', () => {
  it('walks the steps with j/k and the arrows, clears with Esc, and types in a field', async () => {
    const { runtime } = await openApp((rt) =>
      rt.loader.loadText('tau.json', sampleText('tau-bench-airline-task3.json')),
    );
    const steps = runtime.store.getState().run?.history.steps ?? [];
    for (let i = 0; i < 10; i++) press('j');
    expect(runtime.store.getState().selectedStepId).toBe(steps[9]?.id);
    press('k');
    press('ArrowUp');
    press('ArrowDown');
    expect(runtime.store.getState().selectedStepId).toBe(steps[8]?.id);
    const inspector = screen.getByRole('region', { name: 'Step inspector' });
    expect(within(inspector).getByRole('heading', { name: `Step ${steps[8]?.stepNumber}` }));
    press('Escape');
    expect(runtime.store.getState().selectedStepId).toBeUndefined();
    // `/` goes to the table's search; what is typed there is text.
    press('/');
    expect(runtime.store.getState().view).toBe('table');
    const search = await screen.findByRole('searchbox', { name: 'Search steps' });
    press('j', {}, search);
    expect(runtime.store.getState().selectedStepId).toBeUndefined();
    // Ctrl+J and Alt+K are the browser's.
    press('j', { ctrlKey: true });
    press('k', { altKey: true });
    expect(runtime.store.getState().selectedStepId).toBeUndefined();
  });

  it("walks the order the list on screen publishes (a table sorted by the user), not the run's", async () => {
    const { runtime, view } = await openApp((rt) =>
      rt.loader.loadText('tau.json', sampleText('tau-bench-airline-task3.json')),
    );
    const history = runtime.store.getState().run?.history;
    const steps = history?.steps ?? [];
    const sorted = [steps[30]?.id, steps[2]?.id, steps[17]?.id].filter(
      (id): id is string => id !== undefined,
    );
    act(() => runtime.store.getState().actions.setView('table'));
    view.rerender(
      <AppProviders runtime={runtime}>
        <StepOrderProvider>
          <Workspace />
          <KeyboardShortcuts />
          <Listed view="table" historyId={history?.id ?? ''} ids={sorted} />
        </StepOrderProvider>
      </AppProviders>,
    );
    press('j');
    expect(runtime.store.getState().selectedStepId).toBe(sorted[0]);
    press('j');
    press('j');
    press('j');
    expect(runtime.store.getState().selectedStepId).toBe(sorted[2]);
    press('k');
    expect(runtime.store.getState().selectedStepId).toBe(sorted[1]);
  });

  it('opens the selected step’s sub-agent with Enter, and Esc comes back out to it', async () => {
    const main = 'claude-code-subagent/29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl';
    const sub = 'claude-code-subagent/subagents/agent-a2271d1.jsonl';
    const { runtime } = await openApp((rt) =>
      rt.loader.loadFiles(
        [main, sub].map((path) => ({
          path,
          file: new NodeFile([sampleText(path)], path.split('/').at(-1) ?? path) as unknown as File,
        })),
      ),
    );
    const spawner = runtime.store.getState().run?.history.children?.[0]?.parentStepId;
    expect(spawner).toBeDefined();
    act(() => runtime.store.getState().actions.selectStep(spawner));
    press('Enter');
    expect(runtime.store.getState().childPath).toEqual(['agent-a2271d1']);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toContain(
      '(sub-agent)',
    );
    press('Escape');
    expect(runtime.store.getState()).toMatchObject({ childPath: [], selectedStepId: spawner });
  });

  it('? lists every binding of the table; Ctrl+K opens the palette, which jumps to a step', async () => {
    const { runtime } = await openApp((rt) =>
      rt.loader.loadText('tau.json', sampleText('tau-bench-airline-task3.json')),
    );
    press('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const s of SHORTCUTS) expect(help.textContent).toContain(s.label);
    press('Escape', {}, within(help).getByRole('combobox'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    press('k', { ctrlKey: true });
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    const input = within(palette).getByRole('combobox');
    act(() => {
      fireEvent.change(input, { target: { value: 'Step 12' } });
    });
    const first = (await within(palette).findAllByRole('option'))[0] as HTMLElement;
    expect(first.textContent).toContain('Step 12');
    act(() => {
      fireEvent.click(first);
    });
    const steps = runtime.store.getState().run?.history.steps ?? [];
    expect(runtime.store.getState().selectedStepId).toBe(
      steps.find((s) => s.stepNumber === 12)?.id,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
