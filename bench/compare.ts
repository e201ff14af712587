/**
 * `npm run bench:compare`: one strategy compared against `none` on a long history of real tau-bench
 * content (bench/history.ts): its result, its replay over the run, its warnings, and the identifier
 * check. This is the work the worker does each time a parameter changes. CALLS sets the run length.
 */
import os from 'node:os';
import { compareStrategies } from '../lib/compare/compare';
import { PRESETS } from '../lib/compare/presets';
import { createStrategyContext } from '../lib/strategies/context';
import { longHistory } from './history';

const calls = Number(process.env.CALLS ?? 2000);
const history = { steps: longHistory(calls) };
const ctx = createStrategyContext({ tokenizer: 'o200k_base', dialect: 'openai', model: 'gpt-4o' });
ctx.tokens.context(history.steps); // Warm the token cache, as the loaded file's counts are.
process.stdout.write(
  `machine: ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, Node ${process.version}; ${history.steps.length} steps, ${calls} calls\n`,
);
for (const p of [
  ...PRESETS,
  { label: 'summarizing window', choice: { strategyId: 'summarizing-window', params: {} } },
]) {
  const t = performance.now();
  const c = compareStrategies(history, [p.choice], ctx);
  const col = c.columns[0];
  process.stdout.write(
    `${p.label}: ${(performance.now() - t).toFixed(0)} ms (saved ${(100 * (col?.savedShare ?? 0)).toFixed(1)}%, ${col?.warnings.length} warnings, ${col?.lost.length} lost identifiers at ${c.lossCalls} checked calls)\n`,
  );
}
