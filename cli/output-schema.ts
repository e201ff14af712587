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

export const cliOutput = z.discriminatedUnion('command', [
  inspectOutput,
  pruneOutput,
  replayOutput,
]);
