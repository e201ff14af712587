// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSource } from '../../lib/import';
import { importSources } from '../../lib/import/files';
import { fixtureText, sampleRun } from '../../test/samples';
import { testRuntime } from '../../test/test-runtime';
import type { Dialect } from '../../lib/messages';
import type { Step } from '../../lib/model/types';
import { AppProviders } from '../contexts/app-providers';
import { StepInspector } from './step-inspector';

afterEach(cleanup);

function inspect(step: Step, dialect: Dialect = 'recorded') {
  render(
    <AppProviders runtime={testRuntime()}>
      <StepInspector
        step={step}
        tokens={10}
        exact
        dialect={dialect}
        onDialect={() => {}}
        subAgents={[]}
        onOpenSubAgent={() => {}}
      />
    </AppProviders>,
  );
  return screen.getByRole('region', { name: 'Step inspector' });
}

describe('the step inspector', () => {
  it('shows a real bash output without its escape sequences, the step left as the file has it', () => {
    // test/cases.ts reads with URL objects, which happy-dom's fs refuses: read the text instead.
    const name = 'openhands-v1__openagentsafety_output_lines-19-22-23-29-41.jsonl';
    const run = importSources([parseSource(fixtureText(`derived/${name}`), name)]).histories[0];
    const step = run?.steps.find(
      (s) => s.kind === 'action' && s.toolCalls.some((c) => c.result?.includes('\u001b[')),
    );
    if (!step || step.kind !== 'action') throw new Error('no output with escapes');
    const inspector = inspect(step);
    const result = within(inspector).getByLabelText('Result of execute_bash');
    expect(result.textContent).toBe('[1] 32\n');
    expect(inspector.textContent).not.toContain('\u001b');
    // The rendered messages show the same output, also without escapes.
    expect(within(inspector).getByRole('list', { name: 'Messages' }).textContent).toContain(
      '[1] 32',
    );
    expect(step.toolCalls[0]?.result).toBe('\u001b[?2004l[1] 32\n\u001b[?2004h');
  });

  it('renders the messages a step is sent as: roles, calls with arguments, results with their lines', () => {
    const run = sampleRun('tau-bench-airline-task3.json');
    const inspector = inspect(run.steps[6] as Step, 'anthropic');
    const messages = within(inspector).getByRole('list', { name: 'Messages' });
    const items = within(messages).getAllByRole('listitem');
    expect(items.map((li) => li.firstElementChild?.textContent)).toEqual(['Assistant', 'User']);
    expect(items[0]?.textContent).toContain('Calls get_user_details');
    expect(
      within(items[0] as HTMLElement).getByLabelText('Arguments of get_user_details').textContent,
    ).toBe('{\n  "user_id": "sofia_kim_7287"\n}');
    // No JSON escapes: the result's text is shown as text.
    expect(items[1]?.textContent).toContain('"first_name": "Sofia"');
    expect(messages.textContent).not.toContain('\\n');
    // The JSON the dialect builds is one click away.
    fireEvent.click(within(inspector).getByRole('button', { name: 'JSON' }));
    expect(within(inspector).getByLabelText('Messages').textContent).toContain(
      '"type": "tool_use"',
    );
  });

  it('calls a user turn a user message', () => {
    const run = sampleRun('tau-bench-airline-task3.json');
    const inspector = inspect(run.steps[1] as Step);
    expect(within(inspector).getByText('User message')).toBeTruthy();
    expect(inspector.querySelector('header')?.textContent).toBe('›UserStep 110 tokens');
  });
});
