/**
 * The CLI's `--json` output, one schema per command. The committed JSON Schema (cli/output.schema.json)
 * is generated from these by `npm run schemas`; a test keeps them in step.
 */
import { z } from 'zod';
import { STEP_KINDS } from '../lib/model/types';

/** What a run cost: the file's own figure, its usage priced from the catalog, or why there is none. */
const paid = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('recorded'),
    usd: z.number(),
    from: z.enum(['history.usage.costUsd', 'step.usage.costUsd']),
  }),
  z.object({
    kind: z.literal('priced'),
    usd: z.number(),
    basis: z.enum(['calls', 'run totals']),
    calls: z.number().int(),
    models: z.array(
      z.object({
        model: z.string().nullable(),
        source: z.string(),
        calls: z.number().int(),
        usd: z.number(),
      }),
    ),
    unpriced: z.array(z.string()).describe('Why each call without a price has none.'),
    offBranchCalls: z
      .number()
      .int()
      .optional()
      .describe('Of calls: calls on branches a rewind abandoned, billed though not shown.'),
  }),
  z.object({ kind: z.literal('none'), reason: z.string() }),
]);

/** The replay of none against the usage the file reports, call by call (lib/simulate/reconcile.ts). */
const reconciliation = z.object({
  reportedCalls: z.number().int(),
  simulatedTokens: z.number().int(),
  reportedTokens: z.number().int(),
  offsetTokens: z.number().int().describe('reported ≈ offsetTokens + scale × simulated, fitted'),
  scale: z.number(),
  residualMedian: z.number(),
  residualMax: z.number(),
  explanations: z.array(z.string()).describe('Why the two differ, one sentence each.'),
  calls: z.array(
    z.object({
      call: z.number().int(),
      stepIndex: z.number().int(),
      simulatedTokens: z.number().int(),
      reportedTokens: z.number().int().optional(),
      uncachedTokens: z.number().int().optional(),
      cacheReadTokens: z.number().int().optional(),
      cacheWriteTokens: z.number().int().optional(),
      cacheWrite1hTokens: z.number().int().optional(),
      outputTokens: z.number().int().optional(),
      recordedCostUsd: z.number().optional(),
    }),
  ),
});

/** A compaction the run made (lib/simulate/compactions.ts): recorded by the file, or probable from its usage. */
const tokenFigure = z.object({
  tokens: z.number().int(),
  source: z
    .enum(['file', 'reported', 'counted'])
    .describe(
      "file: the record's own figure; reported: the usage the file reports for the call around it; counted: Stepscope's count",
    ),
});

const compaction = z.object({
  kind: z
    .enum(['recorded', 'probable'])
    .describe(
      'recorded: a summary step the file records; probable: reported input halves unrecorded',
    ),
  stepId: z.string(),
  stepIndex: z
    .number()
    .int()
    .describe('The summary step (recorded), or the call whose input dropped (probable).'),
  callBefore: z.number().int().optional().describe('1-based model call just before it.'),
  callAfter: z.number().int().optional().describe('1-based model call just after it.'),
  recordedAs: z.string().optional().describe('The record as the file names it (recorded only).'),
  trigger: z.enum(['auto', 'manual']).optional(),
  before: tokenFigure.optional().describe('The context before it.'),
  after: tokenFigure.optional().describe('The context after it.'),
  dropped: z.number().int().describe('Steps it dropped that were still in the context.'),
  droppedTokens: z.number().int().describe('Counted tokens of those steps.'),
  summaryTokens: z.number().int(),
  laterCalls: z.number().int().describe('Model calls from callAfter to the end of the run.'),
  savedPerCall: z
    .number()
    .int()
    .describe('Input each later call no longer sent: dropped less summary, or the reported drop.'),
  description: z.string().describe('One sentence, as the human output prints it.'),
  summaryStart: z
    .string()
    .optional()
    .describe("The summary's first line, cut to 100 characters (absent without a summary)."),
});

const stepRow = z.object({
  index: z.number().int(),
  id: z.string(),
  stepNumber: z.number().int(),
  kind: z.enum(STEP_KINDS),
  tools: z.array(z.string()),
  tokens: z.number().int(),
  error: z.boolean(),
  summary: z.string(),
});

