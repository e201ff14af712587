/**
 * Inspect AI eval logs in JSON (UKGovernmentBEIS/inspect_ai `log/_log.py`, `model/_chat_message.py`;
 * ../shared/fixtures/MANIFEST.md "inspect-ai"): `{version, eval, samples: [{id, epoch, messages,
 * output, scores, model_usage, attachments}]}`. One history per sample. Tool calls name their tool
 * in `function` (a string) with `arguments` as an object; tool messages answer by `tool_call_id` and
 * may carry `error {type, message}`. Large strings are `attachment://<hash>`, resolved from the
 * sample's `attachments`. `.eval` files (zip archives) are inflated into the same value by `eval-zip.ts`.
 */
import { z } from 'zod';
import type { History, Usage } from '../model/types';
import { firstProblem, readRuns, runPlace, type RunRead } from './runs';
import { defineImporter, parsedBy } from './types';
import { ImportError } from '../model/errors';
import { withInputCounts } from './usage-conventions';
import { imagePlaceholder, isRecord, keptArguments, num, StepList, str, usage } from './util';

const chatMessage = z
  .object({ role: z.enum(['system', 'user', 'assistant', 'tool']), content: z.unknown() })
  .passthrough();
// One sample as Inspect writes it; a sample that is not one (no messages, a message of another
// role) is skipped with a warning (runs.ts), not the log.
const sampleSchema = z
  .object({ id: z.union([z.string(), z.number()]), messages: z.array(chatMessage) })
  .passthrough();
const log = z.object({
  eval: z.object({ task: z.string().optional(), model: z.string().optional() }).passthrough(),
  samples: z.array(z.unknown()),
  version: z.number().optional(),
});
// For "looks like an Inspect log, but …" when nothing reads a file: the first sample's problem.
const strictLog = log.extend({ samples: z.array(sampleSchema) });
type Log = z.infer<typeof log>;

/** Replaces `attachment://<hash>` strings anywhere in a value. */
function resolveAttachments(
  value: unknown,
  attachments: Record<string, unknown>,
  missing: Set<string>,
): unknown {
  if (typeof value === 'string') {
    if (!value.startsWith('attachment://')) return value;
    const hash = value.slice('attachment://'.length);
    if (typeof attachments[hash] === 'string') return attachments[hash];
    missing.add(hash);
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => resolveAttachments(v, attachments, missing));
  if (isRecord(value)) return resolveFields(value, attachments, missing);
  return value;
}

/** A record with its attachment references resolved (see `resolveAttachments`). */
function resolveFields(
  record: Record<string, unknown>,
  attachments: Record<string, unknown>,
  missing: Set<string>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([k, v]) => [k, resolveAttachments(v, attachments, missing)]),
  );
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content))
    return content === undefined || content === null ? '' : JSON.stringify(content);
  return content
    .map((b) => {
      if (!isRecord(b)) return str(b);
      if (b.type === 'text') return str(b.text ?? '');
      if (b.type === 'reasoning') return '';
      if (b.type === 'image' && typeof b.image === 'string') {
        const m = /^data:([^;]+);base64,(.*)$/s.exec(b.image);
        return m ? imagePlaceholder(m[1], m[2]?.length) : `[image: ${b.image.slice(0, 80)}]`;
      }
      return `[${str(b.type)}]`;
    })
    .filter((t) => t !== '')
    .join('\n');
}

function reasoningOf(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  const parts = content.flatMap((b) =>
    isRecord(b) && b.type === 'reasoning' ? [str(b.reasoning ?? '')] : [],
  );
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}

