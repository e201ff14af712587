/**
 * `npm run -s stepscope -- <command> <file> [options]`: the core behind a command line, for agent
 * builders' CI. Invalid input or parameters print a one-line reason on stderr and exit non-zero.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { resolveStrategies } from '../lib/fleet/choices';
import { createStrategyContext } from '../lib/strategies/context';
import type { StrategyContext } from '../lib/strategies/types';
import { getStrategy, paramKeysOf } from '../lib/strategies';
import {
  DEFAULT_TOKENIZER,
  findTokenizer,
  TOKENIZER_REGISTRY,
  type TokenizerId,
} from '../lib/tokens/tokenizer';
import { DIALECT_REGISTRY } from '../lib/messages';
import { parsePriceOverrides, type PriceOverrides } from '../lib/pricing/overrides';
import { contextWindowFor } from '../lib/tokens/models';
import { compareCommand, mergeCommand, parseJobs, parseShard } from './fleet-command';
import { countHistories, startCountHelpers } from './count-helpers';
import { loadCounts } from '../lib/strategies/load-index';
import { bytesUnder, readPaths, UsageError } from './read-paths';
import { renderInspect, renderPrune, renderReplay } from './render';
import {
  inspectCommand,
  parseDialect,
  pruneCommand,
  replayCommand,
  splitRunParams,
} from './commands';

const COMMANDS = ['inspect', 'prune', 'replay', 'compare', 'merge'];

const USAGE = `usage: stepscope <command> <file or folder>... [options]

commands:
  inspect <file>                       format, histories (sub-agents too), steps with kind and tokens, totals,
                                       what the run paid, none against its usage, the compactions it made
  prune <file> --strategy <id>         the pruned history (native format) and each step's fate
        [--params '<json>'] [--messages <dialect>]   with --trigger/--mode: after the whole run
  replay <file> --strategy <id>        context tokens at every model call, what prompt caching serves,
        [--params '<json>']            the run total and its cost (cached and uncached) against none
  compare <files or folders>...        every run of a fleet under several strategies: one JSON line per run
        --strategies <id,…>            (tokens, peak context, saved, calls over the window, identifiers lost,
        [--jobs N] [--shard k/n]       cost cached and uncached), then the fleet's aggregate; ids are presets
        [--results <json>]             or strategies, or the compare view's URL form (a|b@{run}~{params});
        [--pair <B> [--pair-results <json>]]   --jobs: threads (default: every core); --shard k/n (0 ≤ k < n):
                                       every n-th run from the k-th, without the aggregate; --results: the
                                       benchmark's report of resolved tasks; --pair: B's runs matched by task
  merge [<jsonl files>...]             shards' lines (or standard input) into what the unsharded compare prints

options:
  --json                 machine-readable output (schema: cli/output.schema.json)
  --tokenizer <id>       ${TOKENIZER_REGISTRY.map((t) => `${t.id}${t.id === DEFAULT_TOKENIZER ? ' (default)' : ''}`).join(', ')}
  --model <id>           model whose context window and prices apply (default: the history's; a run
                         naming no model has no cost, and an assumed 128k window)
  --prices '<json>'      your prices per million tokens over the catalog's (genai-prices), per model
                         name or "*": {"gpt-4o": {"input": 2.5, "output": 10, "cacheRead": 1.25,
                         "cacheWrite": …, "cacheWrite1h": …, "contextWindow": 128000}}
  --dialect <id>         dialect counted: ${DIALECT_REGISTRY.map((d) => `${d.id}${d.id === 'recorded' ? ' (default: as the run sent it)' : ''}`).join(', ')}
  --trigger '<json>'     when the strategy runs: {"kind": "every-call" | "after-step" | "after-invocation"
                         | "step-count" (threshold) | "token-limit" (tokens) | "every-k-calls" (k),
                         "onOverflow": true|false}; a bare kind works too (default: every-call)
  --mode <mode>          stateless (default: the full history kept) or in-place (pruned history carried on)
                         (both may also sit in --params as "trigger" and "mode"; "recorded": "replace"
                         there runs the strategy instead of the run's own compactions)`;

/**
 * Input from this size up (bytes) is counted on helper threads too: below it, counting on one
 * thread is over before a helper would have loaded (about 0.4 s for the TypeScript hooks and the tokenizer's
 * ranks). STEPSCOPE_COUNT_ON_HELPERS_FROM sets it (the test that helpers count what one thread does).
 */
const COUNT_ON_HELPERS_FROM = Number(process.env.STEPSCOPE_COUNT_ON_HELPERS_FROM ?? 4 * 2 ** 20);

