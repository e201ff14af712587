/**
 * The benchmarks' inputs, built once per process: the deterministic generated history of issue 13
 * (20,011 OpenAI chat messages, ~52 MB; bench/generate.ts) as text, as imported steps and as
 * messages; and long histories of real tau-bench content (bench/history.ts) for the strategy suites.
 */
import { parseSource } from '../../lib/import';
import { importSources } from '../../lib/import/files';
import type { Step } from '../../lib/model/types';
import { generateHistoryText } from '../generate';

export const BENCH_MESSAGES = 20_011;

let text: string | undefined;
let steps: readonly Step[] | undefined;

/** The generated 52 MB history's JSON text. */
export function generatedText(): string {
  return (text ??= generateHistoryText({ messages: BENCH_MESSAGES }));
}

/** The generated history imported (as the app imports a dropped file). */
export function generatedSteps(): readonly Step[] {
  if (steps) return steps;
  const imported = importSources([parseSource(generatedText(), 'generated.json')]);
  return (steps = imported.histories[0]?.steps ?? []);
}
