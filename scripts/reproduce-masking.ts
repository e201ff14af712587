/**
 * The README's table "Observation masking on real SWE-bench runs" (issue 21): Lindenbauer et al.
 * 2025's rule (M = 10, before every call) replayed on the real mini-swe-agent 1.x SWE-bench
 * bash-only runs in test/fixtures/real/mini-swe-agent, against sending everything. Tokens are
 * counted as the runs sent them (o200k; test/masking-reproduction.test.ts checks them against an
 * independent count); costs are the runs' own model at the catalog's list prices with prompt
 * caching, and what each run recorded as paid. Prints a Markdown table.
 *
 *   npx tsx scripts/reproduce-masking.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { importText } from '../lib/import';
import { isModelCall } from '../lib/model/steps';
import { whatYouPaid } from '../lib/pricing/paid';
import { priceSheetFor, runCost } from '../lib/simulate/cache';
import { simulate } from '../lib/simulate/simulate';
import { getStrategy, parseParams } from '../lib/strategies';
import { createStrategyContext } from '../lib/strategies/context';

const DIR = new URL('../test/fixtures/real/mini-swe-agent/', import.meta.url);
const files = readdirSync(DIR)
  .filter((f) => f.startsWith('swebench-bash-only__'))
  .sort();
const none = getStrategy('none');
const masking = getStrategy('observation-masking');
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const n = (x: number) => x.toLocaleString('en-US');
const usd = (x: number) => `$${x.toFixed(3)}`;

const rows: string[] = [];
const sums = { none: 0, masked: 0, noneCost: 0, maskedCost: 0, pollingCost: 0, paid: 0 };
for (const f of files) {
  const h = importText(readFileSync(new URL(f, DIR), 'utf8'), f).file.histories[0]!;
  const ctx = createStrategyContext({
    tokenizer: 'o200k_base',
    dialect: 'recorded',
    model: h.model,
  });
  const base = simulate(h, none, parseParams(none, {}), ctx, undefined, { exactPrefixes: true });
  const masked = simulate(h, masking, parseParams(masking, {}), ctx, undefined, {
    exactPrefixes: true,
  });
  const polled = simulate(h, masking, parseParams(masking, { polling: 10 }), ctx, undefined, {
    exactPrefixes: true,
  });
  const sheet = priceSheetFor(h.model);
  if (!sheet) throw new Error(`${f}: ${h.model} has no catalog price`);
  const baseCost = runCost(base.calls, sheet).costUsd;
  const maskedCost = runCost(masked.calls, sheet).costUsd;
  const pollingCost = runCost(polled.calls, sheet).costUsd;
  const paid = whatYouPaid(h);
  const observations = h.steps.filter((s) => s.kind === 'action' && s.observation).length;
  const id = f.replace(/^swebench-bash-only__[^_]+__/, '').replace(/\.traj\.json$/, '');
  sums.none += base.totalInputTokens;
  sums.masked += masked.totalInputTokens;
  sums.noneCost += baseCost;
  sums.maskedCost += maskedCost;
  sums.pollingCost += pollingCost;
  sums.paid += paid.kind === 'none' ? 0 : paid.usd;
  rows.push(
    `| ${id} | ${h.steps.filter(isModelCall).length} | ${observations} | ${n(base.totalInputTokens)} | ${n(masked.totalInputTokens)} | ${pct(1 - masked.totalInputTokens / base.totalInputTokens)} | ${usd(baseCost)} | ${usd(maskedCost)} | ${usd(pollingCost)} | ${paid.kind === 'none' ? '—' : usd(paid.usd)} |`,
  );
}
const out: string[] = [];
out.push(
  '| run (gemini-3-pro-preview) | calls | observations | input, none | input, masked | saved | input cost, none | masked | masked, polling 10 | paid (file) |',
);
out.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
out.push(...rows);
out.push(
  `| all ${files.length} | | | ${n(sums.none)} | ${n(sums.masked)} | ${pct(1 - sums.masked / sums.none)} | ${usd(sums.noneCost)} | ${usd(sums.maskedCost)} | ${usd(sums.pollingCost)} | ${usd(sums.paid)} |`,
);
process.stdout.write(`${out.join('\n')}\n`);
