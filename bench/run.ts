/**
 * `npm run bench`: the numbers BENCHMARKS.md reports. Real content only (bench/history.ts).
 * Each measurement runs once after a warm-up of the same work on a smaller input; times are
 * wall-clock milliseconds from performance.now() on this machine.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { importText } from '../lib/import';
import { toMessages } from '../lib/messages';
import { replay } from '../lib/replay/replay';
import { parseParams, STRATEGIES } from '../lib/strategies';
import { createStrategyContext } from '../lib/strategies/context';
import { createTextCounter } from '../lib/tokens/tokenizer';
import { longHistory } from './history';

const CALLS = Number(process.env.BENCH_CALLS ?? 20_000);

function time<T>(fn: () => T): [T, number] {
  const t = performance.now();
  const out = fn();
  return [out, performance.now() - t];
}

const ms = (x: number) => `${x.toFixed(0)} ms`;
const lines: string[] = [];
const log = (line = '') => {
  lines.push(line);
  process.stdout.write(`${line}\n`);
};

log(
  `machine: ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);

// 1. Parsing and importing a real 3.4 MB benchmark file.
const fixture = new URL(
  '../test/fixtures/real/openai-chat/tau-bench__tool-calling-grok-3.json',
  import.meta.url,
);
const text = readFileSync(fixture, 'utf8');
const [, parseMs] = time(() => JSON.parse(text));
log(
  `JSON.parse of tau-bench grok-3 (${(text.length / 1e6).toFixed(1)} MB): ${ms(parseMs)} (${(text.length / 1e6 / (parseMs / 1000)).toFixed(0)} MB/s)`,
);

// 2. Token counting throughput on the same text, per tokenizer (fresh caches).
for (const id of ['o200k_base', 'cl100k_base', 'heuristic'] as const) {
  const counter = createTextCounter(id);
  const [n, t] = time(() => counter.count(text));
  log(`count ${id}: ${n} tokens in ${ms(t)} (${(text.length / 1e6 / (t / 1000)).toFixed(1)} MB/s)`);
}

// 3. Replay of every strategy over a run of CALLS model calls.
longHistory(500); // warm-up: JIT and the fixture cache
const steps = longHistory(CALLS);
const ctx = createStrategyContext({ model: 'gpt-4o' });
const [baseTokens, countMs] = time(() => ctx.tokens.context(steps));
const messages = toMessages(steps, 'openai').length;
log(
  `history: ${steps.length} steps, ${messages} messages, ${CALLS} model calls, ${baseTokens} tokens; counting every step (o200k, cold): ${ms(countMs)}`,
);
log();
log('| strategy | replay time | total input tokens | vs none |');
log('|---|---:|---:|---:|');
let baseline = 0;
for (const s of STRATEGIES) {
  const params = parseParams(s as never, {});
  replay({ steps: steps.slice(0, 2_000) }, s as never, params, ctx); // warm-up
  const [r, t] = time(() => replay({ steps }, s as never, params, ctx));
  if (s.id === 'none') baseline = r.totalInputTokens;
  const pct =
    baseline > 0 ? `${(((r.totalInputTokens - baseline) / baseline) * 100).toFixed(1)}%` : '';
  log(`| ${s.id} | ${ms(t)} | ${r.totalInputTokens.toLocaleString('en-US')} | ${pct} |`);
}

// 4. A single apply (one prune) of each strategy on the whole history.
log();
log('| strategy | one apply on the whole history |');
log('|---|---:|');
for (const s of STRATEGIES) {
  const params = parseParams(s as never, {});
  const [, t] = time(() => s.apply({ steps }, params as never, ctx));
  log(`| ${s.id} | ${ms(t)} |`);
}

// 5. The CLI's path on a real file: import + inspect totals.
const [imported, importMs] = time(() =>
  importText(
    readFileSync(
      new URL(
        '../test/fixtures/real/openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json',
        import.meta.url,
      ),
      'utf8',
    ),
    'tau.json',
  ),
);
log();
log(
  `import of a 35 KB OpenAI messages file: ${ms(importMs)} (${imported.file.histories[0]?.steps.length} steps)`,
);
