/**
 * The bundled real examples (public/samples/, provenance in its README.md), one per framework
 * family. A folder example lists its files; they load together like a picked folder.
 */
export interface Sample {
  readonly id: string;
  readonly title: string;
  readonly detail: string;
  /** Paths under /samples/. */
  readonly files: readonly string[];
}

const openHandsEvents = Array.from(
  { length: 14 },
  (_, i) => `openhands-coin-flip/events/${i}.json`,
);

export const SAMPLES: readonly Sample[] = [
  {
    id: 'tau-bench-airline-task3',
    title: 'tau-bench airline task',
    detail: 'OpenAI chat · 30 model calls · 20 tool calls (gpt-4o)',
    files: ['tau-bench-airline-task3.json'],
  },
  {
    id: 'claude-code-subagent',
    title: 'Claude Code session with a sub-agent',
    detail: 'Claude Code JSONL folder · Task → Explore sub-agent, 24 tool calls',
    files: [
      'claude-code-subagent/29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl',
      'claude-code-subagent/subagents/agent-a2271d1.jsonl',
    ],
  },
  {
    id: 'claude-code-compacted',
    title: 'Claude Code session that compacted twice',
    detail: 'Claude Code 2.1.1 JSONL · 220 calls, 2 auto compactions (Opus 4.5)',
    files: ['claude-code-compacted-entireio.jsonl'],
  },
  {
    id: 'smolagents-gaia-gpt-4o',
    title: 'smolagents GAIA benchmark',
    detail: 'smolagents JSONL · 32 runs with answers and token counts',
    files: ['smolagents-gaia-gpt-4o.jsonl'],
  },
  {
    id: 'mini-swe-agent-django-12143',
    title: 'mini-swe-agent on SWE-bench (django-12143)',
    detail: 'mini-swe-agent 1.x · 27 calls, bash commands, usage and cost (Gemini 3 Pro)',
    files: ['mini-swe-agent-django__django-12143.traj.json'],
  },
  {
    id: 'swe-agent-marshmallow-1867',
    title: 'SWE-agent fixing marshmallow #1867',
    detail: 'SWE-agent .traj · 14 commands, a submitted patch',
    files: ['swe-agent-marshmallow-1867.traj'],
  },
  {
    id: 'openhands-coin-flip',
    title: 'OpenHands session',
    detail: 'OpenHands session folder · events/<n>.json with usage and cost',
    files: ['openhands-coin-flip/metadata.json', ...openHandsEvents],
  },
  {
    id: 'strands-langfuse-trace',
    title: 'Strands agent in Langfuse',
    detail: 'Langfuse trace export · per-call usage (Claude Sonnet 4)',
    files: ['strands-langfuse-trace.json'],
  },
  {
    id: 'openai-agents-otel-spans',
    title: 'OpenAI Agents with two specialists',
    detail: 'OpenTelemetry GenAI spans · coordinator and 2 sub-agents',
    files: ['openai-agents-otel-spans.json'],
  },
];

export function findSample(id: string): Sample | undefined {
  return SAMPLES.find((s) => s.id === id);
}
