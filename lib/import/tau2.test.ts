/**
 * tau2-bench results: the messages below are the last four turns of the last simulation in
 * sierra-research/tau2-bench `claude-sonnet-4-5_aide-platform_2025-10-31/trajectories/
 * claude-sonnet-4-5_retail_default_gpt4.1_1trials.json` (MIT, 6.4 MB, commit e8163a39d277), with
 * their fields, ids, times, usage and costs as written; shortened: the texts to their first
 * sentence, the product's variants to the one chosen, `raw_data` to the fields read here (thinking
 * signatures and the provider's usage echo dropped). The wrapper (ids, costs, reward) is built here.
 */
import { describe, expect, it } from 'vitest';
import { importText } from './index';

const order =
  '{"name": "Wristwatch", "product_id": "6066914160", "variants": {"9949163720": {"item_id": "9949163720", "options": {"strap material": "leather", "dial color": "black"}, "available": true, "price": 1908.15}}}';
const messages = [
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      {
        id: 'toolu_01S7sHkph14bPRMJtW4XtFiT',
        name: 'get_product_details',
        arguments: { product_id: '6066914160' },
        requestor: 'assistant',
      },
    ],
    turn_idx: 41,
    timestamp: '2025-10-31T07:28:15.928104',
    cost: 0.042165,
    usage: { completion_tokens: 217, prompt_tokens: 12970 },
    raw_data: {
      id: 'msg_01X6cAYyWosuDX1rQYBZ1Arn',
      model: 'claude-sonnet-4-5-20250929',
      thinking_blocks: [
        { type: 'thinking', thinking: 'Great! The laptop modification was successful.' },
      ],
    },
  },
  {
    id: 'toolu_01S7sHkph14bPRMJtW4XtFiT',
    role: 'tool',
    content: order,
    requestor: 'assistant',
    error: false,
    turn_idx: 42,
    timestamp: '2025-10-31T07:28:15.928614',
  },
  {
    role: 'assistant',
    content: 'Excellent! Your laptop has been successfully changed in order #W3730488.',
    tool_calls: null,
    turn_idx: 43,
    timestamp: '2025-10-31T07:28:26.408353',
    cost: 0.049392,
    usage: { completion_tokens: 566, prompt_tokens: 13634 },
    raw_data: { id: 'msg_01SxuzzTqknApNcdJVwXGheH', model: 'claude-sonnet-4-5-20250929' },
  },
  {
    role: 'user',
    content:
      'Yes, please change the watch to the one with the black dial and leather strap, and refund the difference to my gift card. That\u2019s all I need for that order now. Thank you for helping me with everything... I really appreciate it. \n\n###STOP###',
    tool_calls: null,
    turn_idx: 44,
    timestamp: '2025-10-31T07:28:28.362409',
    cost: 0.0031999999999999997,
    usage: { completion_tokens: 53, prompt_tokens: 3020 },
  },
];
const results = (extra: object[] = []) => ({
  timestamp: '2025-10-31T07:00:00',
  info: {
    agent_info: { implementation: 'llm_agent', llm: 'claude-sonnet-4-5-20250929' },
    user_info: { llm: 'gpt-4.1' },
  },
  tasks: [],
  simulations: [
    {
      id: 'sim-1',
      task_id: '7',
      trial: 0,
      termination_reason: 'user_stop',
      agent_cost: 0.091557,
      user_cost: 0.0032,
      reward_info: { reward: 1.0 },
      messages: [...messages, ...extra],
      seed: 626729,
    },
  ],
});

describe('tau2-bench results', () => {
  it('read each simulation as a run: calls linked to results, usage and cost per call, reward as outcome', () => {
    const r = importText(JSON.stringify(results()), 'results.json');
    expect(r.format).toBe('tau-bench-runs');
    expect(r.warnings).toEqual([]);
    const [h] = r.file.histories;
    expect([h?.title, h?.outcome, h?.model, h?.usage]).toEqual([
      'Task 7 · trial 0',
      'reward 1',
      'claude-sonnet-4-5-20250929',
      { costUsd: 0.091557 },
    ]);
    expect(h?.meta).toEqual({ terminationReason: 'user_stop', userCost: 0.0032 });
    expect(h?.steps.map((s) => s.kind)).toEqual(['action', 'action', 'task']);
    const first = h?.steps[0];
    expect(
      first?.kind === 'action' && [first.thought, first.usage, first.toolCalls[0]?.result],
    ).toEqual([
      'Great! The laptop modification was successful.',
      { inputTokens: 12970, outputTokens: 217, costUsd: 0.042165, inputCounts: 'total' },
      order,
    ]);
    expect(h?.steps[1]?.source?.pointer).toBe('/simulations/0/messages/2');
  });

  it("keep the simulated user's own tool calls out of the agent's steps, counting them", () => {
    const userSide = [
      {
        role: 'user',
        content: null,
        tool_calls: [{ id: 'u1', name: 'toggle_airplane_mode', arguments: {}, requestor: 'user' }],
      },
      { id: 'u1', role: 'tool', content: 'Airplane mode is off.', requestor: 'user', error: false },
    ];
    const [h] = importText(JSON.stringify(results(userSide)), 'results.json').file.histories;
    expect(h?.steps).toHaveLength(3);
    expect(h?.meta?.userToolCalls).toBe(1);
  });
});
