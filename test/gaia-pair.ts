/**
 * The paired fleets' expected answer, computed here from the two runs' raw JSON lines and their own
 * score files, not by the code under test (lib/fleet/pair.ts, lib/model/answer-verdict.ts): gpt-4o as
 * smolagents' CodeAgent (fleet A) and as its ToolCallingAgent (fleet B) on the same 32 GAIA
 * questions (test/fixtures/real/MANIFEST.md, "Paired fleets"). A verdict is run.py's exact match
 * (huggingface/smolagents `examples/smolagents_benchmark/run.py` `normalize_answer`); the score
 * files' counts check it. A task is the question's first line as the importer titles a run (cut at 80).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const GAIA_A = join(FIXTURES, 'real/smolagents/gpt-4o__code__gaia__2025-07-24.jsonl');
export const GAIA_B_DIR = join(FIXTURES, 'fleet-b/smolagents-gaia');
export const GAIA_B = join(GAIA_B_DIR, 'gpt-4o__tool-calling__gaia__2025-07-24.jsonl');
const SCORES = {
  a: join(GAIA_B_DIR, 'benchmark_scores_gpt-4o__code__2025-07-24.json'),
  b: join(GAIA_B_DIR, 'benchmark_scores_gpt-4o__tool-calling__2025-07-24.json'),
};

interface Record {
  readonly question: string;
  readonly original_question?: string;
  readonly answer: unknown;
  readonly true_answer: unknown;
  readonly intermediate_steps: readonly { role?: string }[];
}

// run.py: str(answer).strip().lower(), whitespace runs to one space, trailing [.!?;,]+ removed.
const normalize = (v: unknown) =>
  (v === null || v === undefined ? '' : String(v))
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.!?;,]+$/, '');

const taskOf = (r: Record) => {
  const line = (r.original_question ?? r.question)
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim() as string;
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

export interface GaiaRun {
  readonly task: string;
  readonly solved: boolean;
  /** The model's replies the run recorded (`intermediate_steps` of role assistant). */
  readonly replies: number;
}

function runsOf(path: string): Map<string, GaiaRun> {
  const out = new Map<string, GaiaRun>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const r = JSON.parse(line) as Record;
    const task = taskOf(r);
    if (!out.has(task))
      out.set(task, {
        task,
        solved: normalize(r.answer) === normalize(r.true_answer),
        replies: r.intermediate_steps.filter((s) => s.role === 'assistant').length,
      });
  }
  return out;
}

const exactMatches = (path: string) =>
  (JSON.parse(readFileSync(path, 'utf8')) as { benchmarks: { gaia: { exact_matches: number } } })
    .benchmarks.gaia.exact_matches;

const byCodeUnit = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** Who solves what over the tasks both fleets ran, with each side's solved count and its score file's. */
export function expectedGaiaPair() {
  const a = runsOf(GAIA_A);
  const b = runsOf(GAIA_B);
  const matched = [...a.keys()].filter((t) => b.has(t)).sort(byCodeUnit);
  const solved = (m: Map<string, GaiaRun>, t: string) => m.get(t)?.solved === true;
  return {
    a,
    b,
    matched,
    onlyInA: [...a.keys()].filter((t) => !b.has(t)).sort(byCodeUnit),
    onlyInB: [...b.keys()].filter((t) => !a.has(t)).sort(byCodeUnit),
    onlyASolves: matched.filter((t) => solved(a, t) && !solved(b, t)),
    onlyBSolves: matched.filter((t) => solved(b, t) && !solved(a, t)),
    bothSolve: matched.filter((t) => solved(a, t) && solved(b, t)).length,
    neitherSolves: matched.filter((t) => !solved(a, t) && !solved(b, t)).length,
    solvedCount: {
      a: [...a.values()].filter((r) => r.solved).length,
      b: [...b.values()].filter((r) => r.solved).length,
    },
    scoreFiles: { a: exactMatches(SCORES.a), b: exactMatches(SCORES.b) },
  };
}
