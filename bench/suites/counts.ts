/**
 * Exact o200k counts of every step of the generated history: one gpt-tokenizer `countTokens` pass
 * over the strings the steps' messages carry, on one core, against Stepscope's counts on both cores
 * (this thread and a counting helper; each distinct string counted once). Target ≤ 0.6×.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import os from 'node:os';
import { stepToMessages } from '../../lib/messages';
import { messageStrings } from '../../lib/tokens/messages';
import { countInParallel } from '../../lib/tokens/parallel';
import { createStepTokens } from '../../lib/tokens/step-tokens';
import { startCountHelpers } from '../lib/count-helpers';
import { generatedSteps } from '../lib/data';
import { alternate, type Row } from '../lib/harness';

export async function countsSuite(rounds: number): Promise<Row[]> {
  const steps = generatedSteps();
  const strings = steps.flatMap((s) => stepToMessages(s, 'openai').flatMap(messageStrings));
  const options = { disallowedSpecial: new Set<string>() };
  const helpers = Math.max(1, Math.min(os.cpus().length, 8) - 1);
  const pool = await startCountHelpers(helpers, 'o200k_base');
  let exact = 0;
  let ours = 0;
  try {
    const m = await alternate(
      rounds,
      () => {
        exact = 0;
        for (const s of strings) exact += countTokens(s, options);
      },
      async () => {
        const tokens = createStepTokens('o200k_base', 'openai');
        await countInParallel(steps, tokens, pool.helpers);
        ours = 0;
        for (const s of steps) ours += tokens.step(s);
      },
    );
    const chars = strings.reduce((n, s) => n + s.length, 0);
    return [
      {
        id: 'counts',
        what: `exact o200k counts of ${steps.length.toLocaleString('en-US')} steps (${(chars / 1e6).toFixed(1)} M characters, ${exact.toLocaleString('en-US')} tokens of text; ${ours.toLocaleString('en-US')} with message overhead), ${helpers + 1} threads`,
        baseline: { label: 'countTokens, one core', ms: m.baseline },
        project: m.project,
        value: m.project.median / m.baseline.median,
        unit: 'ratio',
        target: { op: '<=', value: 0.6 },
      },
    ];
  } finally {
    await pool.close();
  }
}