/** `0.3.41.dev123+g9ad2119a` → [0, 3, 41]. */
function versionOf(value: unknown): [number, number, number] | undefined {
  const m = typeof value === 'string' ? /^(\d+)\.(\d+)\.(\d+)/.exec(value) : null;
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/**
 * A sample's `model_usage` (one ModelUsage per model) summed. What `input_tokens` counts changed in
 * Inspect 0.3.184 (inspect_ai #3341, `model/_model_output.py`: "Input tokens charged at full rate
 * (excludes cached tokens)"): before it, the Anthropic provider wrote Anthropic's uncached input and
 * the OpenAI, Google and Responses providers the whole prompt (`prompt_tokens`, `prompt_token_count`,
 * `input_tokens`). Models whose counts are totals are made uncached (their cached parts taken out)
 * when they share a sample with uncached ones.
 */
function sampleUsage(
  models: Record<string, unknown>,
  inspect: unknown,
): { total: Usage | undefined; byModel: Record<string, Usage> } {
  const version = versionOf(inspect);
  const normalized =
    version !== undefined &&
    (version[0] > 0 || version[1] > 3 || (version[1] === 3 && version[2] >= 184));
  const rows = Object.entries(models).flatMap(([model, u]) => {
    if (!isRecord(u)) return [];
    const read = num(u.input_tokens_cache_read) ?? 0;
    const write = num(u.input_tokens_cache_write) ?? 0;
    const counts: 'uncached' | 'total' =
      normalized || /^(anthropic|bedrock)\//.test(model) ? 'uncached' : 'total';
    return [{ model, u, read, write, counts, input: num(u.input_tokens) }];
  });
  const byModel: Record<string, Usage> = {};
  for (const r of rows) {
    const own = usage({
      inputTokens: r.input,
      outputTokens: num(r.u.output_tokens),
      totalTokens: num(r.u.total_tokens),
      cacheReadInputTokens: num(r.u.input_tokens_cache_read),
      cacheCreationInputTokens: num(r.u.input_tokens_cache_write),
      costUsd: num(r.u.total_cost),
    });
    if (own) byModel[r.model] = withInputCounts(own, r.counts);
  }
  if (rows.length === 0) return { total: undefined, byModel };
  const mixed = new Set(rows.map((r) => r.counts)).size > 1;
  const sum = (f: (r: (typeof rows)[number]) => number | undefined) =>
    rows.some((r) => f(r) !== undefined) ? rows.reduce((n, r) => n + (f(r) ?? 0), 0) : undefined;
  const fields = usage({
    inputTokens: sum((r) =>
      r.input === undefined || !mixed || r.counts === 'uncached'
        ? r.input
        : Math.max(0, r.input - r.read - r.write),
    ),
    outputTokens: sum((r) => num(r.u.output_tokens)),
    totalTokens: sum((r) => num(r.u.total_tokens)),
    cacheReadInputTokens: sum((r) => num(r.u.input_tokens_cache_read)),
    cacheCreationInputTokens: sum((r) => num(r.u.input_tokens_cache_write)),
    costUsd: sum((r) => num(r.u.total_cost)),
  });
  return {
    total: withInputCounts(fields, mixed ? 'uncached' : (rows[0]?.counts ?? 'total')),
    byModel,
  };
}

function scoreText(scores: unknown): string | undefined {
  if (!isRecord(scores)) return undefined;
  const parts = Object.entries(scores).map(([name, s]) =>
    isRecord(s) ? `${name} ${JSON.stringify(s.value)}` : name,
  );
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** One sample: its messages as steps, its usage, score and target. */
function sampleHistory(l: Log, raw: unknown, si: number, fileName: string): RunRead {
  const parsed = sampleSchema.safeParse(raw);
  if (!parsed.success)
    throw new ImportError(
      `it is not an Inspect sample with chat messages (${firstProblem(parsed.error.issues, `/samples/${si}`)})`,
    );
  const sample = parsed.data;
  const messages = sample.messages;
  const s: Record<string, unknown> = sample;
  const attachments = isRecord(s.attachments) ? s.attachments : {};
  const missing = new Set<string>();
  const list = new StepList({ format: 'inspect-ai', file: fileName });
  let orphans = 0;
  messages.forEach((raw, i) => {
    const m = resolveFields(raw, attachments, missing);
    const pointer = `/samples/${si}/messages/${i}`;
    const body = contentText(m.content);
    if (m.role === 'system') list.add({ kind: 'system-prompt', content: body }, pointer);
    else if (m.role === 'user') list.add({ kind: 'task', task: body }, pointer);
    else if (m.role === 'assistant') {
      const calls = (Array.isArray(m.tool_calls) ? m.tool_calls.filter(isRecord) : []).map(
        (c, j) => ({
          id: str(c.id ?? `call_${j}`),
          name: str(c.function ?? ''),
          arguments: keptArguments(c.arguments),
        }),
      );
      list.addAction(
        {
          toolCalls: calls,
          modelOutput: body,
          thought: reasoningOf(m.content),
          model: typeof m.model === 'string' ? m.model : undefined,
        },
        pointer,
      );
    } else {
      const error = isRecord(m.error)
        ? `${str(m.error.type ?? 'error')}: ${str(m.error.message ?? '')}`
        : undefined;
      const result = error ? `${body}${body ? '\n' : ''}[${error}]` : body;
      if (!list.linkResult(str(m.tool_call_id ?? ''), result, error !== undefined)) {
        // The tool's output stays an observation (what strategies prune), its error beside it.
        orphans++;
        list.addAction({ observation: body, error }, pointer);
      }
    }
  });
  if (orphans > 0)
    list.warn(
      `${orphans} tool message(s) answer no tool call in the sample's messages (the calls were trimmed from the log); kept as observations`,
    );
  if (missing.size > 0)
    list.warn(`${missing.size} attachment reference(s) have no entry in the sample's attachments`);
  const warnings = list.warnings.map((w) => ({
    ...w,
    message: l.samples.length > 1 ? `sample ${str(sample.id)}: ${w.message}` : w.message,
  }));
  const sampled = isRecord(s.model_usage)
    ? sampleUsage(s.model_usage, isRecord(l.eval.packages) ? l.eval.packages.inspect_ai : undefined)
    : undefined;
  const u = sampled?.total;
  // Several models (the solver and a grader): each is priced as itself.
  const usageByModel =
    sampled && Object.keys(sampled.byModel).length > 1 ? sampled.byModel : undefined;
  const target =
    typeof s.target === 'string'
      ? s.target
      : Array.isArray(s.target)
        ? s.target.join(', ')
        : undefined;
  const score = scoreText(s.scores);
  const outcome = [score, target !== undefined ? `target ${target}` : undefined]
    .filter(Boolean)
    .join(' · ');
  const epoch = typeof s.epoch === 'number' ? ` (epoch ${s.epoch})` : '';
  const history: History = {
    id: `sample-${si}`,
    title: `${l.eval.task ?? fileName} · sample ${str(sample.id)}${epoch}`,
    format: 'inspect-ai',
    steps: list.markFinal(),
    ...(l.eval.model ? { model: l.eval.model.replace(/^[^/]+\//, '') } : {}),
    ...(u ? { usage: u } : {}),
    ...(usageByModel ? { usageByModel } : {}),
    ...(outcome ? { outcome } : {}),
  };
  return { history, warnings };
}

export const inspectAiImporter = defineImporter({
  id: 'inspect-ai',
  label: 'Inspect AI eval log',
  near: { sniff: (v) => isRecord(v) && 'eval' in v && 'samples' in v, schema: strictLog },
  detect: (value) => parsedBy(log, value),
  import(l, fileName) {
    if (l.samples.length === 0)
      throw new ImportError('the log has no samples (was it written with --no-log-samples?)');
    const { histories, warnings } = readRuns(
      l.samples,
      (sample, si) => sampleHistory(l, sample, si, fileName),
      (sample, si) =>
        runPlace(
          undefined,
          si,
          isRecord(sample) ? `id ${str(sample.id ?? '?')}` : undefined,
          'sample',
        ),
      fileName,
      (si) => `/samples/${si}`,
    );
    return { file: { histories }, warnings };
  },
});
