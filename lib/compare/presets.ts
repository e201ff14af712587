/**
 * Named starting points for a comparison: each framework's context strategy as that framework runs
 * it: its defaults (the strategy files cite their sources), and when and on what it runs.
 * - tinyAgent: seed 004's `ReactAgent(enable_pruning=True)`: every observation recorded as
 *   `result[:MAX_OBS_LEN] + "..."` (500), then `memory.prune(prune_old_observations(prune_keep_last=5))`
 *   after each step, in place.
 * - Strands: `SlidingWindowConversationManager(window_size=40)`: `apply_management` after each
 *   invocation, in place, and `reduce_context` when a request overflows the window.
 * - Claude Code: auto-compaction before a call past the window minus its buffer, in place. Where
 *   it compacts was measured on the real auto compactions of entireio/cli's `entire/checkpoints/v1`
 *   branch (MIT; 127 `compact_boundary` records, some sessions checkpointed more than once, all
 *   claude-opus-4-5; `compactMetadata.preTokens` per `version`, lowest first): versions up to 2.1.20
 *   compact just past 155,000 tokens of a 200k window (window − 45,000: 32,000 reserved for output and a 13,000
 *   buffer), 2.1.25 and later just past 167,000 (window − 33,000). The preset matching a session's
 *   `version` is put beside its compactions.
 * - Anthropic `clear_tool_uses_20250919` with no options: the API edits every request server-side;
 *   the client keeps the full history (stateless, every call). Its documented defaults (platform
 *   docs "Context editing", Configuration options: `trigger` 100,000 input tokens, `keep` 3 tool
 *   uses, `clear_at_least` none) are the strategy's defaults (clear-tool-uses.ts).
 * - Observation masking (Lindenbauer et al. 2025, arXiv 2508.21433): the paper's runs use SWE-agent's
 *   `last_n_observations` with n = 10 (config/default_no_demo_N=1_M=10.yaml in
 *   JetBrains-Research/the-complexity-trap), which `DefaultAgent.messages` applies to the unmodified
 *   history on every query (stateless, every call). Its `polling` option (default 1, unset in the
 *   paper) moves the window every `polling` observations so prompt prefixes stay cached.
 * - Lodha et al. 2026 ("Less Context, Better Agents", arXiv 2606.10209): "context pruned to the last
 *   5 tool call/response pairs". The abstract says no more (what replaces an evicted pair, when it
 *   runs), so the preset is ours: results older than the last 5 tool uses become a placeholder
 *   before every call, calls kept (clear-tool-uses from 0 tokens counts tool uses, not unlinked
 *   observations, as the paper counts pairs).
 * - LangChain `trim_messages` in the model node: applied to the full state before every call.
 * - seed 002: `apply_sliding_window()` after each query, in place.
 * - seed 003: the task history keeps every turn and renders summaries on demand (stateless).
 * - The coding agents' own compactions, each before a call past its threshold, in place (the
 *   parameters are compact-conversation's, which cites each source):
 *   - pi: `contextTokens > contextWindow - reserveTokens` (16,384), keeping the newest 20,000 tokens
 *     (`DEFAULT_COMPACTION_SETTINGS`, packages/coding-agent/docs/compaction.md in badlogic/pi-mono);
 *   - Codex: `auto_compact_token_limit`, 90% of the window by default (`default_auto_compact_limit`,
 *     codex-rs), keeping the user's messages up to 20,000 tokens (`COMPACT_USER_MESSAGE_MAX_TOKENS`,
 *     codex-rs/core/src/compact.rs) before the summary;
 *   - Gemini CLI: past half the window (`DEFAULT_COMPRESSION_TOKEN_THRESHOLD` 0.5, model
 *     `compressionThreshold`), keeping the newest 30% (`COMPRESSION_PRESERVE_THRESHOLD`,
 *     packages/core/src/context/chatCompressionService.ts), measured in characters there, in tokens here;
 *   - Strands `SummarizingConversationManager()`: its defaults when a request overflows the window
 *     (`apply_management` does nothing; `reduce_context` runs on overflow);
 *   - OpenHands `LLMSummarizingCondenser` (condense-events.ts): the SDK's defaults, or the settings
 *     the run's base_state.json records (`agent.condenser`), before every call.
 */
import { DEFAULT_RUN, type RunConfig } from '../simulate/run-config';
import { sameChoice, type StrategyChoice } from './config';

export interface Preset {
  readonly id: string;
  readonly label: string;
  /** Where it comes from, and what is our own choice rather than the source's. */
  readonly description?: string;
  readonly choice: StrategyChoice;
}

const inPlace = (trigger: RunConfig['trigger']): RunConfig => ({ mode: 'in-place', trigger });
/** Where the coding agents check their compaction: before every model call, on what they carry. */
const BEFORE_EVERY_CALL = inPlace({ kind: 'every-call', onOverflow: false });