/** The parameter keys of a strategy, none for an unknown one (its error comes later, naming it). */
function strategyKeysOf(id: string): string[] {
  try {
    return paramKeysOf(getStrategy(id));
  } catch {
    return [];
  }
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      strategy: { type: 'string' },
      params: { type: 'string' },
      messages: { type: 'string' },
      json: { type: 'boolean', default: false },
      tokenizer: { type: 'string', default: 'o200k_base' },
      model: { type: 'string' },
      dialect: { type: 'string', default: 'recorded' },
      trigger: { type: 'string' },
      mode: { type: 'string' },
      prices: { type: 'string' },
      strategies: { type: 'string' },
      jobs: { type: 'string' },
      shard: { type: 'string' },
      results: { type: 'string' },
      pair: { type: 'string' },
      'pair-results': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [command, file] = positionals;
  if (!command || !COMMANDS.includes(command))
    throw new UsageError(`unknown command "${command ?? ''}" (${COMMANDS.join(', ')}; --help)`);
  const write = (line: string) => process.stdout.write(`${line}\n`);
  if (command === 'merge') {
    const names = positionals.slice(1);
    mergeCommand(
      names.length > 0
        ? names.map((name) => ({ name, text: readFileSync(name, 'utf8') }))
        : [{ name: 'stdin', text: readFileSync(0, 'utf8') }],
      write,
    );
    return 0;
  }
  if (!file) throw new UsageError(`${command}: missing <file>`);
  if (!findTokenizer(values.tokenizer))
    throw new UsageError(
      `unknown tokenizer "${values.tokenizer}" (${TOKENIZER_REGISTRY.map((t) => t.id).join(', ')})`,
    );
  let prices: PriceOverrides | undefined;
  if (values.prices !== undefined) {
    let raw: unknown;
    try {
      raw = JSON.parse(values.prices);
    } catch {
      throw new UsageError(`--prices is not valid JSON: ${values.prices}`);
    }
    prices = parsePriceOverrides(raw);
  }
  if (command === 'compare') {
    if (!values.strategies)
      throw new UsageError('compare: missing --strategies <preset or strategy id,…>');
    let choices;
    try {
      choices = resolveStrategies(values.strategies);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    await compareCommand(
      positionals.slice(1),
      {
        choices,
        tokenizer: values.tokenizer as TokenizerId,
        dialect: parseDialect(values.dialect),
        ...(values.model !== undefined ? { model: values.model } : {}),
        ...(prices ? { prices } : {}),
      },
      {
        jobs: values.jobs !== undefined ? parseJobs(values.jobs) : availableParallelism(),
        ...(values.shard !== undefined ? { shard: parseShard(values.shard) } : {}),
        ...(values.results !== undefined ? { results: values.results } : {}),
        ...(values.pair !== undefined ? { pair: values.pair } : {}),
        ...(values['pair-results'] !== undefined ? { pairResults: values['pair-results'] } : {}),
      },
      write,
      (w) => process.stderr.write(`stepscope: ${w}\n`),
    );
    return 0;
  }
  const tokenizer = values.tokenizer as TokenizerId;
  const dialect = parseDialect(values.dialect);
  const jobs = values.jobs !== undefined ? parseJobs(values.jobs) : availableParallelism();
  // Large input is counted on every core: the helpers load while the files are read.
  const pool =
    jobs > 1 &&
    tokenizer !== 'heuristic' &&
    bytesUnder(positionals.slice(1)) >= COUNT_ON_HELPERS_FROM
      ? startCountHelpers(jobs - 1, tokenizer)
      : undefined;
  try {
    const imported = await readPaths(positionals.slice(1));
    const model = values.model ?? imported.file.histories[0]?.model;
    const ctx = createStrategyContext({
      tokenizer,
      dialect,
      model,
      contextWindow: contextWindowFor(model, prices),
    });
    if (pool) await countHistories(imported.file.histories, ctx.tokens, pool.helpers);
    // Loaded as the app loads a run (lib/strategies/load-index.ts): each step counted, and what the
    // strategy asked for builds at load (its default parameters' variants among it) built with the
    // counts; with --params its first apply builds what those parameters need instead.
    if (values.strategy && values.params === undefined)
      for (const h of imported.file.histories)
        loadCounts(h.steps, ctx.tokens, { strategies: [values.strategy] });
    return runCommand(command, file, imported, ctx, values, prices);
  } finally {
    void pool?.close();
  }
}

function runCommand(
  command: string,
  file: string,
  imported: Awaited<ReturnType<typeof readPaths>>,
  ctx: StrategyContext,
  values: {
    params?: string;
    trigger?: string;
    mode?: string;
    strategy?: string;
    messages?: string;
    model?: string;
    json?: boolean;
  },
  prices: PriceOverrides | undefined,
): number {
  const histories = imported.file.histories;
  let params: unknown = {};
  if (values.params !== undefined) {
    try {
      params = JSON.parse(values.params);
    } catch {
      throw new UsageError(`--params is not valid JSON: ${values.params}`);
    }
  }
  let trigger: unknown;
  if (values.trigger !== undefined) {
    try {
      trigger = values.trigger.trim().startsWith('{') ? JSON.parse(values.trigger) : values.trigger;
    } catch {
      throw new UsageError(`--trigger is not valid JSON: ${values.trigger}`);
    }
  }
  const flags = {
    ...(trigger !== undefined ? { trigger } : {}),
    ...(values.mode !== undefined ? { mode: values.mode } : {}),
  };
  // The strategy's own keys stay its parameters (summarize-plan-steps has a `mode`).
  const ownKeys = values.strategy ? strategyKeysOf(values.strategy) : [];
  const split = splitRunParams(params, flags, ownKeys);
  const inParams =
    params !== null &&
    typeof params === 'object' &&
    ['trigger', 'mode', 'recorded'].some((k) => k in params && !ownKeys.includes(k));
  const runGiven = values.trigger !== undefined || values.mode !== undefined || inParams;
  const needStrategy = () => {
    if (!values.strategy) throw new UsageError(`${command}: missing --strategy <id>`);
    return values.strategy;
  };
  let output: object;
  let human: string;
  if (command === 'inspect') {
    const out = inspectCommand(imported, file, ctx, prices);
    output = out;
    human = renderInspect(out);
  } else if (command === 'prune') {
    const out = pruneCommand(
      histories,
      needStrategy(),
      split.params,
      ctx,
      values.messages ? parseDialect(values.messages) : undefined,
      runGiven ? split.run : undefined,
    );
    output = out;
    human = renderPrune(out);
  } else {
    const out = replayCommand(
      histories,
      needStrategy(),
      split.params,
      ctx,
      split.run,
      values.model,
      prices,
    );
    output = out;
    human = renderReplay(out);
  }
  process.stdout.write(values.json ? `${JSON.stringify(output, null, 2)}\n` : `${human}\n`);
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`stepscope: ${(error as Error).message.split('\n')[0]}\n`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