export const inspectOutput = z.object({
  command: z.literal('inspect'),
  file: z.string(),
  format: z.string(),
  tokenizer: z.string(),
  warnings: z.array(z.string()),
  histories: z.array(
    z.object({
      id: z.string(),
      title: z.string().optional(),
      /** A sub-agent: the history and step that started it. */
      parent: z.object({ historyId: z.string(), stepId: z.string() }).optional(),
      model: z.string().optional(),
      outcome: z.string().optional(),
      steps: z.array(stepRow),
      totals: z.object({
        steps: z.number().int(),
        byKind: z.record(z.string(), z.number().int()),
        toolCalls: z.number().int(),
        errors: z.number().int(),
        tokens: z.number().int(),
        modelCalls: z.number().int(),
        runInputTokens: z.number().int(),
        /** Usage the file itself reports (the run's, else the sum of its calls'). */
        reported: z
          .object({
            inputTokens: z.number().optional(),
            outputTokens: z.number().optional(),
            totalTokens: z.number().optional(),
            cacheReadInputTokens: z.number().optional(),
            cacheCreationInputTokens: z.number().optional(),
            cacheCreation1hInputTokens: z.number().optional(),
            inputCounts: z.enum(['uncached', 'total']).optional(),
            costUsd: z.number().optional(),
          })
          .optional(),
      }),
      paid,
      reconciliation: reconciliation.optional(),
      /** Absent when the run made none. */
      compactions: z.array(compaction).optional(),
    }),
  ),
});

const fate = z.object({
  stepId: z.string(),
  fate: z.enum(['kept', 'truncated', 'removed', 'summarized']),
  summaryId: z.string().optional(),
});

export const pruneOutput = z.object({
  command: z.literal('prune'),
  strategy: z.string(),
  params: z.record(z.string(), z.unknown()),
  run: z
    .string()
    .optional()
    .describe(
      'The trigger and mode the run was simulated with (--trigger/--mode); absent: one application.',
    ),
  histories: z.array(
    z.object({
      id: z.string(),
      fates: z.array(fate),
      notes: z.array(z.string()),
      tokensBefore: z.number().int(),
      tokensAfter: z.number().int(),
      messages: z.array(z.unknown()).optional(),
    }),
  ),
  result: z.unknown().optional(),
});

export const replayOutput = z.object({
  command: z.literal('replay'),
  strategy: z.string(),
  params: z.record(z.string(), z.unknown()),
  run: z.object({
    trigger: z.record(z.string(), z.unknown()),
    mode: z.enum(['stateless', 'in-place']),
    description: z.string(),
  }),
  contextWindow: z.number().int(),
  histories: z.array(
    z.object({
      id: z.string(),
      calls: z.array(
        z.object({
          call: z.number().int(),
          stepIndex: z.number().int(),
          contextTokens: z.number().int(),
          sharedPrefixTokens: z
            .number()
            .int()
            .describe("Tokens of the leading steps shared with the previous call's context."),
          applied: z.boolean().describe('The strategy ran since the previous call.'),
          cachedTokens: z
            .number()
            .int()
            .optional()
            .describe("Tokens billed at the model's cached price."),
          costUsd: z.number().optional(),
        }),
      ),
      applications: z.number().int(),
      totalInputTokens: z.number().int(),
      peakContextTokens: z.number().int(),
      overflowCalls: z.number().int(),
      baselineInputTokens: z.number().int(),
      paid,
      /** Why the run has no cost: no model named, or one the catalog lacks (never another model's price). */
      unpriced: z.string().optional(),
      cost: z
        .object({
          model: z.string(),
          cachedTokens: z.number().int(),
          costUsd: z.number(),
          uncachedCostUsd: z.number(),
          baselineCostUsd: z.number(),
          baselineUncachedCostUsd: z.number(),
        })
        .optional(),
      reportedCheck: z
        .object({
          calls: z.number().int(),
          reportedCostUsd: z.number(),
          simulatedCostUsd: z.number(),
          calibratedCostUsd: z.number(),
          offsetTokens: z.number().int(),
          scale: z.number(),
          rawGap: z.number(),
          calibratedGap: z.number(),
        })
        .optional(),
    }),
  ),
});

const usdOrNull = z.number().nullable().describe("Null when the run's model has no price.");
const share = z
  .number()
  .describe('Saved tokens over the baseline input tokens (0 to 1; negative when it adds).');
const outcome = z.object({
  label: z.string().nullable().describe('What the file records: an exit status, "reward 1".'),
  resolved: z
    .boolean()
    .nullable()
    .describe('From --results, else a reward of 1; null when nothing says.'),
  reward: z.number().nullable(),
});