export const PRESETS: readonly Preset[] = [
  {
    id: 'strands-default',
    label: 'Strands default (window 40, after each invocation)',
    choice: {
      strategyId: 'strands-sliding-window',
      params: { windowSize: 40 },
      run: inPlace({ kind: 'after-invocation', onOverflow: true }),
    },
  },
  {
    id: 'anthropic-clear-tool-uses',
    label: 'Anthropic context editing defaults',
    description:
      'clear_tool_uses_20250919 with no options: past 100,000 input tokens, tool results older than the last 3 tool uses become [cleared] (the placeholder is LangChain’s; Anthropic does not publish its own), clear_at_least off.',
    choice: { strategyId: 'clear-tool-uses', params: {} },
  },
  {
    id: 'observation-masking-m10',
    label: 'Observation masking, M=10 (Lindenbauer et al. 2025)',
    description:
      'The Complexity Trap (arXiv 2508.21433): SWE-agent’s last_n_observations with n = 10 before every call; older observations become "Old environment output: (N lines omitted)".',
    choice: { strategyId: 'observation-masking', params: {} },
  },
  {
    id: 'observation-masking-m10-polling',
    label: 'Observation masking, M=10, window moved every 10 observations (our variant)',
    description:
      'Our variant of Lindenbauer et al. 2025: the same rule with SWE-agent’s own polling = 10 (the paper ran polling 1), so the masked prefix, and the prompt cache, survive 10 observations at a time; 10 to 19 observations stay whole.',
    choice: { strategyId: 'observation-masking', params: { polling: 10 } },
  },
  {
    id: 'lodha-last-5-tool-pairs',
    label: 'Last 5 tool pairs (Lodha et al. 2026, Less Context, Better Agents)',
    description:
      'arXiv 2606.10209 prunes "to the last 5 tool call/response pairs" and says no more: here results older than the last 5 tool uses become [cleared] before every call, the calls and all other messages kept (our reading).',
    choice: { strategyId: 'clear-tool-uses', params: { triggerTokens: 0, keep: 5 } },
  },
  {
    id: 'tinyagent-last-5',
    label: 'tinyAgent (prune_keep_last=5 after each step, MAX_OBS_LEN 500)',
    description:
      'seed 004’s ReactAgent with pruning: every observation recorded cut to 500 characters (MAX_OBS_LEN), then after each step observations older than the last 5 actions cut to 100 characters, in place.',
    choice: {
      strategyId: 'prune-old-observations',
      params: { keepLastN: 5, maxLength: 100, recordMaxLength: 500 },
      run: inPlace({ kind: 'after-step', onOverflow: false }),
    },
  },
  {
    id: 'claude-code-compact',
    label: 'Claude Code auto-compact (2.1.25+, window − 33,000)',
    description:
      'Checked before every call, in place; compacts only once the context passes the window minus 33,000 tokens (measured on Claude Code 2.1.25 and later), everything but the system prompt into one summary.',
    choice: {
      strategyId: 'compact-conversation',
      params: {},
      run: BEFORE_EVERY_CALL,
    },
  },
  {
    id: 'claude-code-compact-2.1.20',
    label: 'Claude Code auto-compact (up to 2.1.20, window − 45,000)',
    description:
      'Checked before every call, in place; compacts only once the context passes the window minus 45,000 tokens (measured on Claude Code up to 2.1.20).',
    choice: {
      strategyId: 'compact-conversation',
      params: { reserveTokens: 45_000 },
      run: BEFORE_EVERY_CALL,
    },
  },
  {
    id: 'pi-compact',
    label: 'pi auto-compaction (window − 16,384, keep newest 20k tokens)',
    description:
      'Checked before every call, in place; compacts only once the context passes the window minus 16,384 tokens, keeping the newest 20,000 tokens.',
    choice: {
      strategyId: 'compact-conversation',
      params: { reserveTokens: 16_384, keepRecentTokens: 20_000 },
      run: BEFORE_EVERY_CALL,
    },
  },
  {
    id: 'codex-compact',
    label: "Codex auto-compaction (90% of the window, keep the user's messages up to 20k)",
    description:
      'Checked before every call, in place; compacts only once the context passes 90% of the window, keeping the user’s messages up to 20,000 tokens.',
    choice: {
      strategyId: 'compact-conversation',
      params: { thresholdShare: 0.9, keepTaskTokens: 20_000 },
      run: BEFORE_EVERY_CALL,
    },
  },
  {
    id: 'gemini-cli-compress',
    label: 'Gemini CLI compression (50% of the window, keep newest 30%)',
    description:
      'Checked before every call, in place; compresses only once the context passes half the window, keeping the newest 30%.',
    choice: {
      strategyId: 'compact-conversation',
      params: { thresholdShare: 0.5, keepRecentShare: 0.3 },
      run: BEFORE_EVERY_CALL,
    },
  },
  {
    id: 'strands-summarizing',
    label: 'Strands summarizing manager (on overflow, ratio 0.3, keep 10)',
    description:
      'Checked before every call, in place; summarizes only a request over the window, the oldest 30% of the messages at a time, the newest 10 kept.',
    choice: {
      strategyId: 'summarizing-window',
      params: {},
      run: inPlace({ kind: 'every-call', onOverflow: true }),
    },
  },
  {
    id: 'openhands-condenser',
    label: 'OpenHands condenser (max_size 240, keep_first 2)',
    description:
      'Checked before every call, in place; condenses only once the view holds more than 240 events or the window, keeping the first 2 events and a tail.',
    choice: {
      strategyId: 'condense-events',
      params: {},
      run: BEFORE_EVERY_CALL,
    },
  },
  {
    id: 'langchain-100k',
    label: 'LangChain trim to 100k',
    choice: { strategyId: 'token-budget', params: { maxTokens: 100_000 } },
  },
  {
    id: 'seed-001-threshold',
    label: 'seed 001 loop (keep last 10 when over 20 steps)',
    choice: {
      strategyId: 'keep-last-n-steps',
      params: { n: 10 },
      run: inPlace({ kind: 'step-count', threshold: 20, onOverflow: false }),
    },
  },
  {
    id: 'seed-002-window',
    label: 'seed 002 sliding window (after each query)',
    choice: {
      strategyId: 'trajectory-sliding-window',
      params: {},
      run: inPlace({ kind: 'after-invocation', onOverflow: false }),
    },
  },
  {
    id: 'plan-step-summaries',
    label: 'plan-step summaries',
    choice: { strategyId: 'summarize-plan-steps', params: {} },
  },
];

