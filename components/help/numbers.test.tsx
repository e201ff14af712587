// @vitest-environment happy-dom
/**
 * Every figure the run totals and the compare view's summary table show has its definition, from
 * the one table (lib/charts/definitions.ts), in a tooltip that opens on keyboard focus; the help page
 * lists the whole table; the totals say whether the tokenizer is exact for the run's model, and
 * show the page's estimate before any count arrives.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  definitionOf,
  DEFINITIONS,
  SUMMARY_COLUMNS,
  TOTALS_FIGURES,
} from '../../lib/charts/definitions';
import { compareStrategies } from '../../lib/compare/compare';
import { CUSTOM_ID } from '../../lib/compare/custom-run';
import { createStrategyContext } from '../../lib/strategies/context';
import { parseSource } from '../../lib/import';
import { importSources } from '../../lib/import/files';
import { fixtureText } from '../../test/samples';
import { renderWithRun } from '../../test/app-harness';
import { showRun, testRuntime } from '../../test/test-runtime';
import { COLUMN_DEFINITIONS, SummaryTable } from '../compare/summary-table';
import { RunTotals } from '../workspace/run-totals';
import { NumbersHelp } from './numbers-help';

afterEach(cleanup);

// A Claude Code run with a sub-agent (Claude Opus 4.5; the sub-agent Claude Haiku 4.5).
const DIR = 'real/anthropic-claude-code/cc_claude_p_29ccd257';
const parent = importSources(
  ['29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl', 'subagents/agent-a2271d1.jsonl'].map((f) =>
    parseSource(fixtureText(`${DIR}/${f}`), `cc_claude_p_29ccd257/${f}`),
  ),
).histories[0]!;
const ctx = createStrategyContext();
const countsOf = (steps: typeof parent.steps) => steps.map((s) => ctx.tokens.step(s));

/** The definition a focused term shows. */
async function tooltipOnFocus(element: HTMLElement): Promise<string> {
  act(() => element.focus());
  fireEvent.focus(element);
  const tip = await screen.findByRole('tooltip');
  const text = tip.textContent ?? '';
  act(() => element.blur());
  fireEvent.keyDown(element, { key: 'Escape' });
  return text;
}

describe('the run totals', () => {
  it('name every figure with a term whose tooltip is its definition', async () => {
    const runtime = testRuntime();
    showRun(runtime, parent, { tokens: countsOf(parent.steps), tokenizer: 'o200k_base' });
    renderWithRun(runtime, <RunTotals />);
    const totals = screen.getByRole('region', { name: 'Run totals' });
    for (const id of TOTALS_FIGURES) {
      const { label, definition } = definitionOf(id);
      const term =
        id === 'resend-factor'
          ? within(totals).getByRole('link', { name: /× one pass$/ })
          : within(totals).getByRole('link', { name: label });
      expect(term.getAttribute('href')).toBe(`/help#${id}`);
      expect(await tooltipOnFocus(term)).toContain(definition);
    }
    // One pass and run input count the same steps: the factor is at least 1.
    const factor = within(totals).getByRole('link', { name: /× one pass$/ }).textContent ?? '';
    expect(Number(factor.split('×')[0])).toBeGreaterThanOrEqual(1);
  });

  it('say o200k is approximate for a Claude run, and exact only for a model that bills with it', () => {
    const runtime = testRuntime();
    showRun(runtime, parent, { tokens: countsOf(parent.steps), tokenizer: 'o200k_base' });
    renderWithRun(runtime, <RunTotals />);
    const line = screen.getByLabelText('How tokens are counted');
    expect(line.textContent).toContain('o200k: approximate for Claude Opus 4.5');
    expect(line.textContent).not.toContain('exact');
  });

  it('show the page’s chars/4 estimate before any count arrives, marked as such', () => {
    const runtime = testRuntime();
    showRun(runtime, parent, { tokens: countsOf(parent.steps) });
    // A load in flight: the run is on screen, its counts not yet.
    act(() => runtime.store.setState({ counts: undefined }));
    renderWithRun(runtime, <RunTotals />);
    const totals = screen.getByRole('region', { name: 'Run totals' });
    const onePass = within(totals).getByRole('link', { name: 'One pass' }).closest('div')
      ?.parentElement as HTMLElement;
    // Not "≈ 3" (the reply priming alone): the task and the Task call's report, estimated.
    const shown = Number(/≈ ([\d,]+)/.exec(onePass.textContent ?? '')?.[1]?.replace(/,/g, ''));
    expect(shown).toBeGreaterThan(1_000);
    expect(screen.getByLabelText('How tokens are counted').textContent).toContain(
      'chars ÷ 4, an estimate until the counts arrive',
    );
  });
});

describe('the summary table', () => {
  it('heads every column after the strategy with its definition', async () => {
    expect(Object.values(COLUMN_DEFINITIONS)).toEqual(SUMMARY_COLUMNS);
    const sub = parent.children![0]!.history;
    const runtime = testRuntime();
    showRun(runtime, sub, { tokens: countsOf(sub.steps) });
    const cmp = compareStrategies(sub, [{ strategyId: 'keep-last-n-steps', params: {} }], ctx);
    renderWithRun(runtime, <SummaryTable cmp={cmp} priceLabel="no price" />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Strategy', ...SUMMARY_COLUMNS.map((id) => definitionOf(id).label)]);
    const lost = screen.getByRole('button', { name: 'Lost identifiers' });
    expect(await tooltipOnFocus(lost)).toContain(definitionOf('lost-identifiers').definition);
  });
});

describe('a strategy that failed', () => {
  it('keeps its name and error and measures nothing: "—" in every figure, never a 0', () => {
    const sub = parent.children![0]!.history;
    const runtime = testRuntime();
    showRun(runtime, sub, { tokens: countsOf(sub.steps) });
    // The sandbox's answer for a custom function that threw is its error message.
    const cmp = compareStrategies(
      sub,
      [{ strategyId: CUSTOM_ID, params: { source: '(steps) => { throw new Error("boom") }' } }],
      ctx,
      { 0: 'boom' },
    );
    renderWithRun(runtime, <SummaryTable cmp={cmp} priceLabel="no price" />);
    const failed = screen.getAllByRole('row').find((r) => r.textContent?.includes('(boom)'));
    const cells = within(failed!).getAllByRole('cell');
    // Strategy and Runs describe it; every measured column after them says nothing was measured.
    expect(cells.slice(2).map((c) => c.textContent)).toEqual(
      SUMMARY_COLUMNS.slice(1).map(() => '—'),
    );
  });
});

describe('what these numbers mean', () => {
  it('lists every definition once, each at its anchor', () => {
    render(<NumbersHelp />);
    for (const d of DEFINITIONS) {
      const entry = document.getElementById(d.id) as HTMLElement;
      expect(entry.querySelector('dt')?.textContent).toBe(d.label);
      expect(entry.textContent).toContain(d.definition);
      expect(entry.textContent).toContain(d.computed);
    }
    expect(new Set(DEFINITIONS.map((d) => d.id)).size).toBe(DEFINITIONS.length);
  });
});