/** One run of `compare` (lib/fleet/aggregate.ts `FleetRun`). */
const compareRun = z.object({
  command: z.literal('compare'),
  line: z.literal('run'),
  of: z
    .number()
    .int()
    .describe('Runs in the whole fleet (every shard): merge checks none is missing.'),
  index: z
    .number()
    .int()
    .describe('Place among all runs, sorted by file path then run: the shard key.'),
  file: z.string(),
  run: z.number().int().describe('The run within its file.'),
  id: z.string(),
  task: z.string().describe('The benchmark task or instance id, which --pair matches on.'),
  model: z.string().nullable(),
  outcome,
  steps: z.number().int(),
  calls: z.number().int(),
  baseline: z
    .object({
      inputTokens: z.number().int(),
      peakContextTokens: z.number().int(),
      overflowCalls: z.number().int(),
      costUsd: usdOrNull,
      uncachedCostUsd: usdOrNull,
    })
    .describe('Sending everything (none before every call).'),
  strategies: z.array(
    z.object({
      id: z.string().describe('As --strategies names it: a preset or strategy id.'),
      inputTokens: z.number().int(),
      peakContextTokens: z.number().int(),
      savedTokens: z.number().int(),
      savedShare: share,
      overflowCalls: z.number().int().describe("Calls over the model's context window."),
      lostIdentifiers: z.number().int(),
      costUsd: usdOrNull.describe('With prompt caching as the provider bills it.'),
      uncachedCostUsd: usdOrNull,
      error: z
        .string()
        .optional()
        .describe('Why it could not run; its numbers are then the baseline.'),
    }),
  ),
});

const totals = z.object({
  runs: z.number().int(),
  inputTokens: z.number().int(),
  baselineInputTokens: z.number().int(),
  savedTokens: z.number().int(),
  savedShare: share,
  savedShareMedian: z.number().nullable(),
  savedShareP10: z.number().nullable(),
  savedShareP90: z.number().nullable(),
  runsOverWindow: z.number().int(),
  wins: z
    .number()
    .int()
    .describe('Runs where it saved the most of the strategies (ties count for each).'),
  lostIdentifiers: z.number().int(),
  lostIdentifiersMedian: z.number().nullable(),
  pricedRuns: z.number().int(),
  costUsd: z.number(),
  uncachedCostUsd: z.number(),
  baselineCostUsd: z.number(),
  baselineUncachedCostUsd: z.number(),
  errors: z.number().int(),
});

const aggregate = {
  runs: z.number().int(),
  byOutcome: z.object({
    resolved: z.number().int(),
    unresolved: z.number().int(),
    unknown: z.number().int(),
  }),
  baseline: z.object({
    inputTokens: z.number().int(),
    runsOverWindow: z.number().int(),
    pricedRuns: z.number().int(),
    costUsd: z.number(),
    uncachedCostUsd: z.number(),
  }),
  runsNothingSaves: z.number().int(),
  strategies: z.array(
    totals.extend({
      id: z.string(),
      byOutcome: z.object({ resolved: totals, unresolved: totals, unknown: totals }),
    }),
  ),
};

const compareAggregate = z.object({
  command: z.literal('compare'),
  line: z.literal('aggregate'),
  ...aggregate,
});

const pairSide = z.object({
  index: z.number().int(),
  file: z.string(),
  steps: z.number().int(),
  calls: z.number().int(),
  inputTokens: z.number().int(),
  costUsd: usdOrNull,
  resolved: z.boolean().nullable(),
});

const comparePair = z.object({
  command: z.literal('compare'),
  line: z.literal('pair'),
  task: z.string(),
  a: pairSide,
  b: pairSide,
  diff: z
    .object({
      steps: z.number().int(),
      calls: z.number().int(),
      inputTokens: z.number().int(),
      costUsd: z.number().nullable(),
    })
    .describe('B minus A.'),
  solved: z.enum(['both', 'a', 'b', 'neither', 'unknown']),
});

const fleetSide = z.object({ path: z.string(), fleetRuns: z.number().int(), ...aggregate });

const comparePairSummary = z.object({
  command: z.literal('compare'),
  line: z.literal('pair-summary'),
  matched: z.number().int(),
  onlyInA: z.array(z.string()),
  onlyInB: z.array(z.string()),
  bothSolve: z.number().int(),
  neitherSolves: z.number().int(),
  onlyASolves: z.array(z.string()),
  onlyBSolves: z.array(z.string()),
  unknown: z.number().int(),
  diff: z.object({
    steps: z.number().int(),
    inputTokens: z.number().int(),
    costUsd: z.number().nullable(),
    stepsMedian: z.number().nullable(),
    inputTokensMedian: z.number().nullable(),
  }),
  a: fleetSide.describe("A's strategy aggregate over the matched tasks."),
  b: fleetSide,
});

/** `compare` writes JSON lines: one per run (or per task with --pair), then the aggregate. */
export const compareLine = z.discriminatedUnion('line', [
  compareRun,
  compareAggregate,
  comparePair,
  comparePairSummary,
]);

export const cliOutput = z.discriminatedUnion('command', [
  inspectOutput,
  pruneOutput,
  replayOutput,
  compareLine,
]);
