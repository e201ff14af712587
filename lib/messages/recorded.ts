/**
 * The `recorded` dialect: each step rendered as the framework that wrote the file sent it, so a
 * replay of `none` is the context the agent really sent (issue 21), with no prefix or wrapper another
 * framework would add. Claude Code, Anthropic Messages and Factory Droid files send Anthropic
 * blocks; Strands its own blocks; smolagents its memory's messages; tinyAgent 0.x and seed 000 step
 * lists seed 000's `Observation: ` messages. Every other format (OpenAI chat and its descendants:
 * mini-swe-agent, SWE-agent, OpenHands, tau-bench, Inspect, Codex, Gemini CLI, Qwen Code, pi, Letta,
 * Aider, OpenTelemetry) is chat-completions shaped, its plain observations sent verbatim as the next
 * user message.
 */
import type { Step } from '../model/types';
import { anthropicUnits, strandsUnits } from './content-blocks';
import { openAIUnits } from './openai';
import { smolagentsUnits } from './smolagents';
import { tinyAgentUnits } from './tinyagent';
import type { Dialect, DialectEntry, MessageUnit } from './types';

/** The framework rendering a step's file used, by the importer's format id. */
const SENT_AS: Readonly<Record<string, Exclude<Dialect, 'recorded' | 'openai'>>> = {
  'claude-code': 'anthropic',
  'anthropic-messages': 'anthropic',
  // Cline and Roo Code send the Messages API (XML tool use read back as tool_use/tool_result).
  cline: 'anthropic',
  // Factory Droid keeps the Anthropic blocks it sends its default (Claude) models.
  droid: 'anthropic',
  strands: 'strands',
  'strands-langfuse': 'strands',
  'strands-session': 'strands',
  smolagents: 'smolagents',
  'seed-steps': 'tinyagent',
  tinyagent: 'tinyagent',
};

/** tinyAgent 1.x run dumps (`/run`, `/events`, `/agent_state_messages`) send chat messages with tool results. */
const TINYAGENT_1X = /^\/(run|events|agent_state_messages)\b/;

/** Which dialect's rendering the step's own framework used (`openai` with verbatim observations otherwise). */
export function sentAs(step: Step): Exclude<Dialect, 'recorded'> {
  const format = step.source?.format ?? '';
  const dialect = SENT_AS[format];
  if (
    dialect === 'tinyagent' &&
    format === 'tinyagent' &&
    TINYAGENT_1X.test(step.source?.pointer ?? '')
  )
    return 'openai';
  return dialect ?? 'openai';
}

export function recordedUnits(step: Step): MessageUnit[] {
  switch (sentAs(step)) {
    case 'anthropic':
      return anthropicUnits(step);
    case 'strands':
      return strandsUnits(step);
    case 'smolagents':
      return smolagentsUnits(step, false);
    case 'tinyagent':
      return tinyAgentUnits(step);
    default:
      return openAIUnits(step, true);
  }
}

export const recordedDialect: DialectEntry = {
  label: 'As sent',
  description: "as the run's own framework sent it (the default): no prefix another framework adds",
  units: recordedUnits,
};
