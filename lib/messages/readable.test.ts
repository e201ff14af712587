import { describe, expect, it } from 'vitest';
import { CASES, importFixture } from '../../test/cases';
import type { JsonValue } from '../model/types';
import { messageStrings } from '../tokens/messages';
import { DIALECTS, toMessages } from './index';
import { readableMessage, type ReadableMessage } from './readable';

/** Every string a person reads in a readable message, arguments as the JSON they encode. */
function shown(m: ReadableMessage): string {
  const json = (v: JsonValue) => (typeof v === 'string' ? v : JSON.stringify(v));
  return [
    m.role,
    ...m.blocks.flatMap((b) =>
      b.kind === 'tool-call'
        ? [b.name, json(b.arguments), b.id ?? '']
        : [b.text, b.kind === 'tool-result' ? (b.id ?? '') : ''],
    ),
  ].join('\n');
}

// A spread of formats: a Claude Code session with sub-agents, tau-bench, SWE-agent, smolagents, OpenHands.
const FIXTURES = CASES.map(([path]) => path).filter((p) =>
  /cc_claude_p_29ccd257|tau-bench|swe-agent|smolagents|openhands/i.test(p),
);

describe('messages as people read them', () => {
  it('covers a spread of real formats', () => expect(FIXTURES.length).toBeGreaterThanOrEqual(4));

  it.each(FIXTURES)('%s: drops nothing the model reads, in every dialect', (path) => {
    const history = importFixture(path).histories[0];
    const steps = history?.steps.slice(0, 80) ?? [];
    expect(steps.length).toBeGreaterThan(0);
    for (const dialect of DIALECTS) {
      for (const message of toMessages(steps, dialect)) {
        const readable = readableMessage(message);
        const text = shown(readable);
        for (const s of messageStrings(message)) {
          // OpenAI's arguments are a JSON string: shown parsed, so compare the value it encodes.
          const value = /^[[{]/.test(s) ? safeParse(s) : undefined;
          expect(
            value === undefined
              ? text.includes(s)
              : text.includes(JSON.stringify(value)) || text.includes(s),
          ).toBe(true);
        }
      }
    }
  });

  it('reads an OpenAI tool call as its name and parsed arguments, and a tool message as a result', () => {
    expect(
      readableMessage({
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'c1',
            type: 'function',
            function: { name: 'get_user_details', arguments: '{"user_id": "sofia_kim_7287"}' },
          },
        ],
      }),
    ).toEqual({
      role: 'assistant',
      blocks: [
        {
          kind: 'tool-call',
          name: 'get_user_details',
          arguments: { user_id: 'sofia_kim_7287' },
          id: 'c1',
        },
      ],
    });
    expect(
      readableMessage({ role: 'tool', content: 'line 1\nline 2', tool_call_id: 'c1' }),
    ).toEqual({
      role: 'tool',
      blocks: [{ kind: 'tool-result', text: 'line 1\nline 2', id: 'c1' }],
    });
    expect(
      readableMessage({
        role: 'user',
        content: [{ toolResult: { toolUseId: 't', status: 'error', content: [{ text: 'boom' }] } }],
      }),
    ).toEqual({
      role: 'user',
      blocks: [{ kind: 'tool-result', text: 'boom', id: 't', isError: true }],
    });
  });
});

function safeParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}
