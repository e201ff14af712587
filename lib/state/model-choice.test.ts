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
  it('takes the chosen model, else the one the run records, else assumes GPT-4o', () => {
    const claude = read('anthropic-claude-code/cc_small_5ed31c36.jsonl');
    const recorded = chooseModel(claude, undefined);
    expect([recorded.model, recorded.recorded, recorded.label, recorded.contextWindow]).toEqual([
      'claude-sonnet-4-5-20250929',
      'claude-sonnet-4-5-20250929',
      'Claude Sonnet 4.x',
      200_000,
    ]);
    expect(recorded.sheet?.label).toBe('Claude Sonnet 4.x');
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
    expect([unknown.model, unknown.label, unknown.contextWindow, unknown.sheet?.label]).toEqual([
      undefined,
      'GPT-4o (assumed)',
      128_000,
      'GPT-4o',
    ]);
    expect(chooseModel(undefined, 'some-local-model').label).toBe('GPT-4o (assumed)');
  });

  it('lists every run of a short file, and a window around the current run of a long one', () => {
    expect(runWindow(30, 12, 400)).toEqual({ start: 0, end: 30 });
    expect(runWindow(3_200, 0, 400)).toEqual({ start: 0, end: 400 });
    expect(runWindow(3_200, 1_000, 400)).toEqual({ start: 800, end: 1_200 });
    expect(runWindow(3_200, 3_199, 400)).toEqual({ start: 2_800, end: 3_200 });
  });
});
