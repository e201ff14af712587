/**
 * Stepscope's native file format, version 1. Each step is seed 000's serialization
 * `{"type": "ActionStep", "data": {...}}` with the seed's snake_case fields (`asdict(step)`), extended
 * with what the canonical model adds (tool calls with ids, usage, ids, sources). A seed step list is
 * therefore readable as-is. Histories sit in a versioned envelope:
 * `{"format": "stepscope", "version": 1, "histories": [...]}`.
 *
 * Fields added after version 1 must carry `// Added in vN` (STYLE.md §2). The JSON Schema committed at
 * lib/format/stepscope.schema.json is generated from these schemas by `npm run schemas`.
 */
import { z } from 'zod';

/** A JSON value: null, a boolean, a finite number, a string, or arrays and objects of them. */
function isJsonValue(v: unknown): boolean {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  if (Array.isArray(v)) return v.every(isJsonValue);
  if (typeof v === 'object') return Object.values(v).every(isJsonValue);
  return false;
}

/**
 * Tool arguments and metadata as the file holds them. Checked, not rebuilt: zod's records assign
 * each key into a new object, and a key named `__proto__` (a tool's argument can be one) would set
 * the copy's prototype instead of surviving the round trip (found by the importer fuzz).
 */
const json = z
  .custom<unknown>(isJsonValue, 'expected a JSON value')
  .meta({ description: 'Any JSON value (tool arguments as the tool took them).' });
const jsonObject = z
  .custom<Record<string, unknown>>(
    (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && isJsonValue(v),
    'expected a JSON object',
  )
  .meta({ type: 'object', description: 'A JSON object of any values.' });

export const usageSchema = z.object({
  input_tokens: z.number().optional(),
  output_tokens: z.number().optional(),
  total_tokens: z.number().optional(),
  cache_read_input_tokens: z.number().optional(),
  cache_creation_input_tokens: z.number().optional(),
  // Added in v1 after its first release (optional: older files omit them).
  cache_creation_1h_input_tokens: z.number().optional(),
  input_counts: z.enum(['uncached', 'total']).optional(),
  cost_usd: z.number().optional(),
});

export const sourceSchema = z.object({
  format: z.string(),
  file: z.string().optional(),
  line: z.number().int().optional(),
  pointer: z.string().optional(),
});

/** Fields every step has (seed 000 `Step`: `timestamp`, `step_number`). */
const baseData = {
  id: z.string().optional(),
  step_number: z.number().int().optional(),
  timestamp: z.number().nullable().optional(),
  plan_step_id: z.string().optional(),
  source: sourceSchema.optional(),
  /** Parts a strategy cut out of this step (only in exported strategy results). */
  omitted: z.array(z.string()).optional(),
};

export const toolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  arguments: json,
  result: z.string().optional(),
  is_error: z.boolean().optional(),
});

export const systemPromptDataSchema = z.object({ ...baseData, content: z.string() });
export const taskDataSchema = z.object({ ...baseData, task: z.string() });
export const actionDataSchema = z.object({
  ...baseData,
  thought: z.string().nullable().optional(),
  /** Seed single-call view; ignored on import when `tool_calls` is present. */
  tool_name: z.string().nullable().optional(),
  tool_args: json.optional(),
  observation: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
  is_final: z.boolean().optional(),
  raw_llm_response: z.string().nullable().optional(),
  tool_calls: z.array(toolCallSchema).optional(),
  usage: usageSchema.optional(),
  duration_ms: z.number().optional(),
  model: z.string().optional(),
});
export const scratchpadDataSchema = z.object({
  ...baseData,
  content: z.string(),
  raw_llm_response: z.string(),
});
export const planItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(['pending', 'in_progress', 'done']).optional(),
});
export const planningDataSchema = z.object({
  ...baseData,
  plan: z.string(),
  plan_items: z.array(planItemSchema).optional(),
  usage: usageSchema.optional(),
});
/** smolagents names the field `output` (`FinalAnswerStep(output)`). */
export const finalAnswerDataSchema = z.object({ ...baseData, output: z.string() });
export const summaryDataSchema = z.object({
  ...baseData,
  content: z.string(),
  replaces: z.array(z.string()),
  origin: z.enum(['model', 'extractive', 'endpoint']),
  compaction: z
    .object({
      recorded_as: z.string(),
      tokens_before: z.number().int().min(0).optional(),
      tokens_after: z.number().int().min(0).optional(),
      trigger: z.enum(['auto', 'manual']).optional(),
      dropped_in_file: z.literal(false).optional(),
    })
    .optional(),
});

export const STEP_TYPE_NAMES = [
  'SystemPromptStep',
  'TaskStep',
  'ActionStep',
  'ScratchpadStep',
  'PlanningStep',
  'FinalAnswerStep',
  'SummaryStep',
] as const;
export type StepTypeName = (typeof STEP_TYPE_NAMES)[number];

export const serializedStepSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('SystemPromptStep'), data: systemPromptDataSchema }),
  z.object({ type: z.literal('TaskStep'), data: taskDataSchema }),
  z.object({ type: z.literal('ActionStep'), data: actionDataSchema }),
  z.object({ type: z.literal('ScratchpadStep'), data: scratchpadDataSchema }),
  z.object({ type: z.literal('PlanningStep'), data: planningDataSchema }),
  z.object({ type: z.literal('FinalAnswerStep'), data: finalAnswerDataSchema }),
  z.object({ type: z.literal('SummaryStep'), data: summaryDataSchema }),
]);
export type SerializedStep = z.infer<typeof serializedStepSchema>;

export interface SerializedHistory {
  id: string;
  title?: string | undefined;
  format?: string | undefined;
  model?: string | undefined;
  outcome?: string | undefined;
  usage?: z.infer<typeof usageSchema> | undefined;
  usage_by_model?: Record<string, z.infer<typeof usageSchema>> | undefined;
  off_branch_calls?:
    | {
        model?: string | undefined;
        timestamp?: number | undefined;
        usage: z.infer<typeof usageSchema>;
      }[]
    | undefined;
  meta?: Record<string, unknown> | undefined;
  steps: SerializedStep[];
  children?: { parent_step_id: string; history: SerializedHistory }[] | undefined;
}

export const serializedHistorySchema: z.ZodType<SerializedHistory> = z.lazy(() =>
  z.object({
    id: z.string(),
    title: z.string().optional(),
    format: z.string().optional(),
    model: z.string().optional(),
    outcome: z.string().optional(),
    usage: usageSchema.optional(),
    // Added in v1 after its first release: the run's usage per model (Inspect's model_usage).
    usage_by_model: z.record(z.string(), usageSchema).optional(),
    // Added in v1 after its first release: calls on branches not shown, billed all the same.
    off_branch_calls: z
      .array(
        z.object({
          model: z.string().optional(),
          timestamp: z.number().optional(),
          usage: usageSchema,
        }),
      )
      .optional(),
    meta: jsonObject.optional(),
    steps: z.array(serializedStepSchema),
    children: z
      .array(z.object({ parent_step_id: z.string(), history: serializedHistorySchema }))
      .optional(),
  }),
);

export const NATIVE_FORMAT = 'stepscope';
export const NATIVE_VERSION = 1;

export const nativeFileSchema = z.object({
  format: z.literal(NATIVE_FORMAT),
  version: z.literal(NATIVE_VERSION),
  histories: z.array(serializedHistorySchema),
});
export type NativeFile = z.infer<typeof nativeFileSchema>;
