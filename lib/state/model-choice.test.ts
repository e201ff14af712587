import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importText } from '../import';
import { chooseModel, runWindow } from './model-choice';

const read = (path: string) =>
  importText(
    readFileSync(new URL(`../../test/fixtures/real/${path}`, import.meta.url), 'utf8'),
    path.split('/').at(-1) as string,
  ).file.histories[0];

describe('model choice', () => {
  it('takes the chosen model, else the one the run records, and never prices a model the run did not use', () => {
    const claude = read('anthropic-claude-code/cc_small_5ed31c36.jsonl');
    const recorded = chooseModel(claude, undefined);
    expect([recorded.model, recorded.recorded, recorded.label, recorded.contextWindow]).toEqual([
      'claude-sonnet-4-5-20250929',
      'claude-sonnet-4-5-20250929',
      recorded.label,
      200_000,
    ]);
    expect(recorded.label).toMatch(/Sonnet 4/);
    expect(recorded.sheet?.inputUsdPerMTok).toBe(3);
    expect(recorded.windowAssumed).toBe(false);
    const chosen = chooseModel(claude, 'gpt-4');
    expect([chosen.model, chosen.recorded, chosen.contextWindow]).toEqual([
      'gpt-4',
      'claude-sonnet-4-5-20250929',
      8_192,
    ]);
    const unknown = chooseModel(
      read('openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json'),
      undefined,
    );
    // The tau-bench file names no model: no price, a window said to be assumed.
    expect([unknown.model, unknown.label, unknown.contextWindow, unknown.sheet]).toEqual([
      undefined,
      'Model not recorded',
      128_000,
      undefined,
    ]);
    expect(unknown.windowAssumed).toBe(true);
    expect(unknown.unpriced).toMatch(/names no model/);
    const local = chooseModel(undefined, 'some-local-model');
    expect([local.label, local.sheet, local.windowAssumed]).toEqual([
      'some-local-model',
      undefined,
      true,
    ]);
    expect(local.unpriced).toMatch(/not in the price catalog/);
    // Your prices make it priced, as that model.
    const priced = chooseModel(undefined, 'some-local-model', {
      'some-local-model': { input: 0.5, output: 1, contextWindow: 32_000 },
    });
    expect([priced.sheet?.inputUsdPerMTok, priced.contextWindow, priced.windowAssumed]).toEqual([
      0.5,
      32_000,
      false,
    ]);
  });

  it('lists every run of a short file, and a window around the current run of a long one', () => {
    expect(runWindow(30, 12, 400)).toEqual({ start: 0, end: 30 });
    expect(runWindow(3_200, 0, 400)).toEqual({ start: 0, end: 400 });
    expect(runWindow(3_200, 1_000, 400)).toEqual({ start: 800, end: 1_200 });
    expect(runWindow(3_200, 3_199, 400)).toEqual({ start: 2_800, end: 3_200 });
  });
});
