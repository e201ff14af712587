import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importText } from '../import';
import { createStrategyContext } from '../strategies/context';
import { modelCallIndices } from '../model/steps';
import {
  buildAlignedRows,
  callColumns,
  lostByStep,
  rowFate,
  type AlignedRow,
} from './aligned-rows';
import { compareStrategies } from './compare';
import { contextAtCall } from './context-at';

const history = importText(
  readFileSync(
    new URL(
      '../../test/fixtures/real/openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json',
      import.meta.url,
    ),
    'utf8',
  ),
  'tau.json',
).file.histories[0]!;
const ctx = createStrategyContext({ tokenizer: 'heuristic', dialect: 'openai', model: 'gpt-4o' });

/** Every original step index the rows show or fold, in order. */
const covered = (rows: readonly AlignedRow[]) =>
  rows.flatMap((r) =>
    r.kind === 'step'
      ? [r.index]
      : r.kind === 'fold'
        ? Array.from({ length: r.to - r.from + 1 }, (_, k) => r.from + k)
        : [],
  );

describe('aligned rows (the compare view)', () => {
  const cmp = compareStrategies(
    history,
    [
      { strategyId: 'keep-last-n-steps', params: { n: 0 } },
      { strategyId: 'keep-last-n-steps', params: { n: 1 } },
    ],
    ctx,
  );
  const columns = cmp.columns;

  it('folds runs of steps every strategy removed, and shows every original step once', () => {
    const rows = buildAlignedRows(history.steps, columns);
    expect(covered(rows)).toEqual(history.steps.map((_, i) => i));
    const folds = rows.filter((r) => r.kind === 'fold');
    expect(folds.length).toBeGreaterThan(0);
    for (const f of folds) {
      if (f.kind !== 'fold') continue;
      expect(f.to).toBeGreaterThan(f.from);
      for (let i = f.from; i <= f.to; i++)
        expect(columns.every((c) => c.result?.fates[i]?.kind === 'removed')).toBe(true);
    }
    // A step one strategy keeps is never folded.
    const keptByOne = history.steps.findIndex((_, i) =>
      columns.some((c) => c.result?.fates[i]?.kind !== 'removed'),
    );
    expect(rows).toContainEqual({ kind: 'step', index: keptByOne });
  });

  it('unfolds a fold on request, and never folds the selected step', () => {
    const rows = buildAlignedRows(history.steps, columns);
    const fold = rows.find((r) => r.kind === 'fold');
    if (fold?.kind !== 'fold') throw new Error('no fold');
    const opened = buildAlignedRows(history.steps, columns, { unfolded: new Set([fold.from]) });
    expect(opened).toContainEqual({ kind: 'step', index: fold.from });
    const middle = Math.floor((fold.from + fold.to) / 2);
    const selected = buildAlignedRows(history.steps, columns, {
      selectedId: history.steps[middle]?.id,
    });
    expect(selected).toContainEqual({ kind: 'step', index: middle });
    expect(covered(selected)).toEqual(history.steps.map((_, i) => i));
  });

  it('puts a summary a strategy inserted right after the last step it replaces', () => {
    const summarized = compareStrategies(
      history,
      [{ strategyId: 'summarizing-window', params: { triggerTokens: 2_000 } }],
      ctx,
    ).columns;
    const inserted = summarized[0]?.result?.inserted ?? [];
    expect(inserted.length).toBeGreaterThan(0);
    const rows = buildAlignedRows(history.steps, summarized);
    for (const s of inserted) {
      if (s.kind !== 'summary') continue;
      const last = Math.max(...s.replaces.map((id) => history.steps.findIndex((x) => x.id === id)));
      const at = rows.findIndex((r) => r.kind === 'inserted' && r.step.id === s.id);
      expect(
        rows
          .slice(0, at)
          .filter((r) => r.kind === 'step')
          .at(-1),
      ).toEqual({ kind: 'step', index: last });
    }
  });

  it('indexes the identifiers each strategy lost by the step that held them', () => {
    const lost = lostByStep(columns);
    expect(lost).toHaveLength(2);
    const total = columns.reduce((n, c) => n + c.lost.length, 0);
    expect(
      lost.reduce((n, m) => n + [...m.values()].reduce((k, ids) => k + ids.length, 0), 0),
    ).toBe(total);
    expect(total).toBeGreaterThan(0);
  });

  it('shows each step’s fate at the call on screen: kept early, not sent after the call', () => {
    const calls = modelCallIndices(history.steps);
    const choices = [
      { strategyId: 'keep-last-n-steps', params: { n: 10 } },
      { strategyId: 'observation-masking', params: {} },
    ];
    const early = calls[5] as number;
    const at = choices.map((c) => contextAtCall(history, c, early, ctx));
    const cols = callColumns(history.steps, at);
    const rows = buildAlignedRows(history.steps, cols);
    // Nothing is folded at call 6: no strategy has removed anything yet, and later steps are unsent.
    expect(rows.every((r) => r.kind === 'step')).toBe(true);
    for (const c of cols) {
      const fates = c.result?.fates ?? [];
      expect(rowFate(fates, 2, early).kind).toBe('kept');
      expect(rowFate(fates, early, early).kind).toBe('this call');
      expect(rowFate(fates, early + 1, early).kind).toBe('not sent');
    }
    // At the last call, the same step is removed by keep-last-N and kept by masking (no observation).
    const last = calls.at(-1) as number;
    const late = callColumns(
      history.steps,
      choices.map((c) => contextAtCall(history, c, last, ctx)),
    );
    expect(rowFate(late[0]?.result?.fates ?? [], 2, last).kind).toBe('removed');
    expect(rowFate(late[1]?.result?.fates ?? [], 2, last).kind).toBe('kept');
    // A refused choice has no column result.
    expect(callColumns(history.steps, [undefined])).toEqual([{}]);
  });

  it('puts the summaries a strategy sent at a call on rows of their own', () => {
    const last = modelCallIndices(history.steps).at(-1) as number;
    const at = contextAtCall(
      history,
      { strategyId: 'summarizing-window', params: { triggerTokens: 2_000 } },
      last,
      ctx,
    );
    const [col] = callColumns(history.steps, [at]);
    expect(col?.result?.inserted.length).toBeGreaterThan(0);
    const rows = buildAlignedRows(history.steps.slice(0, last), [col ?? {}]);
    expect(rows.filter((r) => r.kind === 'inserted')).toHaveLength(
      col?.result?.inserted.length ?? -1,
    );
  });
});
