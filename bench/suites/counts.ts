/**
 * Exact o200k counts against one gpt-tokenizer `countTokens` pass over the strings the steps'
 * messages carry, on one core (target ≤ 0.6×): the generated history as the app counts it (this
 * thread and a counting helper sent pieces; each distinct string counted once), and a fleet as the
 * CLI counts it (the real SWE-bench runs read as `stepscope` reads a folder, counted by
 * `countHistories` on this thread and the CLI's worker-thread helpers, which share the strings'
 * ends with it).
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import os from 'node:os';
import { countHistories, startCountHelpers } from '../../cli/count-helpers';
import { loadFleet } from '../../cli/fleet-load';
import { stepToMessages, type Dialect } from '../../lib/messages';
import type { History } from '../../lib/model/types';
import { messageStrings } from '../../lib/tokens/messages';
import { createStepTokens } from '../../lib/tokens/step-tokens';
import { generatedSteps } from '../lib/data';
import { alternate, type Row } from '../lib/harness';

const FLEET = new URL(
  '../../test/fixtures/fleet/20251118_mini-v1.15.0_gemini-3-pro-preview',
  import.meta.url,
);

export async function countsSuite(rounds: number): Promise<Row[]> {
  const helpers = Math.max(1, Math.min(os.cpus().length, 8) - 1);
  // Started as the CLI starts them, while the files are read: their start-up is not timed.
  const start = performance.now();
  const pool = startCountHelpers(helpers, 'o200k_base');
  await pool.ready;
  const startMs = performance.now() - start;
  try {
    const fleet = (await loadFleet([FLEET.pathname])).runs.map((r) => r.history);
    // The app's helpers are Web Workers, which share no memory with the history worker: they are
    // sent pieces (no `countFromFront`), and so are these for the app's row.
    const sentPieces = pool.helpers.map((h) => ({ count: h.count }));
    const generated = await countRow(rounds, [{ id: 'generated', steps: generatedSteps() }], {
      dialect: 'openai',
      helpers: sentPieces,
    });
    const cli = await countRow(rounds, fleet, { dialect: 'recorded', helpers: pool.helpers });
    const threads = `${helpers + 1} threads`;
    return [
      {
        id: 'counts',
        what: `exact o200k counts of ${generated.what}, ${threads}`,
        ...generated.row,
      },
      {
        id: 'counts-cli',
        what: `exact o200k counts of a fleet through the CLI's path: ${fleet.length} real runs, ${cli.what}, ${threads}`,
        ...cli.row,
        note: `the helpers' start-up (${startMs.toFixed(0)} ms) overlaps the reading of the files in the CLI`,
      },
    ];
  } finally {
    await pool.close();
  }
}

/** One count row: the baseline pass against `countHistories` on this thread and the helpers. */
async function countRow(
  rounds: number,
  histories: readonly History[],
  { dialect, helpers }: { dialect: Dialect; helpers: Parameters<typeof countHistories>[2] },
) {
  const steps = histories.flatMap((h) => h.steps);
  const strings = steps.flatMap((s) => stepToMessages(s, dialect).flatMap(messageStrings));
  const options = { disallowedSpecial: new Set<string>() };
  let exact = 0;
  let ours = 0;
  const m = await alternate(
    rounds,
    () => {
      exact = 0;
      for (const s of strings) exact += countTokens(s, options);
    },
    async () => {
      const tokens = createStepTokens('o200k_base', dialect);
      await countHistories(histories, tokens, helpers);
      ours = 0;
      for (const s of steps) ours += tokens.step(s);
    },
  );
  const chars = strings.reduce((n, s) => n + s.length, 0);
  return {
    steps: steps.length,
    what: `${steps.length.toLocaleString('en-US')} steps (${(chars / 1e6).toFixed(1)} M characters, ${exact.toLocaleString('en-US')} tokens of text; ${ours.toLocaleString('en-US')} with message overhead)`,
    row: {
      baseline: { label: 'countTokens, one core', ms: m.baseline },
      project: m.project,
      value: m.project.median / m.baseline.median,
      unit: 'ratio' as const,
      target: { op: '<=' as const, value: 0.6 },
    },
  };
}