/**
 * The preset that models the compaction a format's framework makes, to put beside the compactions
 * a run of that format recorded; none where no preset models it (a model the run did not use is
 * never assumed, nor a framework's behaviour).
 */
const COMPACTION_PRESET_OF_FORMAT: Readonly<Record<string, string>> = {
  'claude-code': 'claude-code-compact',
  pi: 'pi-compact',
  codex: 'codex-compact',
  'gemini-cli': 'gemini-cli-compress',
  'gemini-contents': 'gemini-cli-compress',
  strands: 'strands-summarizing',
  'strands-session': 'strands-summarizing',
  'strands-langfuse': 'strands-summarizing',
  'openhands-v1': 'openhands-condenser',
};

/** Claude Code versions before 2.1.25 reserved 45,000 tokens below the window (see above). */
function claudeCodeBefore2125(version: unknown): boolean {
  const m = typeof version === 'string' ? /^(\d+)\.(\d+)\.(\d+)/.exec(version) : null;
  if (!m) return false;
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return major < 2 || (major === 2 && (minor < 1 || (minor === 1 && patch < 25)));
}

export function compactionPresetFor(history: {
  readonly format?: string;
  readonly meta?: Readonly<Record<string, unknown>>;
}): Preset | undefined {
  const format = history.format ?? '';
  const raw = history.meta?.condenser;
  const condenser =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw)
      ? (raw as Readonly<Record<string, unknown>>)
      : undefined;
  if (
    format === 'openhands-v1' &&
    condenser &&
    condenser.kind === 'LLMSummarizingCondenser' &&
    typeof condenser.max_size === 'number' &&
    typeof condenser.keep_first === 'number'
  )
    // The run records its condenser's settings: the preset is that condenser.
    return {
      id: 'openhands-condenser-recorded',
      label: `OpenHands condenser as this run set it (max_size ${String(condenser.max_size)}, keep_first ${String(condenser.keep_first)})`,
      choice: {
        strategyId: 'condense-events',
        params: { maxSize: condenser.max_size, keepFirst: condenser.keep_first },
        run: BEFORE_EVERY_CALL,
      },
    };
  const id =
    format === 'claude-code' && claudeCodeBefore2125(history.meta?.version)
      ? 'claude-code-compact-2.1.20'
      : COMPACTION_PRESET_OF_FORMAT[format];
  return id === undefined ? undefined : PRESETS.find((p) => p.id === id);
}

/**
 * The preset a choice is, when it is one exactly (same strategy, parameters and run; run in place
 * of the run's own compactions or not), however the choice was written.
 */
export function presetOf(choice: StrategyChoice): Preset | undefined {
  return PRESETS.find((p) => sameChoice(p.choice, choice, { ignoreRecorded: true }));
}

/** A choice run instead of the run's own compactions (`recorded: 'replace'`), beside them. */
export function insteadOfRecorded(choice: StrategyChoice): StrategyChoice {
  return {
    ...choice,
    run: {
      ...(choice.run ?? DEFAULT_RUN),
      recorded: 'replace',
    },
  };
}
